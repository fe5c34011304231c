// The connection feature inside a real VS Code, against the run's emulator: tokens are checked
// before they are saved, kept in SecretStorage only, never written to settings or the log, and
// Test Connection reports the three modules.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import { activateExtension, clearEmulatorRequests, emulatorInfo, emulatorRequests, getExtension, waitFor, workspaceFolder } from './helpers';

type Module = 'containers' | 'compilers' | 'problems';
const MODULES: Module[] = ['containers', 'compilers', 'problems'];

interface TestResult {
  module: Module;
  ok: boolean;
  message: string;
  endpoint?: string;
  status?: number;
  action?: string;
}
interface SetTokenOutcome extends TestResult {
  saved: boolean;
}
const WRONG_TOKEN = 'wrong-token-3f9a1c77d2';
// The server's answers to GET /test, per the spec (the emulator follows it).
const WELCOME = /^You can use Sphere Engine (containers|compilers|problems) API\.?$/i;

function byModule<T extends { module: Module }>(items: T[] | undefined): Record<Module, T> {
  assert.ok(items, 'the command returned nothing');
  const map = Object.fromEntries(items.map((item) => [item.module, item])) as Record<Module, T>;
  for (const module of MODULES) assert.ok(map[module], `no result for ${module}`);
  return map;
}

