// Fills one batch with whole tar entries (header, body, padding) for a run of
// scanned entries: the packer's inner loop, on the main thread or in the
// packing worker (fragment-worker.ts), which is why it imports only
// node:fs and the ustar encoder.
//
// Why whole entries per run: with 20,000 small files the cost is per file
// (open, fstat, read, close), and on a 2-core machine GNU tar runs its reads
// and gzip as two processes. Handing a worker a run of entries to lay out
// entirely (not just bodies into holes laid out by the main thread) lets the
// two threads share the per-file work with one message per run, and lets each
// file be stat'ed through its open descriptor (fstat: no second path lookup)
// instead of by name during the scan.
//
// A run stops early, without writing the entry, when the batch has no room
// for it ('room'), when the entry needs the main thread ('main': a file above
// SMALL_FILE_BYTES, streamed asynchronously there, or a name the plain ustar
// header cannot hold), or when a file cannot be read ('error').
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { BLOCK, paddedSize, writeFastHeader, type TarHeaderFields } from './ustar-header';

/** Files up to this size are read in one go into the batch; larger ones are streamed. */
export const SMALL_FILE_BYTES = 256 * 1024;
/** Directories and links carry no meaningful time; a fixed one keeps archives reproducible. */
const EPOCH_SECONDS = 0;
const DIRECTORY_MODE = 0o755;
const LINK_MODE = 0o777;

export enum FragmentKind {
  File = 0,
  Directory = 1,
  Symlink = 2,
}

/** Where a pack's entries come from and go to, the same for all its runs. */
export interface FragmentPlace {
  /** The folder, ending with the path separator. */
  rootPrefix: string;
  /** Put before every archive name: `workspace/`, or ''. */
  namePrefix: string;
  /** The platform's path separator (entry paths are posix). */
  sep: string;
}

/** A run of entries as plain arrays (cheap to post to a worker). */
export interface FragmentEntries {
  /** posix paths relative to the folder */
  rels: string[];
  kinds: FragmentKind[];
  /** Link targets ('' for other kinds). */
  links: string[];
}

/** `root`: the folder; `topFolder`: the one directory every entry goes under, or null. */
export function fragmentPlace(root: string, topFolder: string | null, sep: string): FragmentPlace {
  return { rootPrefix: root.endsWith(sep) ? root : root + sep, namePrefix: topFolder === null ? '' : `${topFolder}/`, sep };
}

/** The header of a directory or a link: fixed mode and time, no body. */
export function nonFileHeader(name: string, kind: FragmentKind.Directory | FragmentKind.Symlink, linkTarget: string | undefined): TarHeaderFields {
  return kind === FragmentKind.Directory
    ? { path: name, type: 'directory', mode: DIRECTORY_MODE, mtimeSeconds: EPOCH_SECONDS, size: 0 }
    : { path: name, type: 'symlink', linkTarget, mode: LINK_MODE, mtimeSeconds: EPOCH_SECONDS, size: 0 };
}

export function archiveName(place: FragmentPlace, rel: string, kind: FragmentKind): string {
  return kind === FragmentKind.Directory ? `${place.namePrefix}${rel}/` : place.namePrefix + rel;
}

export function absolutePath(place: FragmentPlace, rel: string): string {
  return place.rootPrefix + (place.sep === '/' ? rel : rel.split('/').join(place.sep));
}

export type FragmentStop = 'done' | 'room' | 'main' | 'error';

export interface FragmentResult {
  /** Bytes of the batch in use after the run. */
  used: number;
  /** First entry not written. */
  next: number;
  stop: FragmentStop;
  /** With 'error': the file-system error for entry `next`; code 'SHORT' when the file shrank while read. */
  error?: { code?: string; message: string };
}

/**
 * Writes entries `from`..`end` of `e` into `into` from `at` up to `limit`.
 * For each file written, `stats` gets size, permission bits and mtime (ms) at
 * 3 × (index − from).
 */
export function fillFragment(into: Buffer, at: number, limit: number, place: FragmentPlace, e: FragmentEntries, from: number, end: number, stats: Float64Array): FragmentResult {
  let used = at;
  for (let i = from; i < end; i++) {
    const kind = e.kinds[i];
    if (kind !== FragmentKind.File) {
      if (limit - used < BLOCK) return { used, next: i, stop: 'room' };
      if (!writeFastHeader(nonFileHeader(archiveName(place, e.rels[i], kind), kind, e.links[i]), into, used)) return { used, next: i, stop: 'main' };
      used += BLOCK;
      continue;
    }
    let fd: number;
    try {
      fd = openSync(absolutePath(place, e.rels[i]), 'r');
    } catch (err) {
      return { used, next: i, stop: 'error', error: describe(err) };
    }
    try {
      const st = fstatSync(fd);
      const size = st.size;
      if (size > SMALL_FILE_BYTES) return { used, next: i, stop: 'main' };
      const body = paddedSize(size);
      if (limit - used < BLOCK + body) return { used, next: i, stop: 'room' };
      const mode = st.mode & 0o7777;
      const header = { path: archiveName(place, e.rels[i], kind), type: 'file' as const, mode, mtimeSeconds: Math.floor(st.mtimeMs / 1000), size };
      if (!writeFastHeader(header, into, used)) return { used, next: i, stop: 'main' };
      const start = used + BLOCK;
      let done = 0;
      while (done < size) {
        const n = readSync(fd, into, start + done, size - done, done);
        if (n === 0) break;
        done += n;
      }
      // The header promised `size` bytes: a file that shrank since its fstat cannot be sent.
      if (done < size) return { used, next: i, stop: 'error', error: { code: 'SHORT', message: 'short read' } };
      into.fill(0, start + size, start + body);
      used = start + body;
      const s = 3 * (i - from);
      stats[s] = size;
      stats[s + 1] = mode;
      stats[s + 2] = st.mtimeMs;
    } catch (err) {
      return { used, next: i, stop: 'error', error: describe(err) };
    } finally {
      closeSync(fd);
    }
  }
  return { used, next: end, stop: 'done' };
}

function describe(err: unknown): { code?: string; message: string } {
  const e = err as NodeJS.ErrnoException;
  return { code: e?.code, message: e?.message ?? String(err) };
}
