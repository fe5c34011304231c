// Where the work folders of runs go (issue 37, throughput): a compiled program, each test case's
// output and error, an interactive run's pipes. They are not state (a start discards them), yet a
// judged test case makes and removes about ten files there. On a disk file system each new file
// costs the emulator's one thread a journal transaction: on this machine's ext4, 38 % of the
// emulator's CPU went to open(O_CREAT), mkdir and mkdtemp (BENCHMARKS.md, issue 37). On a tmpfs it
// is a few microseconds. So they go in a private folder in /dev/shm when that is a tmpfs we can
// write (Linux mounts one there for POSIX shared memory), the way problemtools and CMS put their
// work folders in the system's temporary folder; else in the data directory, as before.
//
// - Private: makePrivateFolder's mkdtemp 0700 folder, named with the pid, so the next emulator
//   removes what a killed one left (./private-folder.ts); each caller gets its own folder inside.
// - Memory: a tmpfs holds its files in RAM. What a run writes there is bounded by its output and
//   disk limits (DISK_LIMIT_BYTES) and goes with the run; a run's own /tmp was a tmpfs already.
//   `--work-on-disk` keeps them in the data directory, for a machine short of memory.
// - A stream kept from a run (a test case's output) is moved into the data directory: a blob when
//   small, else a rename where both are on one file system or a copy (../store/kept-streams.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { discardTree, startEmpty } from '../fs-safety/remove-tree';
import { makePrivateFolder, SHARED_MEMORY } from './private-folder';

const TMPFS_MAGIC = 0x01021994;
const PREFIX = 'se-scratch-';

let shared: string | null | undefined;

/** This process's private folder on a tmpfs, made at first use; null where there is none. */
function tmpfsRoot(): string | null {
  if (shared !== undefined) return shared;
  shared = null;
  try {
    if (fs.statfsSync(SHARED_MEMORY).type === TMPFS_MAGIC) shared = makePrivateFolder(PREFIX, SHARED_MEMORY);
  } catch {
    shared = null; // no /dev/shm here: the data directory it is
  }
  return shared;
}

/**
 * A new, empty, private folder for one module's run work folders: on a tmpfs when there is one,
 * else (or with --work-on-disk) `inDataDir`, emptied of what an earlier emulator left.
 */
export function runScratchFolder(inDataDir: string, name: string, { onDisk = false } = {}): string {
  const root = onDisk ? null : tmpfsRoot();
  if (root) {
    try {
      const folder = fs.mkdtempSync(path.join(root, `${name}-`));
      if (fs.existsSync(inDataDir)) void discardTree(inDataDir); // an earlier emulator's, from before a restart
      return folder;
    } catch {
      /* full or gone: the data directory below */
    }
  }
  startEmpty(inDataDir);
  return inDataDir;
}
