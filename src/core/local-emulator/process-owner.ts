// Whether a recorded pid is an emulator this user runs, before anything is sent to it or a signal
// is aimed at it. A pid from the instance file may since belong to anything: another user's process
// (kill(pid, 0) then fails with EPERM, which says only that it exists), or a program of this user
// that reused the number. On Linux /proc tells both: the real uid in /proc/<pid>/status, and the
// command line in /proc/<pid>/cmdline (the emulator bundle run with `--data <its data directory>`).
// Elsewhere only "this user may signal it" is known; the token challenge (challenge.ts) then
// decides whether it is the emulator.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface ProcessFacts {
  /** Real uid from /proc/<pid>/status, or undefined when unknown. */
  uid?: number;
  argv?: string[];
  /** kill(pid, 0) succeeded: it exists and this user may signal it. */
  signalable: boolean;
}

export function processFacts(pid: number): ProcessFacts {
  let signalable = false;
  try {
    process.kill(pid, 0);
    signalable = true;
  } catch {
    signalable = false;
  }
  const facts: ProcessFacts = { signalable };
  if (process.platform !== 'linux') return facts;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
    if (uid !== undefined) facts.uid = Number(uid);
    facts.argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    /* gone, or /proc hidden: facts stay unknown */
  }
  return facts;
}

/**
 * True when `facts` describe the emulator bundle (a script named emulator.js) run by this user on
 * `dataDir`. Without /proc (macOS, Windows): true when this user may signal it.
 */
export function isOwnEmulator(facts: ProcessFacts, dataDir: string, myUid: number | undefined = process.getuid?.()): boolean {
  if (!facts.signalable) return false;
  if (process.platform !== 'linux' && facts.argv === undefined) return true;
  if (facts.uid === undefined || facts.argv === undefined || myUid === undefined || facts.uid !== myUid) return false;
  const runsEmulator = facts.argv.some((arg) => path.basename(arg) === 'emulator.js');
  const data = facts.argv.indexOf('--data');
  return runsEmulator && data > 0 && path.resolve(facts.argv[data + 1] ?? '') === path.resolve(dataDir);
}
