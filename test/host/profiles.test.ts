// Connection profiles in a real VS Code, against the run's emulator: the settings and tokens of
// the versions before profiles become the first profile with nothing to redo; each profile keeps
// its own tokens (a token never moves to another profile); switching changes what every module
// talks to at once, and a submission already running finishes against the profile it was sent to.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ApiModule } from '../../src/api';
import { Connection } from '../../src/connection/connection';
import { addProfileCommand, removeProfileCommand } from '../../src/features/connection/profile-commands';
import { PROFILES_KEY, SIGNED_OUT_KEY } from '../../src/connection/profile-store';
import type { ProfilesState } from '../../src/connection/profiles';
import { legacyTokenSecretKey, TokenStore, tokenSecretKey } from '../../src/connection/token-store';
import type { SubmissionEntry } from '../../src/features/containers/history/store';
import { activateExtension, clearEmulatorRequests, emulatorInfo, emulatorRequests, MemoryMemento, MemorySecrets, recordingLog, setEmulatorTokens, waitFor } from './helpers';

const MODULES: ApiModule[] = ['containers', 'compilers', 'problems'];
const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'containers');
const PYTHON_PROJECT = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';
const STAGING_TOKEN = 'staging-token-5d1e0b7a93';

interface Api {
  connection: {
    hasToken(module: ApiModule): Promise<boolean>;
    testConnection(): Promise<Array<{ module: ApiModule; ok: boolean; message: string; status?: number; action?: string }>>;
    statusBar(): { text: string; tooltip: string };
    profiles(): ProfilesState;
  };
  containersSubmit: { outputText(): string; submissions: { getChildren(): SubmissionEntry[] } };
}

const run = <T = ProfilesState>(command: string, ...args: unknown[]) => vscode.commands.executeCommand<T>(command, ...args);

