// Removes a folder that untrusted code may have left behind (issue 26 item 9): a `chmod 500` or
// `chmod 000` folder inside it makes fs.rm throw EACCES, which once stopped the emulator and every
// later start. Here each folder is made writable (owner rwx) before its entries go, links are
// removed as links (never followed), and nothing throws: what cannot be removed is logged and left.
import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { walkTreeSyncFirst } from './walk-tree';

const defaultLog = (msg: string) => console.error(`[emulator] ${msg}`);

async function removeDir(dir: string, problems: string[]): Promise<void> {
  try {
    await fsp.chmod(dir, 0o700);
  } catch (err) {
    // Not ours (another user's) or already gone: try anyway, the rmdir below reports it.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
  }
  let names: string[] = [];
  try {
    names = await fsp.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    problems.push(`${dir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  for (const name of names) await removeEntry(path.join(dir, name), problems);
  try {
    await fsp.rmdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && !(code === 'ENOTEMPTY' && problems.length)) problems.push(`${dir}: ${code ?? (err as Error).message}`);
  }
}

async function removeEntry(p: string, problems: string[]): Promise<void> {
  let isDir = false;
  try {
    isDir = (await fsp.lstat(p)).isDirectory();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    problems.push(`${p}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    return;
  }
  if (isDir) return removeDir(p, problems);
  try {
    await fsp.unlink(p);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') problems.push(`${p}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

/**
 * Removes `dir` and everything in it, making each folder writable first. Never throws; logs one
 * line naming what could not be removed (and why), so a leftover never stops a run or a start.
 */
export async function removeTree(dir: string, log: (msg: string) => void = defaultLog): Promise<void> {
  const problems: string[] = [];
  try {
    await removeEntry(dir, problems);
  } catch (err) {
    problems.push(`${dir}: ${(err as Error).message}`);
  }
  if (problems.length) {
    log(`could not remove everything in ${dir} (${problems.length} left): ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; …' : ''}`);
  }
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
    earlier = fs.readdirSync(path.dirname(dir)).filter((n) => n.startsWith(prefix)).map((n) => path.join(path.dirname(dir), n));
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
  const closed = (st: fs.Stats) => st.isDirectory() && (st.mode & 0o700) !== 0o700;
  await walkTreeSyncFirst(
    dir,
    (entry, st) => closed(st) && fs.chmodSync(entry, (st.mode & 0o7777) | 0o700),
    async (entry, st) => {
      if (closed(st)) await fsp.chmod(entry, (st.mode & 0o7777) | 0o700);
    },
  );
}
