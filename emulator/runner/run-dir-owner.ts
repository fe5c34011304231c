// A root emulator runs programs as the sandbox's own user (./sandbox.ts), so their run directory
// must be theirs: handOver gives it and everything in it to that user before each run. Links are
// changed themselves, never followed (lchown), and the walk never enters a link: whatever the
// previous run left there, nothing outside the run directory changes owner. A folder is changed
// through its own descriptor (../fs-safety/walk-tree.ts), so depth beyond PATH_MAX is no hiding place.
import * as fs from 'node:fs';
import { walkTree } from '../fs-safety/walk-tree';

export async function handOver(dir: string, to: { uid: number; gid: number }): Promise<void> {
  const foreign = (st: fs.Stats) => st.uid !== to.uid || st.gid !== to.gid;
  await walkTree(dir, {
    before: (v) => {
      if (!foreign(v.st)) return;
      if (v.st.isDirectory()) fs.chownSync(v.self, to.uid, to.gid);
      else fs.lchownSync(v.inParent, to.uid, to.gid);
    },
  });
}
