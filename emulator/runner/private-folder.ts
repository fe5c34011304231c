// A private folder of this emulator process under the system's temporary folder (or another shared
// one, such as /dev/shm): mkdtemp (0700, a
// random name, so no other local user can plant or swap what is in it), removed when the process
// exits. The name carries the pid, so the next emulator removes the folders of one that was killed
// or crashed before its 'exit' handler ran (only a dead process's folders, and only our own).
// Used for the compiled supervisor and launcher (./supervisor-binary.ts), the sandbox's /etc
// (./sandbox-etc.ts) and the runs' work folders (./run-scratch.ts). A run may leave a folder it
// made unreadable (chmod 000): where fs.rm cannot remove one, removeTree opens it up first.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { removeTree } from '../fs-safety/remove-tree';
import { processAlive } from '../../contract';

/** Linux's shared-memory folder (a tmpfs): where a private folder is kept in memory rather than on disk. */
export const SHARED_MEMORY = '/dev/shm';

/** Removes `<base>/<prefix><pid>-*` folders of processes that are gone. */
function removeOrphans(prefix: string, base: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(base);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    const dir = path.join(base, name);
    try {
      // Ours only: another user's folder is left alone (and could not be removed anyway).
      if (fs.lstatSync(dir).uid !== process.getuid?.()) continue;
    } catch {
      continue; // gone
    }
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      void removeTree(dir); // a folder a run left closed: opened up and removed in the background
    }
  }
}

/** A new private folder `<base>/<prefix><pid>-XXXXXX`, gone when the process exits; null when none can be made. */
export function makePrivateFolder(prefix: string, base = os.tmpdir()): string | null {
  removeOrphans(prefix, base);
  let dir: string;
  try {
    dir = fs.mkdtempSync(path.join(base, `${prefix}${process.pid}-`));
  } catch {
    return null;
  }
  process.once('exit', () => {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      /* what a run left closed: the next emulator's removeOrphans opens it up */
    }
  });
  return dir;
}
