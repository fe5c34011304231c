// Opening a path beneath a root folder without following any link (issue 26 items 3-5). The root's
// content may have been made by untrusted code or an archive: a link anywhere on the way (`d → /`,
// or a chain `t → s/../..`) must never lead a host-side read, write or listing out of the root.
//
// Node has no openat(2), so each call (1) refuses `..`, absolute paths and NUL outright, (2) lstats
// every component below the root and refuses a link or anything that is not a folder (or, last, a
// regular file or folder), (3) opens with O_NOFOLLOW and fstats the descriptor, and (4) on Linux
// reads back where the descriptor really points (/proc/self/fd) and refuses it unless it lies
// inside the root's native realpath, which closes the window between the checks and the open.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** A path this module will not open; the message says what was refused and why. */
export class UnsafePathError extends Error {
  constructor(
    /** The path as asked (relative to the root). */
    readonly rel: string,
    /** Why, for a message: e.g. `"d" is a symbolic link, and links are not followed`. */
    readonly why: string,
  ) {
    super(`${rel === '' ? 'the folder' : JSON.stringify(rel)} is refused: ${why}`);
  }
}

const { O_NOFOLLOW, O_DIRECTORY, O_RDONLY, O_WRONLY, O_CREAT, O_NONBLOCK } = fs.constants;

/** The components of a relative path; refuses what could climb out or be misread. */
export function relativeParts(rel: string): string[] {
  if (rel.includes('\0')) throw new UnsafePathError(rel, 'the path contains a NUL byte');
  if (rel.startsWith('/') || /^[a-zA-Z]:/.test(rel)) throw new UnsafePathError(rel, 'the path is absolute; only paths inside the folder are allowed');
  const parts = rel.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw new UnsafePathError(rel, 'the path climbs out with ".."');
  return parts;
}

function kindOf(st: fs.Stats): string {
  if (st.isSymbolicLink()) return 'a symbolic link, and links are not followed';
  if (st.isFIFO()) return 'a named pipe, not a regular file';
  if (st.isSocket()) return 'a socket, not a regular file';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device, not a regular file';
  return 'not a regular file or folder';
}

