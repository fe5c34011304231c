// Stress testing's vocabulary, free of `vscode` and of any HTTP: what one run of a program
// ended with, what a runner must do (run one program on many inputs at once), and what a
// session ends with. The runner and the output comparison are handed in, so the round loop
// is the same for the extension, the bench and unit tests.
import type { RunKind } from '../../api';

/** The three programs a runner runs. A checker, when there is one, is run by a StressChecker. */
export type StressRole = 'generator' | 'solution' | 'reference';

/** What one run ended with, reduced to what stress testing decides on: the status table's run kind. */
export type { RunKind };

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
  /** A checker's word on the output of a run that ended well (absent: the outputs are compared). */
  verdict?: 'accepted' | 'wrong-answer';
  /** True when `stdout` was never read (a checker judged the run): the round shown runs it again. */
  outputUnread?: boolean;
}

/**
 * Runs one of the session's programs once per input, all inputs at once (one wait for all).
 * Throws when the runs could not be made (HTTP errors, cancel); a program failing is a result.
 */
export interface StressRunner {
  /**
   * `onEach`, when the runner can, hears each run as it ends (its index in `inputs`): the session
   * judges a round as soon as both its runs are in, and stops the batch at its first failure.
   */
  run(role: StressRole, inputs: readonly string[], signal?: AbortSignal, onEach?: (index: number, run: ProgramRun) => void): Promise<ProgramRun[]>;
  /** What a run was read without (a runner may leave out the error stream of runs that ended well), for a round about to be shown. */
  complete?(run: ProgramRun, signal?: AbortSignal): Promise<ProgramRun>;
}

/** One round as a checker sees it: the generator's input and the reference's output. */
export interface CheckedRound {
  input: string;
  expected: string;
}

/**
 * Runs the solution on each round's input and has a checker (a custom test case judge) judge its
 * output against the reference's: one ProgramRun a round, with `verdict` set for runs that ended
 * well and `outputUnread` set. Throws a StressCheckerError when the checker itself fails.
 */
export interface StressChecker {
  judge(rounds: readonly CheckedRound[], signal?: AbortSignal): Promise<{ runs: ProgramRun[]; submissions: number }>;
}

/** The checker could not judge (does not compile, crashed, answered neither yes nor no). */
export class StressCheckerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StressCheckerError';
  }
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
  | { kind: 'bad-generator' | 'bad-reference' | 'bad-checker' | 'solution-compile-error' | 'error'; message: string; seed?: number; size?: number; input?: string }
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
