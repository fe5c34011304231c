// The emulator as `npm run emulator` starts it: no well-known token (a random one per data
// directory, private to the user, kept across restarts, new after --fresh), no test hooks unless
// asked for, and a plain warning when programs would run without a sandbox.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isPrivate, startEmulatorProcess, stopEmulatorProcess, type EmulatorProcess } from './emulator-process';

describe('faults: emulator start-up (token, hooks, sandbox warning)', function () {
  this.timeout(60_000);
  let dir: string;
  const running: EmulatorProcess[] = [];
  const startWith = async (env: NodeJS.ProcessEnv, ...args: string[]) => {
    const emu = await startEmulatorProcess(['--data', path.join(dir, 'data'), ...args], env);
    running.push(emu);
    return emu;
  };
  const start = (...args: string[]) => startWith(process.env, ...args);
  const stopAll = () => Promise.all(running.splice(0).map(stopEmulatorProcess));
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-emu-start-'));
  });
  afterEach(async () => {
    await stopAll();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('makes a random token for its data directory, keeps it private and across restarts; --fresh makes a new one', async () => {
    const first = await start();
    assert.notEqual(first.token, 'emulator-dev-token');
    assert.match(first.token, /^[A-Za-z0-9_-]{32}$/);
    const file = path.join(dir, 'data', 'access-token');
    assert.equal(fs.readFileSync(file, 'utf8').trim(), first.token);
    assert.ok(isPrivate(file), 'the token file is readable only by its owner (0600)');
    assert.match(first.banner, /Token file: .*access-token {3}\(new/);
    assert.equal((await fetch(`${first.endpoints.compilers}/api/v4/test?access_token=${first.token}`)).status, 200);
    assert.equal((await fetch(`${first.endpoints.compilers}/api/v4/test?access_token=emulator-dev-token`)).status, 401);
    // Beside it, kept the same way, a token without write access (emulator/http/read-only.ts).
    const readOnlyFile = path.join(dir, 'data', 'access-token-read-only');
    assert.match(first.readOnlyToken, /^[A-Za-z0-9_-]{32}$/);
    assert.notEqual(first.readOnlyToken, first.token);
    assert.equal(fs.readFileSync(readOnlyFile, 'utf8').trim(), first.readOnlyToken);
    assert.ok(isPrivate(readOnlyFile), 'the read-only token file is private too');
    assert.match(first.banner, /Read-only token: .*\n\s*Read-only token file: .*access-token-read-only/);
    assert.equal((await fetch(`${first.endpoints.problems}/api/v4/problems?access_token=${first.readOnlyToken}`)).status, 200);
    assert.equal((await fetch(`${first.endpoints.problems}/api/v4/problems?access_token=${first.readOnlyToken}`, { method: 'POST' })).status, 403);
    await stopAll();

    fs.chmodSync(file, 0o644);
    const again = await start();
    assert.equal(again.token, first.token, 'the same data directory keeps its token');
    assert.equal(again.readOnlyToken, first.readOnlyToken, 'and its read-only token');
    assert.ok(isPrivate(file), 'a token file that lost its mode is made private again');
    await stopAll();

    const fresh = await start('--fresh');
    assert.notEqual(fresh.token, first.token);
    assert.notEqual(fresh.readOnlyToken, first.readOnlyToken);
  });

  it('serves no test hooks unless started with --test-hooks', async () => {
    const plain = await start();
    const hook = (emu: EmulatorProcess) => fetch(`${emu.origin}/__emulator/requests`, { headers: { authorization: `Bearer ${emu.token}` } });
    assert.equal((await hook(plain)).status, 404);
    await stopAll();
    const testing = await start('--test-hooks');
    assert.equal((await hook(testing)).status, 200);
    const readOnlyHook = await fetch(`${testing.origin}/__emulator/requests`, { headers: { authorization: `Bearer ${testing.readOnlyToken}` } });
    assert.equal(readOnlyHook.status, 401, 'the test hooks take the start token only, never the read-only one');
  });

  it('says plainly when programs run unsandboxed, in the banner and the ready line', async () => {
    const emu = await start('--sandbox', 'none');
    assert.equal(emu.sandboxed, false);
    assert.match(emu.warning ?? '', /programs run UNSANDBOXED, as \S+, with your files and network/);
    assert.match(emu.banner, /WARNING: +programs run UNSANDBOXED/);
  });

  it('says which languages it found and how to add one, and once, plainly, when limits fall back to Node (no python3)', async () => {
    const full = await start();
    const ready = full as EmulatorProcess & { languages: string[]; missingLanguages: string[]; addLanguage: string; limits: string; limitsNote?: string };
    assert.ok(
      ready.languages.some((l) => /^Python 3 \(CPython \d/.test(l)),
      ready.languages.join(', '),
    );
    assert.equal(ready.limits, 'python3');
    assert.equal(ready.limitsNote, undefined);
    assert.match(full.banner, /Languages: {2}.*Python 3/);
    await stopAll();

    // A PATH without python3 (nor any toolchain): the emulator still starts, with the Node monitor.
    // Nor bwrap: as root it would refuse to start without being told `--sandbox none` (SECURITY.md).
    const empty = path.join(dir, 'empty-path');
    fs.mkdirSync(empty);
    const bare = (await startWith({ ...process.env, PATH: empty }, ...(process.getuid?.() === 0 ? ['--sandbox', 'none'] : []))) as typeof ready;
    assert.equal(bare.limits, 'node');
    assert.match(bare.limitsNote ?? '', /python3 was not found.*CPU time is sampled every 25 ms.*install python3/);
    assert.deepEqual(bare.languages, []);
    assert.ok(bare.missingLanguages.includes('Python 3'));
    assert.match(bare.addLanguage, /on PATH, then restart the emulator/);
    assert.equal(bare.banner.split('python3 was not found').length - 1, 1, `said once:\n${bare.banner}`);
  });
});
