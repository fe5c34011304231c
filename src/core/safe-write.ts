// Writes into a folder someone else may control (a problem folder or Kattis package from a pull
// request, an export target) that never follow a link into or out of it (issue 36 item 3: with
// `tests -> a folder outside` and `statement.md -> a file of the user's` in the target, an import
// wrote into the outside folder and overwrote the user's file).
//
// Every folder on the way from `root` down to the file is looked at without following it
// (lstat), made when missing, and refused when it is a link; the file is written under a new
// temporary name in that real folder, opened O_CREAT|O_EXCL|O_NOFOLLOW (a name a link took meanwhile
// is refused, never followed), and renamed over the destination: a rename replaces the name, it
// never writes through it. A destination that is itself a link is refused, naming it. `root` itself
// is the folder the person chose, and may be reached through links of their own.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** A write refused because a link (or something other than a folder) stands where we would write. */
export class UnsafeWriteError extends Error {
  override readonly name = 'UnsafeWriteError';
  constructor(
    message: string,
    /** The path that holds the link. */
    readonly path: string,
  ) {
    super(message);
  }
}

const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;

function refuse(at: string, target: string, what: string): never {
  const where = at === target ? `${target} is ${what}` : `${at} is ${what}, on the way to ${target}`;
  throw new UnsafeWriteError(`${where}: nothing was written there, since a write never follows a link out of the folder. Remove or rename ${at}, then try again.`, at);
}

/** The parts of `target` below `root`; refuses a target outside it. */
function partsBelow(root: string, target: string): string[] {
  const rel = path.relative(path.resolve(root), path.resolve(target));
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) throw new UnsafeWriteError(`${target} is not inside ${root}: nothing was written there.`, target);
  return rel.split(path.sep);
}

/** Makes (or finds) each folder from `root` down to `dir`, none of them a link; errors name `target`. */
export function safeMkdir(root: string, dir: string, target = dir): void {
  if (path.resolve(dir) === path.resolve(root)) {
    fs.mkdirSync(root, { recursive: true });
    return;
  }
  const parts = partsBelow(root, dir);
  fs.mkdirSync(root, { recursive: true });
  let at = path.resolve(root);
  for (const part of parts) {
    at = path.join(at, part);
    let st = fs.lstatSync(at, { throwIfNoEntry: false });
    if (!st) {
      try {
        fs.mkdirSync(at);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      st = fs.lstatSync(at);
    }
    if (st.isSymbolicLink()) refuse(at, target, 'a link');
    if (!st.isDirectory()) refuse(at, target, 'not a folder');
  }
}

/** Writes `data` to `target` (inside `root`) through a temporary name and a rename, following no link. */
export function safeWriteFile(root: string, target: string, data: string | Uint8Array, mode = 0o666): void {
  partsBelow(root, target);
  const parent = path.dirname(path.resolve(target));
  safeMkdir(root, parent, target);
  const existing = fs.lstatSync(target, { throwIfNoEntry: false });
  if (existing?.isSymbolicLink()) refuse(target, target, 'a link');
  if (existing && !existing.isFile()) refuse(target, target, 'not a regular file');
  const temp = path.join(parent, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NOFOLLOW, mode);
  try {
    try {
      fs.writeFileSync(fd, data);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, target);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

/** Copies the regular file `from` to `target` (inside `root`) as safeWriteFile writes. */
export function safeCopyFile(root: string, from: string, target: string): void {
  safeWriteFile(root, target, fs.readFileSync(from), fs.statSync(from).mode & 0o777);
}
