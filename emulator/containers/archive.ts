// tar.gz archives sent by users (POST /workspaces `files`, POST /submissions `source`). Every entry is
// checked before anything is written: absolute paths, `..` and links pointing out of the target are
// refused as a whole, so a bad archive never leaves half its files behind.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tar from 'tar';
import { causeOf } from '../http/errors';

export class ArchiveError extends Error {}

export interface ArchiveEntry {
  /** Path inside the archive, without a leading `./`. */
  path: string;
  type: string;
  linkpath?: string;
}

function normalizeEntryPath(p: string): string {
  return p.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

function withTempFile<T>(data: Buffer, fn: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-archive-'));
  const file = path.join(dir, 'archive.tar.gz');
  try {
    fs.writeFileSync(file, data);
    return fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function listArchive(data: Buffer): ArchiveEntry[] {
  if (data.length < 2 || data[0] !== 0x1f || data[1] !== 0x8b) throw new ArchiveError('the archive is not a gzip-compressed tar file (tar.gz)');
  const entries: ArchiveEntry[] = [];
  withTempFile(data, (file) => {
    try {
      tar.t({
        file,
        sync: true,
        strict: true,
        onReadEntry: (e) => {
          entries.push({ path: normalizeEntryPath(e.path), type: e.type, linkpath: e.linkpath || undefined });
        },
      });
    } catch (err) {
      throw new ArchiveError(`the archive cannot be read: ${causeOf(err)}`);
    }
  });
  return entries;
}

const ALLOWED_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory', 'SymbolicLink', 'Link']);

/** Throws ArchiveError when an entry would land (or point) outside the extraction root. */
export function checkEntries(entries: ArchiveEntry[], strip: number): void {
  for (const e of entries) {
    if (e.path.startsWith('/') || /^[a-zA-Z]:/.test(e.path)) throw new ArchiveError(`archive entry "${e.path}" has an absolute path`);
    const parts = e.path.split('/');
    if (parts.includes('..')) throw new ArchiveError(`archive entry "${e.path}" leaves the target folder ("..")`);
    if (!ALLOWED_TYPES.has(e.type)) throw new ArchiveError(`archive entry "${e.path}" has an unsupported type (${e.type})`);
    const inside = parts.slice(strip).join('/');
    if (e.type === 'SymbolicLink') {
      const target = e.linkpath ?? '';
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(inside), target));
      if (target.startsWith('/') || resolved === '..' || resolved.startsWith('../')) {
        throw new ArchiveError(`archive entry "${e.path}" is a link pointing outside the target folder (${target})`);
      }
    }
    if (e.type === 'Link') {
      const target = normalizeEntryPath(e.linkpath ?? '');
      const tparts = target.split('/');
      if (target.startsWith('/') || tparts.includes('..') || tparts.length <= strip) {
        throw new ArchiveError(`archive entry "${e.path}" is a hard link pointing outside the target folder (${e.linkpath})`);
      }
    }
  }
}

/** Extracts into `dest`, dropping the first `strip` path components. Call checkEntries first. */
export function extractArchive(data: Buffer, dest: string, strip = 0): void {
  fs.mkdirSync(dest, { recursive: true });
  withTempFile(data, (file) => {
    try {
      tar.x({ file, cwd: dest, sync: true, strict: true, strip, preserveOwner: false });
    } catch (err) {
      throw new ArchiveError(`the archive cannot be extracted: ${causeOf(err)}`);
    }
  });
}

/** A submission's `source`: exactly one top-level folder named `workspace`. */
export function checkSubmissionArchive(entries: ArchiveEntry[]): void {
  const tops = new Set(entries.map((e) => e.path.split('/')[0]).filter((p) => p !== '' && p !== '.'));
  if (tops.size !== 1 || !tops.has('workspace')) {
    const found = [...tops].slice(0, 5).map((t) => `"${t}"`).join(', ') || 'nothing';
    throw new ArchiveError(
      `the source archive must contain exactly one top-level folder named "workspace" holding every file; found ${found}`,
    );
  }
  if (entries.some((e) => e.path === 'workspace' && e.type !== 'Directory')) {
    throw new ArchiveError('the source archive\'s "workspace" entry must be a folder');
  }
  checkEntries(entries, 1);
}
