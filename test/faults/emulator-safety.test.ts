// Emulator safety over HTTP: loopback only; paths, archives and links that leave their folder are
// refused; programs that fork, eat memory or write without end are stopped and the emulator keeps
// serving. Covered elsewhere and not repeated here (see RELIABILITY.md): workspace path escapes
// (test/emulator/containers-files.test.ts), Containers archive escapes
// (test/emulator/containers-submissions.test.ts), runner limits (test/emulator/runner.test.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { runningWorkspace, tarGz } from '../emulator/containers-support';
import { json } from '../emulator/harness';
import { sleep, startTestEmulator, type TestEmulator } from './support';

const PYTHON = 116;

/** The first non-loopback IPv4 address of this machine, if it has one. */
function externalAddress(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

function tryConnect(host: string, port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });
}

describe('faults: emulator safety', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  before(async () => {
    // Even when asked for every interface, the emulator binds loopback only.
    emu = await startTestEmulator({ host: '0.0.0.0' });
  });
  after(() => emu.close());

  const post = (body: Record<string, unknown>) =>
    fetch(emu.url('compilers', '/submissions'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function runToEnd(body: Record<string, unknown> | FormData): Promise<any> {
    const res = body instanceof FormData ? await fetch(emu.url('compilers', '/submissions'), { method: 'POST', body }) : await post(body);
    const created = await json(res);
    assert.equal(res.status, 201, JSON.stringify(created));
    for (let i = 0; i < 600; i++) {
      const sub = await json(await fetch(emu.url('compilers', `/submissions/${created.id}`)));
      if (!sub.executing) return sub;
      await sleep(200);
    }
    assert.fail(`submission ${created.id} never finished`);
  }

  /** The emulator still answers, and still runs a normal program to the end. */
  async function stillServing(): Promise<void> {
    const test = await fetch(emu.url('compilers', '/test'));
    assert.equal(test.status, 200);
    const sub = await runToEnd({ compilerId: PYTHON, source: 'print("still fine")' });
    assert.equal(sub.result.status.code, 15);
    assert.equal(await (await fetch(sub.result.streams.output.uri)).text(), 'still fine\n');
  }

  it('listens on 127.0.0.1 only: another address of this machine is refused', async function () {
    const address = new URL(emu.origin);
    assert.equal(address.hostname, '127.0.0.1');
    const external = externalAddress();
    if (!external) this.skip();
    const outcome = await tryConnect(external!, Number(address.port));
    assert.notEqual(outcome, 'connected', `the emulator answered on ${external}`);
  });

  it('refuses workspace paths that escape in every spelling, writing nothing outside', async () => {
    const ws = await runningWorkspace(emu);
    assert.equal(ws.state.code, 2);
    const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
    const escapes = ['/home/user/workspace/../../../etc/passwd', 'a/../../etc/passwd', '/home/user/../user/.bashrc', './../x', 'dir/\u0000/x'];
    for (const p of escapes) {
      const res = await fetch(emu.url('containers', `/workspaces/${ws.id}/files/${encodeURIComponent(b64(p))}`));
      assert.ok(res.status >= 400 && res.status < 500, `${JSON.stringify(p)} answered ${res.status}`);
      const body = await json(res);
      assert.ok([1101, 1102, 1105].includes(body.error_code), `${JSON.stringify(p)}: ${JSON.stringify(body)}`);
    }
    const form = new FormData();
    form.set('filepath', '/home/user/workspace/../../escaped.txt');
    form.set('filedata', new Blob(['x']), 'x');
    const up = await fetch(emu.url('containers', `/workspaces/${ws.id}/files`), { method: 'POST', body: form });
    assert.equal(up.status, 400);
    const wsRoot = path.join(emu.dataDir, 'containers', 'workspaces', ws.id);
    assert.ok(!fs.existsSync(path.join(wsRoot, 'escaped.txt')) && !fs.existsSync(path.join(wsRoot, '..', 'escaped.txt')));
  });

  it('a Compilers source archive cannot escape its folder or smuggle a link out', async () => {
    const marker = `escaped-${process.pid}-${Date.now()}.txt`;
    const archive = tarGz([
      { path: `../../${marker}`, data: 'outside' },
      { path: 'link', type: 'symlink', linkpath: '/etc/passwd' },
      { path: 'prog.py', data: 'import os\nprint("link" if os.path.exists("link") else "no link")\nprint(open("link").read()[:4] if os.path.exists("link") else "")\n' },
    ]);
    const form = new FormData();
    form.set('compilerId', String(PYTHON));
    form.set('source', new Blob([new Uint8Array(archive)]), 'source.tar.gz');
    const res = await fetch(emu.url('compilers', '/submissions'), { method: 'POST', body: form });
    if (res.status === 201) {
      const { id } = await json(res);
      let sub: any;
      for (let i = 0; i < 300; i++) {
        sub = await json(await fetch(emu.url('compilers', `/submissions/${id}`)));
        if (!sub.executing) break;
        await sleep(200);
      }
      const out = sub.result.streams.output ? await (await fetch(sub.result.streams.output.uri)).text() : '';
      assert.ok(!out.includes('root'), `the program read /etc/passwd through the link: ${out}`);
    } else {
      // Refusing the whole archive is just as safe: it must be a clear 4xx.
      assert.equal(res.status, 400);
      assert.ok((await json(res)).message.length > 10);
    }
    for (const dir of [os.tmpdir(), path.dirname(os.tmpdir()), emu.dataDir, path.dirname(emu.dataDir)]) {
      assert.ok(!fs.existsSync(path.join(dir, marker)), `${marker} was written into ${dir}`);
    }
  });

  it('an output file that is a link out of the run directory is not brought back', async () => {
    const sub = await runToEnd({
      compilerId: PYTHON,
      source: 'import os\nos.symlink("/etc/passwd", "leak.txt")\nopen("ok.txt", "w").write("fine")\nprint("done")',
      output_filenames: 'leak.txt;ok.txt',
    });
    assert.equal(sub.result.status.code, 15);
    const archive = Buffer.from(await (await fetch(sub.result.streams.output.uri)).arrayBuffer());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-out-'));
    try {
      const file = path.join(dir, 'o.tar.gz');
      fs.writeFileSync(file, archive);
      const tar = await import('tar');
      const names: string[] = [];
      await tar.t({ file, onReadEntry: (e) => names.push(e.path) });
      assert.ok(names.includes('ok.txt'), `entries: ${names}`);
      assert.ok(!names.includes('leak.txt'), `the link came back: ${names}`);
      assert.ok(!archive.toString('latin1').includes('root:x:0'), '/etc/passwd content in the archive');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops a program that forks without end, then keeps serving', async () => {
    const sub = await runToEnd({ compilerId: PYTHON, source: 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n', timeLimit: 3 });
    assert.notEqual(sub.result.status.code, 15, 'the bomb must not count as accepted');
    assert.ok([12, 13, 17, 20].includes(sub.result.status.code), `status ${JSON.stringify(sub.result.status)}`);
    await stillServing();
  });

  it('stops a program that eats memory (17), then keeps serving', async () => {
    const sub = await runToEnd({
      compilerId: PYTHON,
      source: 'chunks = []\nwhile True:\n    chunks.append(bytearray(16 * 1024 * 1024))\n    for i in range(0, len(chunks[-1]), 4096): chunks[-1][i] = 1\n',
      memoryLimit: 65536,
      timeLimit: 10,
    });
    assert.equal(sub.result.status.code, 17, JSON.stringify(sub.result.status));
    await stillServing();
  });

  it('stops a program that writes without end (to stdout and to a file), then keeps serving', async () => {
    const toStdout = await runToEnd({ compilerId: PYTHON, source: 'import sys\nwhile True:\n    sys.stdout.write("x" * 65536)\n', timeLimit: 20 });
    assert.notEqual(toStdout.result.status.code, 15);
    assert.ok(toStdout.result.time < 20, 'stopped by the output cap, not only by the clock');
    const output = await fetch(toStdout.result.streams.output.uri);
    assert.ok(Buffer.from(await output.arrayBuffer()).length <= 16 * 1024 * 1024, 'output capped at 16 MiB');
    const toFile = await runToEnd({ compilerId: PYTHON, source: 'f = open("big.bin", "wb")\nwhile True:\n    f.write(b"x" * 1048576)\n', timeLimit: 20 });
    assert.notEqual(toFile.result.status.code, 15);
    await stillServing();
  });
});
