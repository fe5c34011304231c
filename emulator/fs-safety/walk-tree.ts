// Visits a folder tree that hostile code may have shaped (a run directory, what a crashed emulator
// left). What a path-based walk (join, lstat, readdir) gets wrong here, and how this one does not:
// - Depth. A program can make a chain of folders deeper than PATH_MAX (25 folders of 200-character
//   names): every path to its bottom fails with ENAMETOOLONG, so a path walk never counts, opens
//   up or removes it (issue 36). Here every entry is named through its open folder,
//   `/proc/self/fd/<fd>/<name>`: the kernel resolves that magic link to the folder itself, so no
//   name we hand it is longer than a few dozen bytes, whatever the depth. The walk holds one
//   descriptor at a time and climbs back by `..`, checked against the folder it came from (device
//   and inode): a depth of a million costs no more descriptors than a depth of one.
// - Links. Entries are lstat'ed, folders opened O_NOFOLLOW | O_DIRECTORY (O_PATH: even a folder
//   left mode 000 opens) and checked to be the folder lstat saw; a link is visited as a link.
// - Modes. The visitor sees a folder before it is read (`before`: open up its modes, change its
//   owner) and again after its entries (`after`: remove it).
// Synchronous calls, with a pause for the event loop every `chunk` entries: a run directory
// usually holds a handful of files, where a thread-pool round trip per entry costs more than the
// work, and one a program filled still never blocks the event loop for long.
// Without /proc (not Linux) folders are named by their path, as before: deep chains stay out of reach.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface Visit {
  /**
   * A folder: a name of the folder itself (through its descriptor), safe to follow (chmod, chown).
   * Anything else: the same as `inParent`.
   */
  self: string;
  /** The entry's name in its open parent folder (never follow it: lchown, unlink, rmdir). */
  inParent: string;
  /** For messages: the entry's path from the root (possibly longer than PATH_MAX). */
  rel: string;
  st: fs.Stats;
}

export interface TreeVisitor {
  /** Every entry; a folder before it is read. */
  before?(v: Visit): void;
  /** Every entry; a folder after all its entries. */
  after?(v: Visit): void;
  /** Something could not be looked at, opened or read (ENOENT is not reported: gone meanwhile). */
  problem?(rel: string, err: NodeJS.ErrnoException): void;
}

/** O_PATH (Linux, x86 and ARM): a descriptor that names a folder without the right to read it. */
const O_PATH = 0o10000000;
const BY_FD = process.platform === 'linux' && fs.existsSync('/proc/self/fd');
const FOLDER_FLAGS = (BY_FD ? O_PATH : fs.constants.O_RDONLY) | fs.constants.O_DIRECTORY | fs.constants.O_NOFOLLOW;

interface Frame {
  name: string;
  fd: number;
  self: string;
  inParent: string;
  rel: string;
  st: fs.Stats;
  names: string[];
  next: number;
}

const sameFile = (a: fs.Stats, b: fs.Stats) => a.dev === b.dev && a.ino === b.ino;
const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

function openFolder(name: string, inParent: string, rel: string, st: fs.Stats, visitor: TreeVisitor): Frame | undefined {
  let fd = -1;
  try {
    fd = fs.openSync(inParent, FOLDER_FLAGS);
    // The folder lstat saw, not one swapped in since (nothing else should be writing here).
    if (!sameFile(fs.fstatSync(fd), st)) throw Object.assign(new Error('replaced while walked'), { code: 'ESTALE' });
  } catch (err) {
    if (fd >= 0) fs.closeSync(fd);
    if (code(err) !== 'ENOENT') visitor.problem?.(rel, err as NodeJS.ErrnoException);
    return undefined;
  }
  const self = BY_FD ? `/proc/self/fd/${fd}` : inParent;
  const frame: Frame = { name, fd, self, inParent, rel, st, names: [], next: 0 };
  try {
    visitor.before?.({ self, inParent, rel, st });
  } catch (err) {
    visitor.problem?.(rel, err as NodeJS.ErrnoException);
  }
  try {
    frame.names = fs.readdirSync(self);
  } catch (err) {
    if (code(err) !== 'ENOENT') visitor.problem?.(rel, err as NodeJS.ErrnoException);
  }
  return frame;
}

/** Finds the parent again through `..` of the folder just finished (its descriptor was closed on the way down). */
function reopenParent(done: Frame, parent: Frame): void {
  if (!BY_FD) return;
  const fd = fs.openSync(`${done.self}/..`, FOLDER_FLAGS);
  if (!sameFile(fs.fstatSync(fd), parent.st)) {
    fs.closeSync(fd);
    throw Object.assign(new Error(`${parent.rel} moved while walked`), { code: 'ESTALE' });
  }
  parent.fd = fd;
  parent.self = `/proc/self/fd/${fd}`;
}

function closeFrame(frame: Frame): void {
  if (frame.fd >= 0) fs.closeSync(frame.fd);
  frame.fd = -1;
}

function visitLeaf(visitor: TreeVisitor, v: Visit): void {
  try {
    visitor.before?.(v);
    visitor.after?.(v);
  } catch (err) {
    visitor.problem?.(v.rel, err as NodeJS.ErrnoException);
  }
}

/** Walks `root` depth-first; never throws (what went wrong goes to `visitor.problem`). */
export async function walkTree(root: string, visitor: TreeVisitor, chunk = 256): Promise<void> {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(root);
  } catch (err) {
    if (code(err) !== 'ENOENT') visitor.problem?.(root, err as NodeJS.ErrnoException);
    return;
  }
  if (!st.isDirectory()) return visitLeaf(visitor, { self: root, inParent: root, rel: root, st });
  const first = openFolder(root, root, root, st, visitor);
  if (!first) return;
  const stack: Frame[] = [first];
  let steps = 0;
  try {
    while (stack.length) {
      if (++steps % chunk === 0) await new Promise((resolve) => setImmediate(resolve));
      const top = stack[stack.length - 1];
      if (top.next < top.names.length) {
        const name = top.names[top.next++];
        const inParent = `${top.self}/${name}`;
        const rel = path.join(top.rel, name);
        let entry: fs.Stats;
        try {
          entry = fs.lstatSync(inParent);
        } catch (err) {
          if (code(err) !== 'ENOENT') visitor.problem?.(rel, err as NodeJS.ErrnoException);
          continue;
        }
        if (!entry.isDirectory()) {
          visitLeaf(visitor, { self: inParent, inParent, rel, st: entry });
          continue;
        }
        const child = openFolder(name, inParent, rel, entry, visitor);
        if (!child) continue;
        // One descriptor at a time: the parent is found again by `..` on the way back.
        if (BY_FD) closeFrame(top);
        stack.push(child);
        continue;
      }
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) reopenParent(top, parent);
      const inParent = parent && BY_FD ? `${parent.self}/${top.name}` : top.inParent;
      try {
        visitor.after?.({ self: top.self, inParent, rel: top.rel, st: top.st });
      } catch (err) {
        visitor.problem?.(top.rel, err as NodeJS.ErrnoException);
      }
      closeFrame(top);
    }
  } catch (err) {
    visitor.problem?.(stack[stack.length - 1]?.rel ?? root, err as NodeJS.ErrnoException);
  } finally {
    for (const frame of stack) closeFrame(frame);
  }
}