function lstatOrUndefined(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

export interface Lookup {
  /** The host path (root + the cleaned relative path). */
  abs: string;
  /** The cleaned relative path ('' for the root itself). */
  rel: string;
  /** lstat of the target; undefined when nothing is there or a folder on the way is missing. */
  stat: fs.Stats | undefined;
  /** lstat of the folder that holds it (the root for a top-level name); undefined when missing. */
  parent: fs.Stats | undefined;
}

/**
 * Checks every component of `rel` under `root` without following anything: throws UnsafePathError
 * when one is a link or a special file. Missing components are not an error (stat is undefined).
 */
export function lookupBeneath(root: string, rel: string): Lookup {
  const parts = relativeParts(rel);
  const clean = parts.join('/');
  let dir = root;
  let parent: fs.Stats | undefined = fs.lstatSync(root);
  if (!parent.isDirectory()) throw new UnsafePathError(rel, 'the root is not a folder');
  let stat: fs.Stats | undefined = parent;
  for (let i = 0; i < parts.length; i++) {
    const here = path.join(dir, parts[i]);
    const shown = parts.slice(0, i + 1).join('/');
    parent = stat;
    stat = parent?.isDirectory() ? lstatOrUndefined(here) : undefined;
    if (stat && !stat.isDirectory() && !(stat.isFile() && i === parts.length - 1)) {
      if (stat.isFile()) {
        stat = undefined; // a file where a folder should be: nothing is there (ENOTDIR)
      } else {
        throw new UnsafePathError(rel, `${JSON.stringify(shown)} is ${kindOf(stat)}`);
      }
    }
    dir = here;
  }
  return { abs: parts.length ? path.join(root, ...parts) : root, rel: clean, stat, parent: parts.length ? parent : undefined };
}

/** Where the descriptor really points must lie inside the root (Linux; elsewhere the lstat walk stands alone). */
function assertFdInside(fd: number, root: string, rel: string): void {
  if (process.platform !== 'linux') return;
  let real: string;
  try {
    real = fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return; // no /proc: the lstat walk and O_NOFOLLOW stand alone
  }
  const realRoot = fs.realpathSync.native(root);
  const inside = path.relative(realRoot, real);
  if (inside === '' || (inside !== '..' && !inside.startsWith(`..${path.sep}`) && !path.isAbsolute(inside))) return;
  throw new UnsafePathError(rel, 'it leads out of the folder (a folder on the way was replaced while it was opened)');
}

export interface OpenOptions {
  /** Refuse a regular file with more than one hard link (files made by untrusted code). */
  singleLink?: boolean;
  /** Create the file when missing (mode 0600 unless given). Writes only. */
  create?: boolean;
  mode?: number;
}

function verify(fd: number, root: string, rel: string, want: 'file' | 'dir', opts: OpenOptions): fs.Stats {
  try {
    const st = fs.fstatSync(fd);
    if (want === 'file' && !st.isFile()) throw new UnsafePathError(rel, st.isDirectory() ? 'it is a folder, not a file' : kindOf(st));
    if (want === 'dir' && !st.isDirectory()) throw new UnsafePathError(rel, 'it is not a folder');
    if (opts.singleLink && st.isFile() && st.nlink > 1) throw new UnsafePathError(rel, `it is a hard link (${st.nlink} names for one file), which is not followed`);
    assertFdInside(fd, root, rel);
    return st;
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/** Opens a regular file beneath root for reading; the caller closes the descriptor. */
export function openFileBeneath(root: string, rel: string, opts: OpenOptions = {}): { fd: number; stat: fs.Stats } {
  const found = lookupBeneath(root, rel);
  // O_NONBLOCK: a pipe swapped in after the lstat must not hang the open (fstat refuses it next).
  const fd = fs.openSync(found.abs, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  return { fd, stat: verify(fd, root, rel, 'file', opts) };
}

/** Reads a regular file beneath root, refusing one above maxBytes. */
export function readFileBeneath(root: string, rel: string, opts: OpenOptions & { maxBytes?: number } = {}): Buffer {
  const { fd, stat } = openFileBeneath(root, rel, opts);
  try {
    if (opts.maxBytes !== undefined && stat.size > opts.maxBytes) throw new UnsafePathError(rel, `it is larger than ${opts.maxBytes} bytes`);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes (replaces the content of) a regular file beneath root; its folder must exist. */
export function writeFileBeneath(root: string, rel: string, data: Uint8Array, opts: OpenOptions = {}): void {
  const found = lookupBeneath(root, rel);
  if (found.rel === '') throw new UnsafePathError(rel, 'it is the folder itself, not a file');
  // No O_TRUNC here: nothing is cut until the descriptor is proven to lie inside the root.
  const fd = fs.openSync(found.abs, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | (opts.create === false ? 0 : O_CREAT), opts.mode ?? 0o600);
  verify(fd, root, rel, 'file', opts);
  try {
    fs.ftruncateSync(fd, 0);
    fs.writeSync(fd, data);
  } finally {
    fs.closeSync(fd);
  }
}

export interface DirEntry {
  name: string;
  stat: fs.Stats;
}

/** The regular files and folders of a folder beneath root (links and special files left out). */
export function listBeneath(root: string, rel: string): DirEntry[] {
  const found = lookupBeneath(root, rel);
  const fd = fs.openSync(found.abs, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  verify(fd, root, rel, 'dir', {}); // closes it when it refuses
  fs.closeSync(fd);
  const out: DirEntry[] = [];
  for (const name of fs.readdirSync(found.abs)) {
    const stat = lstatOrUndefined(path.join(found.abs, name));
    if (stat && (stat.isFile() || stat.isDirectory())) out.push({ name, stat });
  }
  return out;
}

/**
 * Copies a regular file beneath root to `dest` (a new file, 0600, never through a link), without
 * holding it in memory. Returns the bytes copied. For files untrusted code made: streams, output files.
 */
export async function copyOutBeneath(root: string, rel: string, dest: string, opts: OpenOptions & { maxBytes?: number } = {}): Promise<number> {
  const { fd, stat } = openFileBeneath(root, rel, { singleLink: true, ...opts });
  let out: number | undefined;
  try {
    if (opts.maxBytes !== undefined && stat.size > opts.maxBytes) throw new UnsafePathError(rel, `it is larger than ${opts.maxBytes} bytes`);
    fs.rmSync(dest, { force: true });
    out = fs.openSync(dest, O_WRONLY | O_CREAT | fs.constants.O_EXCL | O_NOFOLLOW, 0o600);
    const buf = Buffer.allocUnsafe(1024 * 1024);
    let total = 0;
    for (;;) {
      const n = await new Promise<number>((resolve, reject) => fs.read(fd, buf, 0, buf.length, null, (e, read) => (e ? reject(e) : resolve(read))));
      if (n === 0) break;
      await new Promise<void>((resolve, reject) => fs.write(out!, buf, 0, n, null, (e) => (e ? reject(e) : resolve())));
      total += n;
    }
    return total;
  } finally {
    fs.closeSync(fd);
    if (out !== undefined) fs.closeSync(out);
  }
}
