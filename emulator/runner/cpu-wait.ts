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

/**
 * The longest time, in seconds, that any live thread of these processes has spent runnable but
 * waiting for a CPU. The largest, not the sum: threads that wait at once for the same cores would
 * count that time twice. A program cannot raise it without CPU time of its own (its other threads
 * run meanwhile), which the limit counts.
 */
export function longestCpuWaitSec(pids: Iterable<number>): number {
  let longest = 0;
  for (const pid of pids) {
    let tids: string[];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // ended meanwhile
    }
    for (const tid of tids) {
      try {
        const waitedNs = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'latin1').split(' ')[1]);
        if (Number.isFinite(waitedNs)) longest = Math.max(longest, waitedNs / 1e9);
      } catch {
        /* ended meanwhile */
      }
    }
  }
  return longest;
}

/**
 * A run's wall-clock guard, as each supervisor applies it: passed when the wall time not spent
 * waiting for a CPU reaches the guard, or the plain wall time the cap. The waits are read only once
 * the plain wall time has passed the guard, so a run that ends in time pays nothing for them; the
 * largest seen is kept, as a thread that ends takes its count with it.
 */
export class WallGuard {
  private waitedSec = 0;
  private readonly guardMs: number;
  private readonly capMs: number;

  constructor(spec: Pick<RunSpec, 'timeLimitMs' | 'wallLimitMs'>) {
    this.guardMs = wallGuardMs(spec);
    this.capMs = wallCapMs(spec);
  }

  passed(elapsedMs: number, pids: () => Iterable<number>): boolean {
    if (elapsedMs < this.guardMs) return false;
    if (elapsedMs >= this.capMs) return true;
    this.waitedSec = Math.max(this.waitedSec, longestCpuWaitSec(pids()));
    return elapsedMs - this.waitedSec * 1000 >= this.guardMs;
  }
}