describe('connection profiles', () => {
  const emulator = emulatorInfo();
  const endpointsOnEmulator = Object.fromEntries(MODULES.map((m) => [m, `${emulator.origin}/${m}`]));
  let api: Api;

  before(async () => {
    api = await activateExtension<Api>();
  });

  // Later suites expect the emulator profile, signed in.
  after(async () => {
    const { profiles } = api.connection.profiles();
    await run('sphereEngine.profiles.switch', 'Local emulator');
    for (const p of profiles) if (p.name !== 'Local emulator') await run('sphereEngine.profiles.remove', p.id);
  });

  it('turns the endpoint settings and tokens of earlier versions into the first profile, tokens working', async () => {
    const config = vscode.workspace.getConfiguration('sphereEngine');
    const secrets = new MemorySecrets();
    const state = new MemoryMemento();
    for (const module of MODULES) {
      await config.update(`${module}.endpoint`, endpointsOnEmulator[module], vscode.ConfigurationTarget.Global);
      await secrets.store(legacyTokenSecretKey(module), emulator.token);
    }
    await state.update('sphereEngine.signedOutModules', ['problems']);
    const tokens = new TokenStore(secrets);
    // No emulator announced: the profile comes from the settings alone, as a user's would.
    const connection = new Connection(tokens, state, recordingLog(), undefined);
    try {
      await connection.ready;
      const { profiles, activeId } = connection.profiles();
      assert.equal(profiles.length, 1);
      const [first] = profiles;
      assert.equal(first.id, activeId);
      assert.equal(first.name, 'Default');
      assert.deepEqual(first.endpoints, endpointsOnEmulator);
      assert.deepEqual(state.get(PROFILES_KEY), connection.profiles(), 'the profiles are kept for the next start');
      assert.ok(!JSON.stringify(state.get(PROFILES_KEY)).includes(emulator.token), 'a token in the profiles list');
      assert.deepEqual(state.get(SIGNED_OUT_KEY), { [first.id]: ['problems'] });
      for (const module of MODULES) {
        assert.equal(await secrets.get(legacyTokenSecretKey(module)), undefined, `the old ${module} token was left behind`);
        assert.equal(await secrets.get(tokenSecretKey(first.id, module)), emulator.token);
        const test = await connection.test(module);
        assert.equal(test.ok, true, `${module}: ${test.message}`);
        assert.equal(test.endpoint, endpointsOnEmulator[module]);
      }
      // Removing a profile deletes its tokens from the keychain, not only its name from the list.
      await addProfileCommand(connection, 'Other', {});
      await removeProfileCommand(connection, first.id);
      assert.deepEqual(await secrets.keys(), [], 'a removed profile left tokens behind');
    } finally {
      connection.dispose();
      tokens.dispose();
      for (const module of MODULES) await config.update(`${module}.endpoint`, undefined, vscode.ConfigurationTarget.Global);
      // Our Connection set the signed-in context keys: the extension's own says them again.
      await run('sphereEngine.profiles.switch', api.connection.profiles().activeId);
    }
  });

  it('follows a profile added and switched to in another window when this one gets the focus back', async () => {
    const secrets = new MemorySecrets();
    const state = new MemoryMemento();
    const tokens = new TokenStore(secrets);
    const connection = new Connection(tokens, state, recordingLog(), emulatorInfo());
    try {
      await connection.ready;
      assert.equal(await connection.followOtherWindows(), false, 'nothing changed elsewhere');
      // Another window writes the shared globalState: a new profile, made active there.
      const before = connection.profiles();
      const staging = { id: 'p-elsewhere', name: 'Staging', endpoints: { containers: 'staging1', compilers: 'staging1', problems: 'staging1' } };
      await state.update(PROFILES_KEY, { profiles: [...before.profiles, staging], activeId: staging.id });
      const seen: string[] = [];
      connection.onDidChangeProfiles(() => seen.push(connection.profiles().activeId));
      assert.equal(await connection.followOtherWindows(), true);
      assert.deepEqual(seen, ['p-elsewhere']);
      assert.deepEqual(
        connection
          .profiles()
          .profiles.map((p) => p.name)
          .sort(),
        ['Local emulator', 'Staging'],
      );
      // Its tokens are its own: none here yet, so nothing is sent with another profile's.
      assert.equal(await connection.hasToken('problems'), false);
      assert.equal(await connection.followOtherWindows(), false, 'followed once, not again');
      // VS Code may hand a window an older copy of its own globalState for a moment: a list this
      // window wrote itself is never taken for another window's change (the new profile stays).
      await state.update(PROFILES_KEY, before);
      assert.equal(await connection.followOtherWindows(), false, 'an old list of its own was taken for a change');
      assert.equal(connection.profiles().activeId, 'p-elsewhere');
    } finally {
      connection.dispose();
      tokens.dispose();
      await run('sphereEngine.profiles.switch', api.connection.profiles().activeId);
    }
  });

  it("keeps tokens with their profile: a new one on the same endpoints has none, sends none, never uses another's", async () => {
    assert.match(api.connection.statusBar().text, /Sphere Engine: Local emulator$/);
    const added = await run('sphereEngine.profiles.add', 'Staging', endpointsOnEmulator);
    assert.equal(added.profiles.find((p) => p.id === added.activeId)?.name, 'Staging', 'the new profile is active');
    assert.match(api.connection.statusBar().text, /^\$\(debug-disconnect\) Sphere Engine: Staging$/);
    assert.match(api.connection.statusBar().tooltip, /profile \*\*Staging\*\*/);
    for (const module of MODULES) assert.equal(await api.connection.hasToken(module), false, `${module}: a token followed the switch`);

    await clearEmulatorRequests();
    for (const result of await api.connection.testConnection()) {
      assert.equal(result.ok, false);
      assert.equal(result.action, 'setToken');
      assert.match(result.message, /No access token is set for Sphere Engine \w+ in the connection profile "Staging"/);
    }
    const tests = (await emulatorRequests()).filter((r) => /\/test\b/.test(r.url));
    assert.deepEqual(tests, [], 'a request went out without a token of this profile');

    // Staging signs in with a token of its own, which the service then revokes: Staging's calls get
    // the 401 explanation while the emulator profile's token (the one still valid) stays unused.
    await setEmulatorTokens([emulator.token, STAGING_TOKEN]);
    try {
      const saved = await run<Array<{ saved: boolean }>>('sphereEngine.setAccessToken', 'all', STAGING_TOKEN);
      assert.ok(
        saved.every((outcome) => outcome.saved),
        'the Staging token was not saved',
      );
      await setEmulatorTokens([emulator.token]);
      for (const result of await api.connection.testConnection()) {
        assert.equal(result.ok, false, `${result.module} reached the service with another profile's token`);
        assert.equal(result.status, 401);
        assert.match(result.message, /access token was rejected/i);
      }
    } finally {
      await setEmulatorTokens([emulator.token]);
    }
    await run('sphereEngine.profiles.rename', 'Staging', 'Staging EU');
    for (const module of MODULES) assert.equal(await api.connection.hasToken(module), true, 'renaming lost a token');
    // Signed out of Staging: the emulator profile's tokens are untouched.
    await run('sphereEngine.signOut', 'all');
    await run('sphereEngine.profiles.switch', 'Local emulator');
    assert.match(api.connection.statusBar().text, /Sphere Engine: Local emulator$/);
    for (const result of await api.connection.testConnection()) assert.equal(result.ok, true, `${result.module}: ${result.message}`);

    // Removed, its tokens go with it: a profile of the same name is a new one, without them.
    await run('sphereEngine.profiles.switch', 'Staging EU');
    await run('sphereEngine.setAccessToken', 'containers', emulator.token);
    const removed = await run('sphereEngine.profiles.remove', 'Staging EU');
    assert.deepEqual(
      removed.profiles.map((p) => p.name),
      ['Local emulator'],
    );
    await run('sphereEngine.profiles.add', 'Staging EU', endpointsOnEmulator);
    assert.equal(await api.connection.hasToken('containers'), false, 'a removed profile left its token to a new one');
    await run('sphereEngine.profiles.switch', 'Local emulator');
  });

  it('lets a running submission finish against the profile it was sent to, through an HTTP setting change, and its entry says which', async () => {
    await run('sphereEngine.profiles.add', 'Elsewhere', endpointsOnEmulator);
    await run('sphereEngine.profiles.switch', 'Local emulator');
    const sentAfter = Date.now();
    const outcome = run<{ statusCode?: number; error?: string; id?: number }>('sphereEngine.containers.submitFolder', vscode.Uri.file(path.join(FIXTURES, 'ok')), {
      projectId: PYTHON_PROJECT,
      scenario: '',
      confirm: false,
    });
    const entry = await waitFor(() => api.containersSubmit.submissions.getChildren().find((e) => e.sentAt >= sentAfter && e.executing), {
      what: 'the submission sent and waiting',
      timeoutMs: 30_000,
    });
    // Changing an HTTP setting rebuilds the clients too: the one following the submission must
    // not be closed under it (it was, and the next poll was refused).
    const http = vscode.workspace.getConfiguration('sphereEngine.http');
    await http.update('retries', 3, vscode.ConfigurationTarget.Global);
    await run('sphereEngine.profiles.switch', 'Elsewhere');
    await http.update('retries', undefined, vscode.ConfigurationTarget.Global);
    const done = await outcome;
    assert.equal(done.statusCode, 15, done.error);
    const finished = api.containersSubmit.submissions.getChildren().find((e) => e.id === entry.id);
    assert.equal(finished?.profile, 'Local emulator');
    assert.equal(finished?.executing, false);
    assert.match(api.containersSubmit.outputText(), new RegExp(`Submission ${entry.id} sent to .* with profile "Local emulator" \\(${emulator.origin}/containers\\)`));
    await run('sphereEngine.profiles.switch', 'Local emulator');
  });
});
