// Where a run's time goes on the emulator's side, summed over every run of this process: the
// judge-many and emulator benches print it (through GET /__emulator/runner with --test-hooks) to
// compare the runner's overhead with a bare bubblewrap start. Counting only, never a decision.

export interface RunnerPhases {
  runs: number;
  /** Which supervisor ran the last run. */
  supervisor: 'c' | 'python' | 'node' | 'none';
  /** Root emulator: giving the run directory to the sandbox's user. */
  handOverMs: number;
  /** Opening stdin/stdout/stderr and the extra descriptors. */
  descriptorsMs: number;
  /** The program's own wall time, as the supervisor measured it. */
  programMs: number;
  /** The program's own CPU time (user + system, every process it started), as the supervisor measured it. */
  programCpuMs: number;
  /** Spawn until the sandbox's process closed: bubblewrap, the supervisor, the program, the last look. */
  superviseMs: number;
  /** Everything in runProcess, from its call to its answer. */
  totalMs: number;
  /** When the first run began and the last one ended (ms since the epoch; 0 before any): the runs' own window, for runs a second. */
  firstAt: number;
  lastAt: number;
}

/** The phases each run adds to: what a reader subtracts two readings by (the judge-many bench). */
export const SUMMED_PHASES = ['handOverMs', 'descriptorsMs', 'programMs', 'programCpuMs', 'superviseMs', 'totalMs'] as const;

const ZERO = { runs: 0, ...Object.fromEntries(SUMMED_PHASES.map((key) => [key, 0])), firstAt: 0, lastAt: 0 } as Omit<RunnerPhases, 'supervisor'>;
const totals: RunnerPhases = { ...ZERO, supervisor: 'none' };

export function recordRun(run: Omit<RunnerPhases, 'runs' | 'firstAt' | 'lastAt'>): void {
  const now = Date.now();
  totals.firstAt = totals.runs ? Math.min(totals.firstAt, now - run.totalMs) : now - run.totalMs;
  totals.lastAt = now;
  totals.runs++;
  totals.supervisor = run.supervisor;
  for (const key of SUMMED_PHASES) totals[key] += run[key];
}

/** The sums since the process started (or the last reset). */
export function runnerPhases(): RunnerPhases {
  return { ...totals };
}

export function resetRunnerPhases(): void {
  Object.assign(totals, ZERO);
}
