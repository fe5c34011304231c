// tar.gz in and out: multi-file sources arrive as an archive in `source`, and the output-files
// feature answers with an archive of the named files plus the program's stdout.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import * as tar from 'tar';
import { extractTarGz } from '../../contract';

/** gzip's magic bytes: how a tar.gz `source` is told apart from program text. */
export function isGzip(data: Buffer): boolean {
  return data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b;
}

/**
 * What a multi-file source may unpack to: it is held in memory as the program's files, so well
 * below the emulator's general unpack budget (a 64 KiB archive could otherwise inflate to 64 MB).
 */
export const SOURCE_UNPACK_BUDGET = { maxBytes: 16 * 1024 * 1024, maxEntries: 1000 };

/**
 * Reads a tar.gz into relative path → content (regular files only; unsafe paths are dropped by tar).
 * `scratch`: where its files are unpacked for the moment; the emulator passes a folder of its data
 * directory that each start empties, so not even a kill -9 mid-request leaves them elsewhere.
 */
export async function unpackTarGz(data: Buffer, scratch = os.tmpdir()): Promise<Map<string, Buffer>> {
  const tmp = fs.mkdtempSync(path.join(scratch, 'se-unpack-'));
  try {
    const root = path.join(tmp, 'files');
    await extractTarGz(data, root, { budget: SOURCE_UNPACK_BUDGET, filter: (_p, type) => type === 'File' || type === 'Directory' });
    const files = new Map<string, Buffer>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) files.set(path.relative(root, full).split(path.sep).join('/'), fs.readFileSync(full));
      }
    };
    walk(root);
    return files;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** A tar.gz of files (relative path → content), e.g. the `source` stream of a files[] submission. */
export async function packTarGz(files: Map<string, Buffer>, scratch = os.tmpdir()): Promise<Buffer> {
  const tmp = fs.mkdtempSync(path.join(scratch, 'se-pack-'));
  try {
    for (const [name, data] of files) {
      fs.mkdirSync(path.dirname(path.join(tmp, name)), { recursive: true });
      fs.writeFileSync(path.join(tmp, name), data);
    }
    return await packDir(tmp, [...files.keys()].sort(), scratch);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** A tar.gz of some files of a directory (paths relative to it). */
export async function packDir(dir: string, names: string[], scratch = os.tmpdir()): Promise<Buffer> {
  const out = path.join(scratch, `se-pack-${process.pid}-${Math.random().toString(36).slice(2)}.tar.gz`);
  try {
    await packDirToFile(dir, names, out);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(out, { force: true });
  }
}

/**
 * Packs some files of a directory into a tar.gz file, streamed: tar reads each file in pieces and
 * gzip runs on the thread pool, so 20 output files of 16 MB never sit in memory or hold the loop.
 */
export async function packDirToFile(dir: string, names: string[], out: string): Promise<void> {
  const pack = tar.c({ gzip: false, cwd: dir, portable: true, noDirRecurse: true }, names);
  await pipeline(pack as unknown as NodeJS.ReadableStream, zlib.createGzip(), fs.createWriteStream(out, { mode: 0o600 }));
}
