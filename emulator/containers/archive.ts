// tar.gz archives sent by users (POST /workspaces `files`, POST /submissions `source`). Every entry is
// checked before anything is written: absolute paths, `..` and links pointing out of the target are
// refused as a whole, so a bad archive never leaves half its files behind. Reading and extracting
// are streamed off the event loop within the emulator's unpack budget (contract/bounded-untar.ts). The
// link check here is textual; what keeps a link chain from leading the host out is that nothing
// on the host side follows a link inside a workspace or run (fs-safety/beneath.ts).
import * as path from 'node:path';
import type { EmulatorContext } from '../context';
import { ArchiveBudgetError, ArchiveFormatError, extractTarGz, listTarGz, type UntarBudget as UnpackBudget } from '../../contract';

export class ArchiveError extends Error {}

/** The emulator's unpack budget (options `unpackMaxBytes`, `unpackMaxEntries`). */
export const unpackBudget = (ctx: EmulatorContext): UnpackBudget => ({ maxBytes: ctx.options.unpackMaxBytes, maxEntries: ctx.options.unpackMaxEntries });

export interface ArchiveEntry {
  /** Path inside the archive, without a leading `./`. */
  path: string;
  type: string;
  linkpath?: string;
}

function normalizeEntryPath(p: string): string {
  return p.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

/** The budget's and the format's refusals as ArchiveError (their messages are user-facing). */
async function asArchiveError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ArchiveBudgetError || err instanceof ArchiveFormatError) throw new ArchiveError(err.message);
    throw err;
  }
}

/** The entries of a tar.gz, read off the event loop and within the emulator's unpack budget. */
export function listArchive(data: Buffer | { file: string }, budget: UnpackBudget): Promise<ArchiveEntry[]> {
  return asArchiveError(async () => (await listTarGz(data, budget)).map((e) => ({ path: normalizeEntryPath(e.path), type: e.type, linkpath: e.linkpath })));
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
export function extractArchive(data: Buffer | { file: string }, dest: string, strip: number, budget: UnpackBudget): Promise<void> {
  return asArchiveError(() => extractTarGz(data, dest, { strip, budget }));
}

/** A submission's `source`: exactly one top-level folder named `workspace`. */
export function checkSubmissionArchive(entries: ArchiveEntry[]): void {
  const tops = new Set(entries.map((e) => e.path.split('/')[0]).filter((p) => p !== '' && p !== '.'));
  if (tops.size !== 1 || !tops.has('workspace')) {
    const found =
      [...tops]
        .slice(0, 5)
        .map((t) => `"${t}"`)
        .join(', ') || 'nothing';
    throw new ArchiveError(`the source archive must contain exactly one top-level folder named "workspace" holding every file; found ${found}`);
  }
  if (entries.some((e) => e.path === 'workspace' && e.type !== 'Directory')) {
    throw new ArchiveError('the source archive\'s "workspace" entry must be a folder');
  }
  checkEntries(entries, 1);
}
