// Reusing a recorded local emulator (issue 26 item 21): only a pid that is this user's emulator on
// that data directory (read from /proc), and only once the origin proved it knows the token,
// which is never sent. Before, any pid for which kill(pid, 0) said EPERM passed, and the token went
// to whatever answered on the recorded port.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeInstance } from '../../../src/core/local-emulator/instance-file';
import { LocalEmulator } from '../../../src/core/local-emulator';
import { isOwnEmulator, processFacts } from '../../../src/core/local-emulator/process-owner';

describe('local emulator: which recorded emulator may be reused', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'se-reuse-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('knows a process of this user running emulator.js on the data directory, and nothing else', async function () {
    if (process.platform !== 'linux') this.skip();
    const script = path.join(root, 'emulator.js');
    fs.writeFileSync(script, 'setTimeout(() => {}, 60000);');
    const dataDir = path.join(root, 'data');
    const child = spawn(process.execPath, [script, '--port', '0', '--data', dataDir], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const facts = processFacts(child.pid!);
      assert.equal(facts.uid, process.getuid!());
      assert.equal(isOwnEmulator(facts, dataDir), true);
      assert.equal(isOwnEmulator(facts, path.join(root, 'other-data')), false, 'another data directory');
      assert.equal(isOwnEmulator(facts, dataDir, process.getuid!() + 1), false, 'another user');
      // This very process (mocha) is no emulator; pid 1 is not one either.
      assert.equal(isOwnEmulator(processFacts(process.pid), dataDir), false);
      assert.equal(isOwnEmulator(processFacts(1), dataDir), false);
      // A process another user owns: it exists, but this user may not signal it.
      assert.equal(isOwnEmulator({ signalable: false, uid: 0, argv: ['node', script, '--data', dataDir] }, dataDir), false);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('never sends the token to what answers on the recorded port, and does not reuse what fails the challenge', async () => {
    const seen: Array<{ method?: string; url?: string; authorization?: string }> = [];
    const impostor = http.createServer((req, res) => {
      seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
      res.setHeader('content-type', 'application/json');
      res.end('{"proof":"nope"}');
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
    const storageDir = path.join(root, 'storage');
    const dataDir = path.join(storageDir, 'data');
    fs.mkdirSync(dataDir, { recursive: true });
    const token = 'data-directory-token-0123456789';
    fs.writeFileSync(path.join(dataDir, 'access-token'), token);
    writeInstance(storageDir, { origin, pid: process.pid, dataDir, sandboxed: true, languages: [], missingLanguages: [] });
    const emulator = new LocalEmulator({
      script: path.join(root, 'missing-emulator.js'),
      storageDir,
      onUnexpectedExit: () => undefined,
      // Whatever the pid is, say it is this user's emulator: the challenge alone must refuse it.
      processFacts: () => ({ signalable: true, uid: process.getuid?.(), argv: ['node', 'emulator.js', '--data', dataDir] }),
    });
    try {
      await assert.rejects(emulator.start(), /bundle .* is missing/, 'not reused: it went on to start its own');
    } finally {
      await new Promise((resolve) => impostor.close(resolve));
    }
    assert.equal(seen.length, 1);
    assert.equal(seen[0].method, 'POST');
    assert.match(seen[0].url ?? '', /^\/__emulator\/challenge\?nonce=[0-9a-f]{64}$/);
    assert.equal(seen[0].authorization, undefined);
    assert.equal(JSON.stringify(seen).includes(token), false, 'the token reached the impostor');
  });
});
