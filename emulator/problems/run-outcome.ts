// How one run of the solution on a test case turns into a per-test status, before any judge.
import { round3 } from '../clock';
import type { RunResult } from '../runner/types';
import { STATUS } from '../judges/statuses';

/** Texts of the language metadata's runtime error table (service-notes §2.4). */
const SIGNAL_DESC: Record<number, string> = {
  [-1]: 'NZEC (non-zero exit code was returned by program)',
  6: 'SIGABRT',
  8: 'SIGFPE',
  9: 'SIGKILL',
  11: 'SIGSEGV',
  24: 'SIGXCPU',
  25: 'SIGXFSZ',
};

export function signalDesc(signal: number): string {
  if (signal === 0) return '';
  return SIGNAL_DESC[signal] ?? `signal ${signal}`;
}

export interface RunOutcome {
  /** null: the program finished normally, its output goes to the judge. */
  status: number | null;
  signal: number;
  time: number;
  memory: number;
}

export function runOutcome(r: RunResult, timeLimitSec: number): RunOutcome {
  const base = { time: round3(r.timeSec), memory: Math.round(r.memoryKb) };
  // The limit itself, as the Compilers side reports it: the kill lands a few milliseconds after the
  // limit, and a time above it (2.01 s for 2 s) would read as the service timing the program wrong.
  if (r.timedOut || r.timeSec > timeLimitSec) return { ...base, status: STATUS.timeLimit, signal: r.signal ?? 0, time: timeLimitSec };
  if (r.memoryExceeded) return { ...base, status: STATUS.memoryLimit, signal: r.signal ?? 0 };
  // Too many processes: the service forbids forking at the system call level.
  if (r.processLimitExceeded) return { ...base, status: STATUS.illegalCall, signal: r.signal ?? 9 };
  if (r.outputExceeded) return { ...base, status: STATUS.runtimeError, signal: 25 };
  if (r.signal !== null && r.signal !== 0) return { ...base, status: STATUS.runtimeError, signal: r.signal };
  if (r.exitCode !== 0) return { ...base, status: STATUS.runtimeError, signal: -1 };
  return { ...base, status: null, signal: 0 };
}
