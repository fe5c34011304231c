// Visits a folder tree that hostile code may have shaped: lstat only, so a link is visited as a
// link and never entered. The visitor may change an entry (owner, mode) before its folder is read.
import * as fs from 'node:fs';
import * as path from 'node:path';

export async function walkTree(root: string, visit: (entry: string, st: fs.Stats) => Promise<void>): Promise<void> {
  const pending = [root];
  while (pending.length) {
    const current = pending.pop()!;
    let st: fs.Stats;
    try {
      st = await fs.promises.lstat(current);
    } catch {
      continue; // gone meanwhile
    }
    try {
      await visit(current, st);
      if (st.isDirectory()) for (const name of await fs.promises.readdir(current)) pending.push(path.join(current, name));
    } catch {
      /* not ours to change or open: the caller's next step says what stayed */
    }
  }
}

/**
 * The same walk, done synchronously for its first `syncEntries` entries and asynchronously after:
 * a run directory usually holds a handful of files, where a thread-pool round trip per entry costs
 * far more than the work; one that a program filled still never blocks the event loop for long.
 */
export async function walkTreeSyncFirst(
  root: string,
  visitSync: (entry: string, st: fs.Stats) => void,
  visitAsync: (entry: string, st: fs.Stats) => Promise<void>,
  syncEntries = 256,
): Promise<void> {
  const pending = [root];
  for (let visited = 0; pending.length && visited < syncEntries; visited++) {
    const current = pending.pop()!;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(current);
    } catch {
      continue; // gone meanwhile
    }
    try {
      visitSync(current, st);
      if (st.isDirectory()) for (const name of fs.readdirSync(current)) pending.push(path.join(current, name));
    } catch {
      /* not ours to change or open: the caller's next step says what stayed */
    }
  }
  for (const rest of pending) await walkTree(rest, visitAsync);
}
