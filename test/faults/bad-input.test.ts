// Bad input through our clients and core: broken server answers, awkward file names, a huge
// listing, sizes around 16 MiB, awkward archives and invalid settings. Each ends in a clear
// message (or works), and leaves nothing half done.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as tar from 'tar';
import { CompilersClient, MAX_TRANSFER_BYTES, normaliseEndpoint, SphereApiError } from '../../src/api';
import { PackError, packFolder, unpackTarGz } from '../../src/core/packer';
import { checkLimits, checkPayloadSizes, limitsFromSettings } from '../../src/core/compilers';
import { b64, runningWorkspace, tarGz } from '../emulator/containers-support';
import { useScratch } from '../scratch';
import { messages, watchUncaught } from '../unit/api/uncaught';
import { apiError, assertUserFacing, clearFaults, clearRequests, clients, requests, setFaults, startTestEmulator, TOKEN, type ClientKit, type TestEmulator } from './support';

const MiB = 1024 * 1024;

describe('faults: bad input', function () {
  this.timeout(180_000);
  let emu: TestEmulator;
  let kit: ClientKit;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());
  beforeEach(async () => {
    await clearFaults(emu);
    await clearRequests(emu);
    kit = clients(emu);
  });
  afterEach(async () => {
    await clearFaults(emu);
    await kit.close();
  });

  describe('broken answers from the server', () => {
    const cases: Array<{ kind: 'malformed-json' | 'truncated-json' | 'wrong-content-type'; expect: RegExp }> = [
      { kind: 'malformed-json', expect: /invalid JSON/ },
      { kind: 'truncated-json', expect: /invalid JSON/ },
      { kind: 'wrong-content-type', expect: /unexpected content type "text\/plain"/ },
    ];
    for (const { kind, expect } of cases) {
      it(`${kind}: a "not the expected JSON" error (after the GET retries), never a crash or a half-read list`, async () => {
        await setFaults(emu, [{ path: '/compilers/api/v4/compilers$', kind }]);
        const err = await apiError(kit.compilers.listCompilers());
        assert.equal(err.kind, 'malformed');
        assertUserFacing(err, expect);
        assert.match(err.explanation, /not the expected JSON/);
        assert.equal((await requests(emu, /\/compilers$/)).length, 3);
      });
    }

    it('an HTML error page: the status and the page text, without the markup', async () => {
      await setFaults(emu, [{ path: '/problems/api/v4/problems$', kind: 'html', status: 502 }]);
      const err = await apiError(kit.problems.listProblems());
      assert.equal(err.status, 502);
      assertUserFacing(err, /502 Bad Gateway/);
      assert.ok(!/<h1>|<html>/i.test(err.message), err.message);
    });

    it('a garbled answer to a POST is not retried and still says to check the history', async () => {
      await setFaults(emu, [{ path: '/compilers/api/v4/submissions$', method: 'POST', kind: 'html', status: 503 }]);
      const err = await apiError(kit.compilers.createSubmission({ compilerId: 116, source: 'print(1)' }));
      assert.equal(err.action, 'checkHistoryBeforeResubmit');
      assert.equal((await requests(emu, /\/submissions$/, 'POST')).length, 1);
    });
  });

  describe('workspace files', () => {
    let ws: any;
    let root: string;
    before(async () => {
      ws = await runningWorkspace(emu);
      root = path.join(emu.dataDir, 'containers', 'workspaces', ws.id, 'workspace');
    });

    it('names with spaces, unicode, #, %, leading dots and 255 characters go up, down and into listings', async () => {
      const names = ['with space.txt', 'zażółć 文件 🚀.txt', 'hash#tag.txt', '100%done.txt', '.env', '..double', 'a'.repeat(251) + '.txt'];
      assert.equal(Buffer.byteLength(names[6]), 255);
      for (const name of names) {
        const body = Buffer.from(`content of ${name}`);
        const up = await kit.containers.uploadFile(ws.id, name, body);
        assert.equal(up.path, `/home/user/workspace/${name}`);
        assert.ok((await kit.containers.downloadFile(ws.id, name)).equals(body), name);
        assert.ok(fs.readFileSync(path.join(root, name)).equals(body), `${name} on disk`);
      }
      const listed = (await kit.containers.listFiles(ws.id)).files.map((f) => f.name);
      for (const name of names) assert.ok(listed.includes(name), `${name} listed`);
    });

    it('a name of 256 bytes fails without writing anything', async () => {
      const name = 'b'.repeat(256);
      await apiError(kit.containers.uploadFile(ws.id, name, Buffer.from('x')));
      assert.ok(!fs.readdirSync(root).some((n) => n.startsWith('bbbbbbbbbb')), 'no file, not even a shortened one');
    });

    // Was defect D3: a 256-byte name answered 500/1003 "internal emulator error: ENAMETOOLONG ...
    // <host path>", explained as "failed to stop, resume or remove the workspace" with a "Check
    // Submission History" button.
    it('a name of 256 bytes is refused with a message about the name, and the advice to fix it', async () => {
      const err = await apiError(kit.containers.uploadFile(ws.id, 'b'.repeat(256), Buffer.from('x')));
      assert.equal(err.status, 400);
      assert.equal(err.errorCode, 202601);
      assert.match(err.serverMessage ?? '', /file name too long \(255 bytes at most\)/);
      assert.match(err.explanation, /too long \(255 bytes at most\)/);
      assert.doesNotMatch(err.explanation, /stop, resume or remove/);
      assert.equal(err.action, 'fixInput');
      assert.ok(!(err.serverMessage ?? '').includes(emu.dataDir), 'no host path in the message');
      assertUserFacing(err, /255 bytes/);
    });

    it('a download or a listing of a 256-byte name is "not found" (400/1101), not a server error', async () => {
      const down = await apiError(kit.containers.downloadFile(ws.id, 'c'.repeat(256)));
      assert.equal(down.status, 400);
      assert.equal(down.errorCode, 1101);
      assert.match(down.serverMessage ?? '', /file name too long/);
      const list = await apiError(kit.containers.listFiles(ws.id, `d/${'e'.repeat(300)}`));
      assert.equal(list.status, 400);
      assert.equal(list.errorCode, 1101);
      for (const err of [down, list]) assert.ok(!(err.serverMessage ?? '').includes(emu.dataDir), 'no host path in the message');
    });

    it('an upload cut by the network says to try again (files are not billed), not to check the history', async () => {
      await setFaults(emu, [{ path: '/files$', method: 'POST', kind: 'drop', times: 1 }]);
      const err = await apiError(kit.containers.uploadFile(ws.id, 'cut.txt', Buffer.from('x')));
      assert.equal(err.kind, 'network');
      assert.equal(err.action, 'retry');
      await setFaults(emu, [{ path: '/files$', method: 'POST', kind: 'status', status: 503, times: 1 }]);
      const busy = await apiError(kit.containers.uploadFile(ws.id, 'busy.txt', Buffer.from('x')));
      assert.equal(busy.status, 503);
      assert.equal(busy.action, 'waitAndRetry');
    });

    it('a folder of 10,000 entries lists completely', async () => {
      const dir = path.join(root, 'many');
      fs.mkdirSync(dir);
      for (let i = 0; i < 10_000; i++) fs.writeFileSync(path.join(dir, `f${String(i).padStart(5, '0')}.txt`), '');
      const listing = await kit.containers.listFiles(ws.id, 'many');
      assert.equal(listing.files.length, 10_000);
      assert.equal(new Set(listing.files.map((f) => f.name)).size, 10_000);
    });

    it('16 MiB - 1 and exactly 16 MiB round-trip; + 1 is refused before sending anything', async () => {
      for (const size of [MAX_TRANSFER_BYTES - 1, MAX_TRANSFER_BYTES]) {
        const data = Buffer.alloc(size, size % 251);
        await kit.containers.uploadFile(ws.id, `size-${size}.bin`, data);
        const back = await kit.containers.downloadFile(ws.id, `size-${size}.bin`);
        assert.equal(back.length, size);
        assert.ok(back.equals(data));
      }
      await clearRequests(emu);
      const err = await apiError(kit.containers.uploadFile(ws.id, 'too-big.bin', Buffer.alloc(MAX_TRANSFER_BYTES + 1)));
      assert.equal(err.kind, 'tooLarge');
      assertUserFacing(err, /larger than 16 MiB/);
      assert.match(err.explanation, /Nothing was sent/);
      assert.equal((await requests(emu)).length, 0, 'no request at all');
      assert.ok(!fs.existsSync(path.join(root, 'too-big.bin')));
    });

    it('a remote file of 16 MiB + 1 is not downloaded: a clear 413 message, nothing saved', async () => {
      fs.writeFileSync(path.join(root, 'remote-huge.bin'), Buffer.alloc(MAX_TRANSFER_BYTES + 1));
      const err = await apiError(kit.containers.downloadFile(ws.id, 'remote-huge.bin'));
      assert.equal(err.status, 413);
      assertUserFacing(err, /16 MiB/);
      fs.rmSync(path.join(root, 'remote-huge.bin'));
    });

    // Was defect D2 (src/api/http.ts readCapped): the body was destroyed with no 'error' listener,
    // so undici's "Request aborted" escaped as an uncaught exception beside the right rejection.
    it('a download over the client cap is refused cleanly, with no uncaught error', async () => {
      fs.writeFileSync(path.join(root, 'two-k.bin'), Buffer.alloc(2048));
      const watch = watchUncaught();
      const capped = clients(emu, { maxDownloadBytes: 1024 });
      try {
        const err = await apiError(capped.containers.downloadFile(ws.id, 'two-k.bin'));
        assert.equal(err.kind, 'tooLarge');
        assert.match(err.explanation, /Nothing was saved/);
      } finally {
        await capped.close();
      }
      assert.deepEqual(messages(await watch.stop()), [], 'nothing escaped as uncaughtException/unhandledRejection');
    });

    it('paths given in base64 flavours the client never sends are still understood by the emulator', async () => {
      const res = await fetch(emu.url('containers', `/workspaces/${ws.id}/files/${encodeURIComponent(b64('.env'))}`));
      assert.equal(res.status, 200);
    });
  });

  describe('archives (the packer)', () => {
    const scratch = useScratch();
    const mk = () => scratch('se-faults-pack-');

    it('keeps empty folders and links inside, and refuses a link out naming it', async () => {
      const root = mk();
      fs.mkdirSync(path.join(root, 'empty', 'nested'), { recursive: true });
      fs.writeFileSync(path.join(root, 'main.py'), 'print(1)');
      fs.symlinkSync('main.py', path.join(root, 'alias.py'));
      const packed = await packFolder(root);
      try {
        const names: string[] = [];
        await tar.t({ file: packed.file, onReadEntry: (e) => names.push(e.path) });
        assert.ok(names.includes('workspace/empty/nested/'), `${names}`);
        assert.ok(names.includes('workspace/alias.py'));
      } finally {
        await packed.dispose();
      }
      fs.symlinkSync('/etc/passwd', path.join(root, 'out-link'));
      await assert.rejects(packFolder(root), (err: unknown) => err instanceof PackError && /out-link/.test(err.message));
    });

    it('packs and unpacks 20,000 files', async () => {
      const root = mk();
      for (let d = 0; d < 20; d++) {
        fs.mkdirSync(path.join(root, `d${d}`));
        for (let i = 0; i < 1000; i++) fs.writeFileSync(path.join(root, `d${d}`, `f${i}.txt`), `${d}/${i}`);
      }
      const packed = await packFolder(root);
      try {
        assert.equal(packed.scan.fileCount, 20_000);
        const dest = mk();
        const files = await unpackTarGz(packed.file, dest);
        assert.equal(files.length, 20_000);
        assert.equal(fs.readFileSync(path.join(dest, 'workspace', 'd19', 'f999.txt'), 'utf8'), '19/999');
      } finally {
        await packed.dispose();
      }
    });

    it('an archive from the server that escapes its folder is refused whole: nothing written', async () => {
      const archive = path.join(mk(), 'evil.tar.gz');
      fs.writeFileSync(
        archive,
        tarGz([
          { path: 'workspace/ok.txt', data: 'ok' },
          { path: '../../evil.txt', data: 'evil' },
        ]),
      );
      const dest = mk();
      const result = await unpackTarGz(archive, dest).then(
        () => 'extracted',
        (err: unknown) => err,
      );
      assert.ok(result instanceof PackError, `expected a refusal, got ${String(result)}`);
      assert.match(result.message, /evil/);
      assert.ok(!fs.existsSync(path.join(dest, 'workspace', 'ok.txt')), 'nothing half extracted');
      assert.ok(!fs.existsSync(path.join(dest, '..', '..', 'evil.txt')) && !fs.existsSync(path.join(dest, '..', 'evil.txt')));
    });
  });

  describe('invalid settings', () => {
    for (const bad of ['', 'not a url!!', 'ftp://abc.example.com', 'https://user:pw@abc.example.com', 'https://abc.example.com/?access_token=x', 'http://']) {
      it(`endpoint ${JSON.stringify(bad)}: refused before any request, pointing to the settings`, () => {
        assert.throws(
          () => normaliseEndpoint('compilers', bad),
          (err: unknown) => {
            assert.ok(err instanceof SphereApiError);
            assert.equal(err.kind, 'invalidEndpoint');
            assert.equal(err.action, 'openSettings');
            assert.match(err.explanation, /customer id/);
            return true;
          },
        );
        assert.throws(() => new CompilersClient({ endpoint: bad, token: TOKEN }), SphereApiError);
      });
    }

    it('negative, fractional and huge limits are refused with the setting to change', () => {
      for (const [time, memory] of [
        [-1, 0],
        [0, -5],
        [2.5, 0],
        [61, 0],
        [0, 5 * 1024 * 1024],
      ] as const) {
        const problems = checkLimits(limitsFromSettings(time, memory));
        assert.equal(problems.length, 1, `${time}/${memory}: ${problems}`);
        assert.match(problems[0], /sphereEngine\.compilers\.(timeLimit|memoryLimit)/);
      }
      assert.deepEqual(checkLimits(limitsFromSettings(0, 0)), [], '0 leaves it to the service');
    });

    it('a source or input of 16 MiB + 1 is refused before sending; exactly 16 MiB is fine', () => {
      assert.deepEqual(checkPayloadSizes({ sourceBytes: 16 * MiB, inputBytes: 16 * MiB }), []);
      const problems = checkPayloadSizes({ sourceBytes: 16 * MiB + 1, inputBytes: 16 * MiB + 1 });
      assert.equal(problems.length, 2);
      assert.match(problems[0], /source/);
      assert.match(problems[1], /input/);
    });

    it('a negative page limit reaches the service as its own 400 with a fix-input action', async () => {
      const err = await apiError(kit.containers.listWorkspaces({ limit: -1 }));
      assert.equal(err.status, 400);
      assert.equal(err.action, 'fixInput');
    });
  });
});