/** Every file below `dir` (missing folders give nothing). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((rel) => path.join(dir, rel))
    .filter((file) => fs.statSync(file).isFile());
}

describe('connection', () => {
  const emulator = emulatorInfo();
  let api: ExtensionTestApi['connection'];

  before(async () => {
    const exported = await activateExtension();
    assert.ok(exported.connection, 'exports.connection missing');
    api = exported.connection;
  });

  // Later suites expect to be signed in to the emulator, whatever happened here.
  after(async () => {
    await vscode.workspace.getConfiguration('sphereEngine').update('compilers.endpoint', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('sphereEngine.configureEndpoints', 'compilers', null);
    await vscode.commands.executeCommand('sphereEngine.setAccessToken', 'all', emulator.token);
  });

  it('starts signed in to all three modules with the emulator token (seeded, no prompt)', async () => {
    for (const module of MODULES) assert.equal(await api.hasToken(module), true, `${module} has no token`);
  });

  it('Test Connection reports all three modules ok against the emulator', async () => {
    await clearEmulatorRequests();
    const results = byModule(await vscode.commands.executeCommand<TestResult[]>('sphereEngine.testConnection'));
    for (const module of MODULES) {
      const result = results[module];
      assert.equal(result.ok, true, `${module}: ${result.message}`);
      assert.match(result.message, WELCOME);
      assert.equal(result.endpoint, `${emulator.origin}/${module}`);
    }
    for (const module of MODULES) assert.equal(api.state(module), 'ok', `${module} state`);
    const bar = api.statusBar();
    assert.equal(bar.text, '$(cloud) Sphere Engine: Local emulator');
    for (const name of ['Containers', 'Compilers', 'Problems']) assert.match(bar.tooltip, new RegExp(`\\$\\(pass\\) ${name}:`));
    const tested = (await emulatorRequests()).filter((r) => r.method === 'GET' && /\/api\/v\d+\/test\b/.test(r.url));
    for (const module of MODULES) {
      assert.ok(
        tested.some((r) => r.url.startsWith(`/${module}/`) && r.status === 200),
        `no successful GET /${module}/…/test`,
      );
    }
  });

  it('Sign Out deletes the tokens, and Test Connection then asks for one', async () => {
    const signedOut = await vscode.commands.executeCommand<Module[]>('sphereEngine.signOut', 'all');
    assert.deepEqual([...(signedOut ?? [])].sort(), [...MODULES].sort());
    for (const module of MODULES) {
      assert.equal(await api.hasToken(module), false, `${module} still has a token`);
      assert.equal(api.state(module), 'signedOut');
    }
    assert.equal(api.statusBar().text, '$(debug-disconnect) Sphere Engine: Local emulator');
    const results = byModule(await api.testConnection());
    for (const module of MODULES) {
      assert.equal(results[module].ok, false);
      assert.equal(results[module].action, 'setToken');
    }
  });

  it('refuses a wrong token with the 401 explanation and stores nothing', async () => {
    await clearEmulatorRequests();
    const single = await vscode.commands.executeCommand<SetTokenOutcome[]>('sphereEngine.setAccessToken', 'containers', WRONG_TOKEN);
    assert.equal(single?.length, 1);
    assert.equal(single[0].saved, false);
    assert.equal(single[0].status, 401);
    const outcomes = byModule(await vscode.commands.executeCommand<SetTokenOutcome[]>('sphereEngine.setAccessToken', 'all', WRONG_TOKEN));
    for (const module of MODULES) {
      const outcome = outcomes[module];
      assert.equal(outcome.saved, false, `${module} saved a wrong token`);
      assert.equal(outcome.status, 401);
      assert.match(outcome.message, /access token was rejected/i);
      assert.equal(await api.hasToken(module), false, `${module} has a token after a rejected one`);
    }
    const tested = (await emulatorRequests()).filter((r) => /\/test\b/.test(r.url));
    assert.ok(tested.length >= 4 && tested.every((r) => r.status === 401), 'the token was not checked with GET /test');
  });

  it('checks and stores the right token', async () => {
    const outcomes = byModule(await vscode.commands.executeCommand<SetTokenOutcome[]>('sphereEngine.setAccessToken', 'all', emulator.token));
    for (const module of MODULES) {
      assert.equal(outcomes[module].saved, true, `${module}: ${outcomes[module].message}`);
      assert.match(outcomes[module].message, WELCOME);
      assert.equal(await api.hasToken(module), true);
      assert.equal(api.state(module), 'ok', 'the test that accepted the token is the module state');
    }
  });

  it('follows a changed endpoint of the active profile at once, and no longer the old setting', async () => {
    // The setting of the versions before profiles was read once, into the first profile: a
    // synced or leftover value must not redirect the active profile's token.
    await vscode.workspace.getConfiguration('sphereEngine').update('compilers.endpoint', 'http://127.0.0.1:1/elsewhere', vscode.ConfigurationTarget.Global);
    let results = byModule(await api.testConnection());
    assert.equal(results.compilers.ok, true, results.compilers.message);
    assert.equal(results.compilers.endpoint, `${emulator.origin}/compilers`);
    // Port 1 on loopback: nothing listens there, so the connection is refused straight away.
    await vscode.commands.executeCommand('sphereEngine.configureEndpoints', 'compilers', 'http://127.0.0.1:1/compilers');
    results = byModule(await api.testConnection());
    assert.equal(results.compilers.ok, false, 'compilers still reached the emulator');
    assert.equal(results.compilers.endpoint, 'http://127.0.0.1:1/compilers');
    assert.equal(results.compilers.status, undefined);
    assert.equal(results.containers.ok, true);
    assert.equal(results.problems.ok, true);
    assert.equal(api.state('compilers'), 'failed');
    assert.equal(api.statusBar().text, '$(warning) Sphere Engine: Local emulator');
    assert.match(api.statusBar().tooltip, /\$\(error\) Compilers:/);

    // Emptied, the built-in emulator profile's endpoint is the emulator's again.
    await vscode.commands.executeCommand('sphereEngine.configureEndpoints', 'compilers', null);
    results = byModule(await api.testConnection());
    assert.equal(results.compilers.ok, true, results.compilers.message);
    assert.equal(results.compilers.endpoint, `${emulator.origin}/compilers`);
  });

  it('Use Local Emulator signs all three modules in', async () => {
    await vscode.commands.executeCommand('sphereEngine.signOut', 'all');
    const outcomes = byModule(await vscode.commands.executeCommand<SetTokenOutcome[]>('sphereEngine.useLocalEmulator', emulator.origin, emulator.token));
    for (const module of MODULES) {
      assert.equal(outcomes[module].saved, true, `${module}: ${outcomes[module].message}`);
      assert.equal(await api.hasToken(module), true);
    }
  });

  it('never writes a token into settings', async () => {
    const properties = Object.keys(getExtension().packageJSON.contributes.configuration.properties as Record<string, unknown>);
    const config = vscode.workspace.getConfiguration();
    for (const key of properties) {
      const shown = JSON.stringify(config.inspect(key) ?? {});
      for (const token of [emulator.token, WRONG_TOKEN]) assert.ok(!shown.includes(token), `setting ${key} holds a token`);
    }
    // The settings files themselves, where the host lets us see them.
    const userSettings = path.resolve(api.globalStorageUri.fsPath, '..', '..', 'settings.json');
    const workspaceSettings = path.join(workspaceFolder().uri.fsPath, '.vscode', 'settings.json');
    // The user file exists once anything was written there. An earlier test may have; when this one
    // runs alone it writes a setting and takes it back, so the file is there to check.
    if (!fs.existsSync(userSettings)) {
      await config.update('sphereEngine.workspaceFiles.pollIntervalSeconds', 5, vscode.ConfigurationTarget.Global);
      await config.update('sphereEngine.workspaceFiles.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.ok(fs.existsSync(userSettings), `user settings not found at ${userSettings}`);
    for (const file of [userSettings, workspaceSettings]) {
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const token of [emulator.token, WRONG_TOKEN]) assert.ok(!text.includes(token), `${file} holds a token`);
    }
  });

  it('logs requests and activation without ever printing a token', async () => {
    // A request of its own, so the test does not depend on one an earlier test made.
    // Right after activation when run alone: it also checks that Test Connection waits for the
    // profiles to load instead of reporting them missing.
    for (const result of await api.testConnection()) assert.ok(result.ok, `${result.module}: ${result.message}`);
    // The log channel's file sits in the extension's log folder; the host decides the exact name.
    const logDir = api.logUri.fsPath;
    const logText = await waitFor(
      () => {
        const text = [...filesUnder(logDir), ...filesUnder(path.dirname(logDir)).filter((f) => /sphere/i.test(f))]
          .filter((file) => file.endsWith('.log'))
          .map((file) => fs.readFileSync(file, 'utf8'))
          .join('\n');
        return /\/containers\/api\/v1\/test\?access_token=\*\*\*/.test(text) && /activated in [\d.]+ ms/.test(text) ? text : undefined;
      },
      { what: `the Sphere Engine log under ${logDir} with request lines`, timeoutMs: 20_000 },
    );
    assert.match(logText, /GET http:\/\/127\.0\.0\.1:\d+\/containers\/api\/v1\/test\?access_token=\*\*\*/);
    for (const token of [emulator.token, WRONG_TOKEN]) assert.ok(!logText.includes(token), 'the log contains a token');
  });
});
