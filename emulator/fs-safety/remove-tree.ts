// Removing what submitted code left behind. A program may leave a folder without write or search
// permission (chmod 500, 000): a plain recursive removal then throws EACCES, once killed the whole
// emulator, and left the run directory in place for ever. Here a folder is made writable first
// (links are never followed: only what lies inside the tree changes), what still cannot be removed
// is logged, and nothing throws.
import * as fs from 'node:fs';
import { walkTree } from './walk-tree';

/** Gives the owner rwx on every folder of the tree that lacks it (never through a link). */
export async function makeWritable(dir: string): Promise<void> {
  await walkTree(dir, async (entry, st) => {
    if (st.isDirectory() && (st.mode & 0o700) !== 0o700) await fs.promises.chmod(entry, (st.mode & 0o7777) | 0o700);
  });
}

export async function removeTree(dir: string, log: (msg: string) => void = (m) => console.error(m)): Promise<void> {
  try {
    await fs.promises.rm(dir, { recursive: true, force: true });
    return;
  } catch {
    /* a folder the code made unwritable: open it up and try again */
  }
  await makeWritable(dir);
  try {
    await fs.promises.rm(dir, { recursive: true, force: true });
  } catch (err) {
    log(`[emulator] could not remove ${dir}: ${(err as Error).message}`);
  }
}
