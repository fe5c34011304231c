// Containers API: upload, download and listing in a running workspace; base64 paths; escapes; limits.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { json, startTestEmulator, type TestEmulator } from './harness';
import { b64, b64url, expectError, runningWorkspace } from './containers-support';

const MiB = 1024 * 1024;

describe('containers: workspace files', function () {
  this.timeout(60000);
  let emu: TestEmulator;
  let ws: any;
  let root: string;
  before(async () => {
    emu = await startTestEmulator();
    ws = await runningWorkspace(emu, { retention_time_stopped: 60 });
    root = path.join(emu.dataDir, 'containers', 'workspaces', ws.id, 'workspace');
  });
  after(() => emu.close());

  const upload = (filepath: string | undefined, data: Buffer | string | undefined, id = ws.id) => {
    const form = new FormData();
    if (data !== undefined) form.set('filedata', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), 'blob');
    if (filepath !== undefined) form.set('filepath', filepath);
    return fetch(emu.url('containers', `/workspaces/${id}/files`), { method: 'POST', body: form });
  };
  const download = (encoded: string, id = ws.id) => fetch(emu.url('containers', `/workspaces/${id}/files/${encoded}`));
  const list = (encoded?: string, id = ws.id) => fetch(emu.url('containers', `/workspaces/${id}/list_files${encoded === undefined ? '' : `/${encoded}`}`));

  it('uploads, then downloads the same bytes with any base64 flavour', async () => {
    const res = await upload('notes.txt', 'first version');
    assert.equal(res.status, 200);
    assert.deepEqual(await json(res), { path: '/home/user/workspace/notes.txt' });
    assert.equal((await upload('notes.txt', 'second version')).status, 200);
    for (const encoded of [b64('notes.txt'), b64url('notes.txt'), b64('notes.txt').replace(/=+$/, ''), encodeURIComponent(b64('notes.txt'))]) {
      const got = await download(encoded);
      assert.equal(got.status, 200, encoded);
      assert.equal(await got.text(), 'second version');
    }
  });

  it('handles names with spaces, unicode, #, %, leading dots, and nested folders', async () => {
    fs.mkdirSync(path.join(root, 'dir with space'), { recursive: true });
    const names = ['dir with space/a b.txt', 'zażółć 文件.txt', 'hash#1.txt', '100%.txt', '.hidden', '..dots.txt', 'q?.txt'];
    for (const name of names) {
      const res = await upload(name, `content of ${name}`);
      assert.equal(res.status, 200, name);
      assert.equal((await json(res)).path, `/home/user/workspace/${name}`);
      for (const encoded of [b64(name), b64url(name)]) {
        const got = await download(encodeURIComponent(encoded));
        assert.equal(got.status, 200, `${name} as ${encoded}`);
        assert.equal(await got.text(), `content of ${name}`);
      }
    }
    const listing = await json(await list());
    const fileNames = listing.files.map((f: any) => f.name);
    for (const name of names.filter((n) => !n.includes('/'))) assert.ok(fileNames.includes(name), name);
    const sub = await json(await list(b64('dir with space')));
    assert.equal(sub.listed_dir, '/home/user/workspace/dir with space');
    assert.deepEqual(
      sub.files.map((f: any) => f.name),
      ['a b.txt'],
    );
  });

  it('lists entries with name, octal perm, size and time as strings', async () => {
    await upload('sized.txt', '12345');
    fs.mkdirSync(path.join(root, 'folder'), { recursive: true });
    const listing = await json(await list());
    assert.equal(listing.listed_dir, '/home/user/workspace');
    const sized = listing.files.find((f: any) => f.name === 'sized.txt');
    assert.deepEqual(Object.keys(sized).sort(), ['name', 'perm', 'size', 'time']);
    assert.equal(sized.size, '5');
    assert.match(sized.perm, /^[0-7]{3}$/);
    assert.match(sized.time, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000$/);
    assert.ok(listing.dirs.some((d: any) => d.name === 'folder'));
    assert.ok(listing.files.some((f: any) => f.name === 'main.py')); // project base file
  });

  it('upload errors: 202504, 202604, 202601, 202612, 202602, 404/1001', async () => {
    await expectError(await upload('x.txt', undefined), 400, 202504);
    await expectError(await upload(undefined, 'data'), 400, 202604);
    await expectError(await upload('no/such/dir/x.txt', 'data'), 400, 202601);
    fs.mkdirSync(path.join(root, 'adir'), { recursive: true });
    await expectError(await upload('adir', 'data'), 400, 202612);
    fs.writeFileSync(path.join(root, 'readonly.txt'), 'keep');
    fs.chmodSync(path.join(root, 'readonly.txt'), 0o444);
    await expectError(await upload('readonly.txt', 'data'), 400, 202602);
    assert.equal(fs.readFileSync(path.join(root, 'readonly.txt'), 'utf8'), 'keep');
    await expectError(await upload('../escape.txt', 'data'), 400, 202602);
    await expectError(await upload('/etc/escape.txt', 'data'), 400, 202602);
    assert.ok(!fs.existsSync(path.join(root, '..', 'escape.txt')));
    await expectError(await upload('x.txt', 'data', 'f'.repeat(32)), 404, 1001);
  });

  it('download errors: 1105 undecodable, 1101 missing or a folder, 1102 no read bit or outside', async () => {
    await expectError(await download('!!!not-base64!!!'), 400, 1105);
    await expectError(await download(Buffer.from([0xff, 0xfe, 0xfd]).toString('base64')), 400, 1105);
    await expectError(await download(b64('missing.txt')), 400, 1101);
    await expectError(await download(b64('folder')), 400, 1101);
    fs.writeFileSync(path.join(root, 'secret.txt'), 'secret');
    fs.chmodSync(path.join(root, 'secret.txt'), 0o200);
    await expectError(await download(b64('secret.txt')), 400, 1102);
    await expectError(await download(b64('../../../../etc/passwd')), 400, 1102);
    fs.symlinkSync('/etc/passwd', path.join(root, 'link-out'));
    await expectError(await download(b64('link-out')), 400, 1102);
    fs.symlinkSync('/etc', path.join(root, 'dir-out'));
    await expectError(await list(b64('dir-out')), 400, 1102);
    await expectError(await download(b64('dir-out/passwd')), 400, 1102);
    await expectError(await upload('dir-out/new.txt', 'x'), 400, 202602);
    await expectError(await download(b64('x'), 'f'.repeat(32)), 404, 1001);
  });

  it('list errors: 1105, 1101 missing or a file, 1102 no permission', async () => {
    await expectError(await list('@@@'), 400, 1105);
    await expectError(await list(b64('nope')), 400, 1101);
    await expectError(await list(b64('main.py')), 400, 1101);
    fs.mkdirSync(path.join(root, 'locked'), { recursive: true });
    fs.chmodSync(path.join(root, 'locked'), 0o000);
    await expectError(await list(b64('locked')), 400, 1102);
    await expectError(await list(b64('..')), 400, 1102);
  });

  it('over-long names: 400 with "file name too long (255 bytes at most)", never a 500 or a host path', async () => {
    const long = 'n'.repeat(256);
    const ok = 'm'.repeat(255);
    assert.equal((await upload(ok, 'fits')).status, 200, 'a name of 255 bytes is fine');
    const refusals = [
      [await upload(long, 'x'), 202601],
      [await upload(`sub/${long}`, 'x'), 202601],
      // 128 two-byte characters: 256 bytes, though only 128 characters.
      [await upload('ż'.repeat(128), 'x'), 202601],
      [await download(b64(long)), 1101],
      [await download(b64(`${ok}/${long}`)), 1101],
      [await list(b64(long)), 1101],
    ] as const;
    for (const [res, code] of refusals) {
      const body = await expectError(res, 400, code);
      assert.equal(body.message, 'file name too long (255 bytes at most)');
    }
    assert.ok(!fs.readdirSync(root).some((n) => n.startsWith('nnnnnnnn') || n.startsWith('ż')), 'nothing written');
    // Names that fit one by one, but a path longer than PATH_MAX inside the container.
    const deep = Array.from({ length: 20 }, () => 'd'.repeat(250)).join('/');
    const tooDeep = await expectError(await upload(`${deep}/x.txt`, 'x'), 400, 202601);
    assert.match(tooDeep.message, /file path too long/);
    assert.ok(!tooDeep.message.includes(emu.dataDir));
  });

  it('a path through a file is "not found" (400/1101), not an internal error', async () => {
    fs.writeFileSync(path.join(root, 'plain.txt'), 'x');
    await expectError(await download(b64('plain.txt/inner.txt')), 400, 1101);
    await expectError(await list(b64('plain.txt/inner')), 400, 1101);
    await expectError(await upload('plain.txt/inner.txt', 'x'), 400, 202601);
  });

  it('an unexpected failure answers 500 "internal emulator error", with details on stderr only', async () => {
    // The workspace's folder gone from under a running workspace: lstat fails with ENOENT, which no
    // route expects. (A link, which once made stat fail with ELOOP, is now refused as such: 400.)
    fs.renameSync(root, `${root}.away`);
    const logged: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
    let body: any;
    try {
      body = await expectError(await download(b64('notes.txt')), 500, 1003);
    } finally {
      console.error = original;
      fs.renameSync(`${root}.away`, root);
    }
    assert.equal(body.message, 'internal emulator error');
    assert.ok(!JSON.stringify(body).includes(emu.dataDir), 'no host path in the answer');
    assert.ok(
      logged.some((line) => /ENOENT/.test(line)),
      'the details went to stderr',
    );
    assert.ok(!logged.some((line) => line.includes('access_token')), 'no token in the log line');
  });

  it('16 MiB limits: exactly 16 MiB passes both ways, one byte more is refused (413)', async () => {
    const exact = Buffer.alloc(16 * MiB, 7);
    assert.equal((await upload('big.bin', exact)).status, 200);
    const got = await download(b64('big.bin'));
    assert.equal(got.status, 200);
    assert.equal(Buffer.from(await got.arrayBuffer()).length, 16 * MiB);
    await expectError(await upload('bigger.bin', Buffer.alloc(16 * MiB + 1, 7)), 413, 202511);
    fs.writeFileSync(path.join(root, 'huge.bin'), Buffer.alloc(16 * MiB + 1));
    await expectError(await download(b64('huge.bin')), 413, 1111);
  });

  it('a stopped workspace refuses file operations: 404/1008 upload and list, 404/1108 download', async () => {
    const stop = await fetch(emu.url('containers', `/workspaces/${ws.id}/stop`), { method: 'PUT' });
    assert.equal(stop.status, 200);
    await expectError(await upload('x.txt', 'data'), 404, 1008);
    await expectError(await list(), 404, 1008);
    await expectError(await download(b64('notes.txt')), 404, 1108);
    assert.equal((await fetch(emu.url('containers', `/workspaces/${ws.id}/resume`), { method: 'PUT' })).status, 200);
    assert.equal((await download(b64('notes.txt'))).status, 200);
  });
});
