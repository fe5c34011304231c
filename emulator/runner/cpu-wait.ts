// Time a run spent waiting for a CPU, which the wall-clock guard does not count: a program that is
// runnable but not given a core (a busy machine, and with the kernel's autogroup scheduling every
// session, each sandboxed run included, gets an equal share) is neither sleeping nor blocked, and
// ending it would make its verdict depend on the machine's load (issue 37). The kernel keeps that
// time per thread (schedstat's run_delay, CONFIG_SCHED_INFO). The C and python3 supervisors read
// the same files in their own language; this is the Node monitor's copy of the rule and the check
// the start banner makes.
import * as fs from 'node:fs';
import { wallCapMs, wallGuardMs } from './supervisor-command';
import type { RunSpec } from './types';

/** Whether this kernel reports the time a thread waited for a CPU (/proc/<pid>/schedstat). */
export function cpuWaitReported(): boolean {
  try {
    return fs.readFileSync('/proc/self/schedstat', 'latin1').trim().split(/\s+/).length >= 2;
  } catch {
    return false;
  }
}

/** What the run's threads say of their waits for a CPU. */
export interface CpuWaits {
  /** The longest time, in seconds, that any live thread has spent runnable but waiting for a CPU. */
  longestSec: number;
  /** Whether a thread is runnable now (state R): it may be in a wait the kernel has not counted yet. */
  runnable: boolean;
}

/**
 * The waits of these processes' threads. The longest, not the sum: threads that wait at once for
 * the same cores would count that time twice. A program cannot raise it without CPU time of its
 * own (its other threads run meanwhile), which the limit counts. The kernel adds a wait to the
 * count only when it ends (the thread gets a CPU), hence `runnable`.
 */
export function cpuWaits(pids: Iterable<number>): CpuWaits {
  const waits: CpuWaits = { longestSec: 0, runnable: false };
  for (const pid of pids) {
    let tids: string[];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // ended meanwhile
    }
    for (const tid of tids) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'latin1');
        if (stat[stat.lastIndexOf(')') + 2] === 'R') waits.runnable = true;
        const waitedNs = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'latin1').split(' ')[1]);
        if (Number.isFinite(waitedNs)) waits.longestSec = Math.max(waits.longestSec, waitedNs / 1e9);
      } catch {
        /* ended meanwhile */
      }
    }
  }
  return waits;
}

/**
 * A run's wall-clock guard, as each supervisor applies it: passed when no thread of the run is
 * runnable and the wall time not spent waiting for a CPU reaches the guard, or when the plain wall
 * time reaches the cap. A runnable thread costs CPU time as soon as a core is free, which the limit
 * counts. The threads are read only once the plain wall time has passed the guard, so a run that
 * ends in time pays nothing for them; the longest wait seen is kept, as a thread that ends takes its
 * count with it.
 */
export class WallGuard {
  private waitedSec = 0;
  private readonly guardMs: number;
  private readonly capMs: number;

  constructor(spec: Pick<RunSpec, 'timeLimitMs' | 'wallLimitMs'>) {
    this.guardMs = wallGuardMs(spec);
    this.capMs = wallCapMs(spec);
  }

  /** `pids`: the run's live processes, iterated only once the plain wall time is past the guard. */
  passed(elapsedMs: number, pids: Iterable<number>): boolean {
    if (elapsedMs < this.guardMs) return false;
    if (elapsedMs >= this.capMs) return true;
    const waits = cpuWaits(pids);
    this.waitedSec = Math.max(this.waitedSec, waits.longestSec);
    return !waits.runnable && elapsedMs - this.waitedSec * 1000 >= this.guardMs;
  }
}
