// Output archives from a hostile service (issue 26, item 17): a small archive of 200,001 empty
// files is refused quickly by the entry cap; a link chain that passes the textual check but leads
// to / through another link is never left on disk; what a failed unpack wrote is removed, and what
// the folder held before stays. The archives are made here, streamed, never committed.
import * as assert from 'node:assert/strict';
import { createWriteStream, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar';
import { PackError, unpackTarGz } from '../../../src/core/packer';
import { zeroTailArchive } from '../../hostile-archives';

type Entry = { path: string; type: 'File' | 'Directory' | 'SymbolicLink'; linkpath?: string; data?: string };

/** One tar header block, its checksum made by node-tar. */
function header(e: Entry, size: number): Buffer {
  const block = Buffer.alloc(512);
  new tar.Header({ path: e.path, mode: e.type === 'Directory' ? 0o755 : 0o644, size, mtime: new Date(0), type: e.type, linkpath: e.linkpath }).encode(block, 0);
  return block;
}

/**
 * `count` headers of empty files e0, e1, ... copied from one template with the name and checksum
 * patched in (node-tar's encoder takes seconds for 200,000 of them).
 */
function* emptyFiles(count: number): Generator<Buffer> {
  const template = header({ path: 'e', type: 'File' }, 0);
  const batch = Buffer.alloc(512 * 1000);
  let n = 0;
  for (let i = 0; i < count; i++) {
    const h = batch.subarray(n * 512, n * 512 + 512);
    template.copy(h);
    h.write(`e${i}`, 0, 'ascii');
    h.fill(0x20, 148, 156);
    let sum = 0;
    for (let k = 0; k < 512; k++) sum += h[k];
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    if (++n === 1000) {
      yield Buffer.from(batch);
      n = 0;
    }
  }
  yield Buffer.from(batch.subarray(0, n * 512));
}

/** A tar.gz of `entries` (plus `extraEmpty` empty files named e<n>), written as a stream. */
async function archive(file: string, entries: Entry[], extraEmpty = 0): Promise<void> {
  function* body() {
    for (const e of entries) {
      const data = Buffer.from(e.data ?? '');
      yield Buffer.concat([header(e, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
    }
    yield* emptyFiles(extraEmpty);
    yield Buffer.alloc(1024);
  }
  // Level 1: 200,001 headers come to 2 MB in a second (level 9: 1.24 MB, in 15 s).
  await pipeline(Readable.from(body()), createGzip({ level: 1 }), createWriteStream(file));
}

describe('unpackTarGz: entry cap, physical links, undo', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'se-unpack-hostile-'));
  });
  afterEach(() => fsp.rm(dir, { recursive: true, force: true }));

  it('200,001 empty files in a small archive: refused quickly, nothing written', async () => {
    const file = path.join(dir, 'many.tar.gz');
    await archive(file, [], 200_001);
    assert.ok((await fsp.stat(file)).size < 2.5 * 1024 * 1024, 'a small archive');
    const dest = path.join(dir, 'out');
    const started = Date.now();
    const err = await unpackTarGz(file, dest).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof PackError, String(err));
    assert.equal(err.code, 'archive-too-many-entries');
    assert.match(err.message, /the archive holds more than 50,000 entries \(at "e50000"\).*refusing to extract/);
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
    await assert.rejects(fsp.stat(dest), /ENOENT/);
  });

  it('a link chain that leads to / through another link is never left on disk; what was written is removed, what was there stays', async () => {
    const file = path.join(dir, 'chain.tar.gz');
    // Textually `t` is d1/d2/s/../.. = d1, inside; on the disk s is the folder itself, so t is two levels above it.
    await archive(file, [
      { path: 'd1/', type: 'Directory' },
      { path: 'd1/d2/', type: 'Directory' },
      { path: 'd1/d2/f.txt', type: 'File', data: 'f' },
      { path: 'd1/d2/s', type: 'SymbolicLink', linkpath: '../..' },
      { path: 't', type: 'SymbolicLink', linkpath: 'd1/d2/s/../..' },
    ]);
    const dest = path.join(dir, 'a', 'out');
    await fsp.mkdir(dest, { recursive: true });
    await fsp.writeFile(path.join(dest, 'earlier.txt'), 'kept');
    const err = await unpackTarGz(file, dest).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof PackError, String(err));
    assert.equal(err.code, 'unsafe-archive-entry');
    assert.match(err.message, /Archive entry "t" links outside the destination \(-> d1\/d2\/s\/\.\.\/\.\., followed link by link\); refusing to extract/);
    assert.deepEqual((await fsp.readdir(dest)).sort(), ['earlier.txt']);
    assert.equal(await fsp.readFile(path.join(dest, 'earlier.txt'), 'utf8'), 'kept');
  });

  it('a link to / itself is refused before it is made; links inside the folder still unpack', async () => {
    const bad = path.join(dir, 'root.tar.gz');
    await archive(bad, [
      { path: 'x/', type: 'Directory' },
      { path: 'x/up', type: 'SymbolicLink', linkpath: '..' },
      { path: 'r', type: 'SymbolicLink', linkpath: 'x/up/..' },
    ]);
    await assert.rejects(unpackTarGz(bad, path.join(dir, 'o1')), /"r" links outside the destination/);
    await assert.rejects(fsp.lstat(path.join(dir, 'o1', 'r')), /ENOENT/);

    const good = path.join(dir, 'good.tar.gz');
    await archive(good, [
      { path: 'data/real.txt', type: 'File', data: 'real' },
      { path: 'alias.txt', type: 'SymbolicLink', linkpath: 'data/real.txt' },
    ]);
    const dest = path.join(dir, 'o2');
    assert.deepEqual(await unpackTarGz(good, dest), ['data/real.txt']);
    assert.equal(await fsp.readlink(path.join(dest, 'alias.txt')), 'data/real.txt');
    assert.equal(await fsp.readFile(path.join(dest, 'alias.txt'), 'utf8'), 'real');
  });

  // Issue 36 item 2. Before: node-tar read on past the end marker, buffering every piece (a 32.7 KB
  // archive took 18–29 s; this one did not finish in minutes).
  it('one small file then 4 GiB of zeros after the end marker: unpacks the file at once, from a file and from bytes', async () => {
    const bytes = zeroTailArchive({ 'a.txt': 'hello' });
    const file = path.join(dir, 'zero-tail.tar.gz');
    await fsp.writeFile(file, bytes);
    const started = Date.now();
    assert.deepEqual(await unpackTarGz(file, path.join(dir, 'o1')), ['a.txt']);
    assert.deepEqual(await unpackTarGz(bytes, path.join(dir, 'o2')), ['a.txt']);
    assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
    assert.equal(await fsp.readFile(path.join(dir, 'o2', 'a.txt'), 'utf8'), 'hello');
    assert.deepEqual(await fsp.readdir(path.join(dir, 'o1')), ['a.txt']);
  });
});
