// Removes a folder that untrusted code may have left behind (issue 26 item 9): a `chmod 500` or
// `chmod 000` folder inside it makes fs.rm throw EACCES, which once stopped the emulator and every
// later start. Here each folder is made writable (owner rwx) before its entries go, links are
// removed as links (never followed), and nothing throws: what cannot be removed is logged and left.
// The walk names every entry through its open folder (./walk-tree.ts), so a chain of folders deeper
// than PATH_MAX goes like any other (issue 36: fs.rm and a path walk both left it for ever).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { walkTree } from './walk-tree';

const defaultLog = (msg: string) => console.error(`[emulator] ${msg}`);

/** Owner rwx on a folder that lacks it (through its descriptor: the folder itself, never a link). */
function openUp(self: string, st: fs.Stats): void {
  if (st.isDirectory() && (st.mode & 0o700) !== 0o700) fs.chmodSync(self, (st.mode & 0o7777) | 0o700);
}

/**
 * Removes `dir` and everything in it, making each folder writable first. Never throws; logs one
 * line naming what could not be removed (and why), so a leftover never stops a run or a start.
 */
export async function removeTree(dir: string, log: (msg: string) => void = defaultLog): Promise<void> {
  const problems: string[] = [];
  const note = (rel: string, err: NodeJS.ErrnoException) => problems.push(`${shorten(rel)}: ${err.code ?? err.message}`);
  await walkTree(dir, {
    before: (v) => openUp(v.self, v.st),
    after: (v) => {
      try {
        if (v.st.isDirectory()) fs.rmdirSync(v.inParent);
        else fs.unlinkSync(v.inParent);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        // A folder that kept an entry: that entry is already in the list.
        if (code !== 'ENOENT' && !(code === 'ENOTEMPTY' && problems.length)) note(v.rel, err as NodeJS.ErrnoException);
      }
    },
    problem: note,
  });
  if (problems.length) {
    log(`could not remove everything in ${dir} (${problems.length} left): ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; …' : ''}`);
  }
}

/** A path deeper than anyone reads: its start and its end. */
function shorten(rel: string): string {
  return rel.length > 300 ? `${rel.slice(0, 140)}…${rel.slice(-140)}` : rel;
}

/**
 * Moves `dir` out of the way at once (a rename, which a leftover inside cannot block) and removes
 * it in the background: a start or a new run never waits on, or dies of, what a run left behind.
 */
export function discardTree(dir: string, log: (msg: string) => void = defaultLog): Promise<void> {
  const prefix = `${path.basename(dir)}.discarded-`;
  const aside = path.join(path.dirname(dir), `${prefix}${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`);
  // Earlier discards of the same folder that could not be removed then get another try now.
  let earlier: string[] = [];
  try {
    earlier = fs
      .readdirSync(path.dirname(dir))
      .filter((n) => n.startsWith(prefix))
      .map((n) => path.join(path.dirname(dir), n));
  } catch {
    earlier = [];
  }
  let target: string | undefined = aside;
  try {
    fs.renameSync(dir, aside);
  } catch (err) {
    target = (err as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : dir;
  }
  return (async () => {
    for (const old of earlier) await removeTree(old, log);
    if (target) await removeTree(target, log);
  })();
}

/**
 * A private folder (0700) of the emulator's own, empty from now on: what an earlier emulator left
 * there is discarded (discardTree: moved aside at once, removed in the background).
 */
export function startEmpty(dir: string): void {
  void discardTree(dir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * Gives the owner rwx on every folder of the tree that lacks it (never through a link): a run as
 * another user ends with its folders opened up, so the modules' own cleanup can remove them.
 */
export async function makeWritable(dir: string): Promise<void> {
  await walkTree(dir, { before: (v) => openUp(v.self, v.st) });
}
