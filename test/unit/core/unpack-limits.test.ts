// A hostile archive from the service (output files of a run) is refused with our words, naming
// the entry and why, before anything is written: node-tar's own "max decompression ratio
// exceeded: 1000.01 > 1000" said neither. The archives are made here, streamed, never committed.
import * as assert from 'node:assert/strict';
import { createWriteStream, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, constants as zlibConstants } from 'node:zlib';
import * as tar from 'tar';
import { PackError, unpackTarGz } from '../../../src/core/packer';
import { MAX_UNPACKED_BYTES } from '../../../src/core/packer/unpack-limits';

const MiB = 1024 * 1024;

/**
 * A tar.gz of one file of `bytes` zeros, written as a stream. At gzip level 1 zeros shrink about
 * 230 to 1 (node-tar's ratio guard lets it through; 1 GiB takes about two seconds), at level 9
 * about 1030 to 1 (the guard trips).
 */
async function zerosArchive(file: string, name: string, bytes: number, level: number): Promise<void> {
  const header = Buffer.alloc(512);
  new tar.Header({ path: name, mode: 0o644, size: bytes, mtime: new Date(0), type: 'File' }).encode(header, 0);
  const zeros = Buffer.alloc(MiB);
  async function* body() {
    yield header;
    for (let left = bytes; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
    yield Buffer.alloc(((512 - (bytes % 512)) % 512) + 1024); // padding and the two end blocks
  }
  await pipeline(Readable.from(body()), createGzip({ level }), createWriteStream(file));
}

describe('unpackTarGz: hostile archives get our message', function () {
  this.timeout(60_000);
  let dir: string;

  beforeEach(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'se-unpack-'));
  });
  afterEach(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  /** Unpacks a one-file archive of zeros; it must be refused with `code` and `message`, writing nothing. */
  async function expectRefusal(bytes: number, level: number, code: string, message: RegExp): Promise<void> {
    const archive = path.join(dir, 'zeros.tar.gz');
    await zerosArchive(archive, 'zeros.bin', bytes, level);
    const dest = path.join(dir, 'out');
    const err = await unpackTarGz(archive, dest).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof PackError, `expected our PackError, got ${String(err)}`);
    assert.doesNotMatch(err.message, /max decompression ratio|TAR_/);
    assert.equal(err.code, code);
    assert.equal(err.path, 'zeros.bin');
    assert.match(err.message, message);
    await assert.rejects(fsp.stat(path.join(dest, 'zeros.bin')), /ENOENT/, 'nothing is written');
  }

  // Before: unpacked, all 1 GiB of it.
  it('1 GiB of zeros: refused naming the file and the limit', () =>
    expectRefusal(1024 * MiB, zlibConstants.Z_BEST_SPEED, 'archive-too-large', /"zeros\.bin" would unpack to 1024\.0 MiB.*256\.0 MiB/));

  // Before: node-tar's "max decompression ratio exceeded: 1000.17 > 1000".
  it('under the size limit but compressed more than 1000 to 1: refused naming the file', () =>
    expectRefusal(64 * MiB, zlibConstants.Z_BEST_COMPRESSION, 'archive-too-compressed', /"zeros\.bin" is compressed more than 1000 to 1/));

  it('the limit is 256 MiB', () => {
    assert.equal(MAX_UNPACKED_BYTES, 256 * MiB);
  });
});
