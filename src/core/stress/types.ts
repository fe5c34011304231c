// Stress testing's vocabulary, free of `vscode` and of any HTTP: what one run of a program
// ended with, what a runner must do (run one program on many inputs at once), and what a
// session ends with. The runner and the output comparison are handed in, so the round loop
// is the same for the extension, the bench and unit tests.

/** The three programs of a session. A checker is not supported yet (outputs are compared). */
export type StressRole = 'generator' | 'solution' | 'reference';

/** What one run ended with, reduced to what stress testing decides on. */
export type RunKind = 'ok' | 'crash' | 'timeout' | 'compile-error' | 'other';

export interface ProgramRun {
  kind: RunKind;
  /** The service's status name, e.g. "runtime error". */
  statusName: string;
  stdout: string;
  stderr?: string;
  cmpinfo?: string;
  /** Seconds, as the service reports it. */
  time?: number | null;
  /** The submission that ran it, to name in messages. */
  id?: number;
}

/**
 * Runs one of the session's programs once per input, all inputs at once (one wait for all).
 * Throws when the runs could not be made (HTTP errors, cancel); a program failing is a result.
 */
export interface StressRunner {
  run(role: StressRole, inputs: readonly string[], signal?: AbortSignal): Promise<ProgramRun[]>;
  /** What a run was read without (a runner may leave out the error stream of runs that ended well), for a round about to be shown. */
  complete?(run: ProgramRun, signal?: AbortSignal): Promise<ProgramRun>;
}

/** The comparison "Run With All Inputs" uses; `same` decides, `line` is shown. */
export type CompareOutputs = (expected: string, actual: string) => { same: boolean; line?: number };

export interface StressCase {
  seed: number;
  size: number;
  /** What the generator printed: the input the two solutions got. */
  input: string;
  solution: ProgramRun;
  reference: ProgramRun;
  /** 1-based line of the first difference (wrong answers). */
  line?: number;
}

export type FailureKind = 'wrong-answer' | 'crash' | 'too-slow';

export type StressOutcome =
  /** No disagreement within the rounds asked for. */
  | { kind: 'passed' }
  | { kind: FailureKind; failure: StressCase }
  /** The session could not go on; `message` says why and what to do. */
  | { kind: 'bad-generator' | 'bad-reference' | 'solution-compile-error' | 'error'; message: string; seed?: number; size?: number; input?: string }
  | { kind: 'cancelled' };

export interface StressProgress {
  rounds: number;
  roundsPerSecond: number;
  /** Largest size in the batch now running. */
  size: number;
  /** True while a failure is being shrunk. */
  shrinking: boolean;
}

export interface StressResult {
  outcome: StressOutcome;
  /** Rounds whose two outputs were judged (kept when the session stopped early). */
  rounds: number;
  /** Rounds spent shrinking the failure (included in `rounds`). */
  shrinkRounds: number;
  /** Submissions made: each one compiles its program (the Compilers API has no compile-once). */
  submissions: number;
  elapsedMs: number;
  /** Largest size tried. */
  largestSize: number;
}
