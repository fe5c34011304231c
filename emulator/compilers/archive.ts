// tar.gz in and out: multi-file sources arrive as an archive in `source`, and the output-files
// feature answers with an archive of the named files plus the program's stdout.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tar from 'tar';

/** gzip's magic bytes: how a tar.gz `source` is told apart from program text. */
export function isGzip(data: Buffer): boolean {
  return data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b;
}

/** Reads a tar.gz into relative path → content (regular files only; unsafe paths are dropped by tar). */
export async function unpackTarGz(data: Buffer): Promise<Map<string, Buffer>> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'se-unpack-'));
  try {
    const archive = path.join(tmp, 'source.tar.gz');
    const root = path.join(tmp, 'files');
    fs.mkdirSync(root);
    fs.writeFileSync(archive, data);
    await tar.x({ file: archive, cwd: root, strict: true, filter: (_p, entry) => 'type' in entry ? entry.type === 'File' || entry.type === 'Directory' : true });
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
export async function packTarGz(files: Map<string, Buffer>): Promise<Buffer> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'se-pack-'));
  try {
    for (const [name, data] of files) {
      fs.mkdirSync(path.dirname(path.join(tmp, name)), { recursive: true });
      fs.writeFileSync(path.join(tmp, name), data);
    }
    return await packDir(tmp, [...files.keys()].sort());
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** A tar.gz of some files of a directory (paths relative to it). */
export async function packDir(dir: string, names: string[]): Promise<Buffer> {
  const out = path.join(os.tmpdir(), `se-pack-${process.pid}-${Math.random().toString(36).slice(2)}.tar.gz`);
  try {
    await tar.c({ gzip: true, cwd: dir, file: out, portable: true, noDirRecurse: true }, names);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(out, { force: true });
  }
}
