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

const totals: RunnerPhases = { runs: 0, supervisor: 'none', handOverMs: 0, descriptorsMs: 0, programMs: 0, programCpuMs: 0, superviseMs: 0, totalMs: 0, firstAt: 0, lastAt: 0 };

export function recordRun(run: Omit<RunnerPhases, 'runs' | 'firstAt' | 'lastAt'>): void {
  const now = Date.now();
  totals.firstAt = totals.runs ? Math.min(totals.firstAt, now - run.totalMs) : now - run.totalMs;
  totals.lastAt = now;
  totals.runs++;
  totals.supervisor = run.supervisor;
  for (const key of ['handOverMs', 'descriptorsMs', 'programMs', 'programCpuMs', 'superviseMs', 'totalMs'] as const) totals[key] += run[key];
}

/** The sums since the process started (or the last reset). */
export function runnerPhases(): RunnerPhases {
  return { ...totals };
}

export function resetRunnerPhases(): void {
  Object.assign(totals, { runs: 0, handOverMs: 0, descriptorsMs: 0, programMs: 0, programCpuMs: 0, superviseMs: 0, totalMs: 0, firstAt: 0, lastAt: 0 });
}
