// The limits custom judges (test case judges, interactors, master judges) run with: their own,
// never the submission's. A judge is the problem author's program, checking an answer that may be
// far larger than what the submission needed memory for (a Python validator holding a large
// test in memory), so its memory limit is its own; its time limit is its own too (an interactor
// also gets the program's time limit on top, since it waits for the program while it runs).
// A judge stopped by one of these limits is a judge error (21), and the debug stream says which
// limit and what to do; a judge that only died because the program did (see interactive-run.ts)
// gives the program's verdict instead.
import type { RunResult } from '../runner/types';

export const JUDGE_LIMITS = {
  timeLimitMs: 10_000,
  memoryLimitKb: 1024 * 1024,
  outputLimitBytes: 16 * 1024 * 1024,
  // A judge's memory is watched (sampled, then stopped), not refused at allocation as a
  // submission's is: a judge whose allocation failed would exit 1, which the judge protocol reads
  // as "rejected", and the submission would get a wrong answer that is the judge's fault. Stopped,
  // it is known to have hit its limit, and that is a judge error that says so.
  dataLimitKb: null,
};

/** Why a judge run did not give a verdict, in words for the debug stream. */
export function judgeFailure(what: string, r: RunResult, limits: { timeLimitMs: number; memoryLimitKb: number; outputLimitBytes: number }): string {
  const fix = 'make it fit, or split the test case';
  if (r.timedOut) return `${what} was stopped by its own time limit (${limits.timeLimitMs / 1000} s; the submission's limit does not apply to it): ${fix}`;
  if (r.memoryExceeded) return `${what} was stopped by its own memory limit (${Math.round(limits.memoryLimitKb / 1024)} MiB; the submission's limit does not apply to it): ${fix}`;
  if (r.outputExceeded)
    return `${what} wrote more than its own output limit (${Math.round(limits.outputLimitBytes / 1024 / 1024)} MiB) on its score or debug stream: write less there`;
  const how = r.exitCode !== null ? `exited with ${r.exitCode}` : `was killed by signal ${r.signal}`;
  return `${what} failed (${how}; a judge exits 0 to accept and 1 to reject): read its debug output below and fix it`;
}
