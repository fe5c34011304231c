// A root emulator runs programs as the sandbox's own user (./sandbox.ts), so their run directory
// must be theirs: handOver gives it and everything in it to that user before each run. Links are
// changed themselves, never followed (lchown), and the walk never enters a link: whatever the
// previous run left there, nothing outside the run directory changes owner.
import * as fs from 'node:fs';
import { walkTreeSyncFirst } from '../fs-safety/walk-tree';

export async function handOver(dir: string, to: { uid: number; gid: number }): Promise<void> {
  const foreign = (st: fs.Stats) => st.uid !== to.uid || st.gid !== to.gid;
  await walkTreeSyncFirst(
    dir,
    (entry, st) => foreign(st) && fs.lchownSync(entry, to.uid, to.gid),
    async (entry, st) => {
      if (foreign(st)) await fs.promises.lchown(entry, to.uid, to.gid);
    },
  );
}
