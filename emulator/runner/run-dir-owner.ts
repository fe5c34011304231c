// A root emulator runs programs as the sandbox's own user (./sandbox.ts), so their run directory
// must be theirs: handOver gives it and everything in it to that user before each run. Links are
// changed themselves, never followed (lchown), and the walk never enters a link: whatever the
// previous run left there, nothing outside the run directory changes owner.
import * as fs from 'node:fs';
import * as path from 'node:path';

export async function handOver(dir: string, to: { uid: number; gid: number }): Promise<void> {
  const pending = [dir];
  while (pending.length) {
    const current = pending.pop()!;
    let st: fs.Stats;
    try {
      st = await fs.promises.lstat(current);
    } catch {
      continue; // gone meanwhile
    }
    if (st.uid !== to.uid || st.gid !== to.gid) await fs.promises.lchown(current, to.uid, to.gid);
    if (!st.isDirectory()) continue;
    for (const name of await fs.promises.readdir(current)) pending.push(path.join(current, name));
  }
}
