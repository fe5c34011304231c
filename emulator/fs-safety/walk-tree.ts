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
