// The stress test's round loop: rounds run in batches (one wait for a whole batch of
// generator runs, then one for the solution and reference runs on what they printed; where
// nothing is paid, the whole next batch runs while this one is judged), sizes
// grow from small to large so the first failure is small, and after a failure smaller sizes
// with other seeds are tried to shrink it. Stops at the first wrong answer, crash or time-limit
// difference; a generator or reference that fails itself ends the session with a message, and
// the rounds made so far are kept in the result. With a checker (a custom judge), the solution is
// not run beside the reference: the checker runs it on the reference's outputs and says yes or no.
import { isAbortError } from '../../api';
import { generatorInput, shrinkSizes, sizeForRound } from './sizes';
import {
  type CompareOutputs,
  type FailureKind,
  type ProgramRun,
  type StressCase,
  type StressChecker,
  StressCheckerError,
  type StressOutcome,
  type StressProgress,
  type StressResult,
  type StressRole,
  type StressRunner,
} from './types';

export interface StressOptions {
  runner: StressRunner;
  /** How outputs are compared where there is no checker. */
  compare: CompareOutputs;
  /** Judges the solution's outputs instead of `compare` (a custom judge on the Problems API). */
  checker?: StressChecker;
  /** Rounds before giving up without a failure (default 100). */
  maxRounds?: number;
  minSize?: number;
  /** Default 100. */
  maxSize?: number;
  /** Rounds run at once (default PAID_BATCH_SIZE; one list request polls them all). */
  batchSize?: number;
  /** Seed of the first round; round i gets firstSeed + i (default 1). */
  firstSeed?: number;
  /** Shrinking batches after a failure (default 2). */
  shrinkPasses?: number;
  /**
   * Where nothing is paid for (the local emulator): the next batch runs whole while this one is
   * judged, so the waits of one overlap the runs of the other. Runs made for a batch that is then
   * not needed (a failure found, the session stopped) are wasted, hence never on a paid endpoint.
   */
  prefetch?: boolean;
  signal?: AbortSignal;
  /** Words for an error that stopped the session (the VS Code side says what to do, too). */
  describeError?: (error: unknown) => string;
  onProgress?: (progress: StressProgress) => void;
  now?: () => number;
}

/**
 * Rounds a batch holds where each submission is paid for: 20 keeps what a stopped session has
 * spent small. Where nothing is paid (the local emulator), a batch of 100 shares its two waits of
 * the spec's 2 s polls among five times as many rounds: the waits, not the runs, bound the pace.
 */
export const PAID_BATCH_SIZE = 20;
export const FREE_BATCH_SIZE = 100;

interface Plan {
  seed: number;
  size: number;
}

type Judged = { kind: FailureKind; failure: StressCase } | { kind: 'passed' } | Extract<StressOutcome, { message: string }>;

export async function runStressSession(options: StressOptions): Promise<StressResult> {
  const now = options.now ?? (() => performance.now());
  const maxRounds = options.maxRounds ?? 100;
  const minSize = Math.max(0, options.minSize ?? 1);
  const maxSize = Math.max(minSize, options.maxSize ?? 100);
  const batchSize = Math.max(1, options.batchSize ?? PAID_BATCH_SIZE);
  const firstSeed = options.firstSeed ?? 1;
  const started = now();
  const state = { rounds: 0, shrinkRounds: 0, submissions: 0, largestSize: 0 };
  const result = (outcome: StressOutcome): StressResult => ({ outcome, ...state, elapsedMs: now() - started });
  const progress = (size: number, shrinking: boolean) => {
    const seconds = (now() - started) / 1000;
    options.onProgress?.({ rounds: state.rounds, roundsPerSecond: seconds > 0 ? state.rounds / seconds : 0, size, shrinking });
  };

  const runBatch = async (plans: Plan[], shrinking: boolean, batch = startBatch(options, plans, state)): Promise<Judged> => {
    const size = Math.max(...plans.map((p) => p.size));
    state.largestSize = Math.max(state.largestSize, size);
    // The size being tried: the batch's smallest until its rounds are judged one by one (issue 40 item 17).
    progress(Math.min(...plans.map((p) => p.size)), shrinking);
    // Rounds are counted as they are judged (a batch started ahead replays those judged so far).
    batch.live.attach((roundSize) => {
      state.rounds++;
      if (shrinking) state.shrinkRounds++;
      progress(roundSize, shrinking);
    });
    const judged = await batch.judged;
    const rest = judged.rounds - batch.live.count();
    if (shrinking) state.shrinkRounds += rest;
    state.rounds += rest;
    progress(size, shrinking);
    return judged.outcome;
  };

  // The growing phase's batches, planned up front: with options.prefetch, batch k + 1 runs whole
  // (generator, then solution and reference) while batch k is judged, so neither the runs nor the
  // polls of one batch wait for the other's.
  const growing: Plan[][] = [];
  for (let round = 0; round < maxRounds; round += batchSize) {
    growing.push(Array.from({ length: Math.min(batchSize, maxRounds - round) }, (_, i) => ({ seed: firstSeed + round + i, size: sizeForRound(round + i, minSize, maxSize) })));
  }
  // Stops the runs started ahead when the session ends without them.
  const ahead = new AbortController();
  const aheadOptions = { ...options, signal: options.signal ? AbortSignal.any([options.signal, ahead.signal]) : ahead.signal };

  try {
    let found: { kind: FailureKind; failure: StressCase } | undefined;
    let next: Batch | undefined;
    let round = 0;
    for (let b = 0; b < growing.length && !found; b++) {
      const judging = next ?? startBatch(options, growing[b], state);
      next = undefined;
      if (options.prefetch && b + 1 < growing.length) {
        next = startBatch(aheadOptions, growing[b + 1], state);
        next.judged.catch(() => undefined); // awaited (or dropped) later; never an unhandled rejection
      }
      round += growing[b].length;
      const outcome = await runBatch(growing[b], false, judging);
      if (outcome.kind === 'passed') continue;
      if (!isFailure(outcome)) return result(outcome);
      found = outcome;
    }
    if (!found) return result({ kind: 'passed' });

    // Shrink: smaller sizes with seeds never used yet; a generator or reference failing here
    // does not lose the failure already found.
    let nextSeed = firstSeed + round;
    for (let pass = 0; pass < (options.shrinkPasses ?? 2); pass++) {
      const sizes = shrinkSizes(found.failure.size, minSize, batchSize);
      if (sizes.length === 0) break;
      const plans = sizes.map((size) => ({ seed: nextSeed++, size }));
      const outcome = await runBatch(plans, true);
      if (!isFailure(outcome) || outcome.failure.size >= found.failure.size) break;
      found = outcome;
    }
    return result(await shown(options, found, state));
  } catch (err) {
    if (isAbortError(err) || options.signal?.aborted) return result({ kind: 'cancelled' });
    if (err instanceof StressCheckerError) return result({ kind: 'bad-checker', message: `${err.message} Fix the checker and run the stress test again.` });
    const cause = err instanceof ProgramNotRun ? err.cause : err;
    const said = options.describeError?.(cause) ?? (cause instanceof Error ? cause.message : String(cause));
    return result({ kind: 'error', message: `The stress test stopped: ${err instanceof ProgramNotRun ? `the ${err.role} could not be run. ` : ''}${said}` });
  } finally {
    ahead.abort();
  }
}

/** The failing round with what its runs were read without; as it was if that cannot be read. */
async function shown(
  options: StressOptions,
  found: { kind: FailureKind; failure: StressCase },
  state: { submissions: number },
): Promise<{ kind: FailureKind; failure: StressCase }> {
  const complete = options.runner.complete?.bind(options.runner) ?? (async (run: ProgramRun) => run);
  try {
    const [solution, reference] = await Promise.all([
      solutionOutput(options, found.failure, state).then((run) => complete(run, options.signal)),
      complete(found.failure.reference, options.signal),
    ]);
    return { ...found, failure: { ...found.failure, solution, reference } };
  } catch {
    return found;
  }
}

/**
 * A checker's verdict carries no output: the failing round's solution runs once more, on the
 * runner, for the diff. Its verdict stays the checker's (a second run may differ in time).
 */
async function solutionOutput(options: StressOptions, failure: StressCase, state: { submissions: number }): Promise<ProgramRun> {
  const judged = failure.solution;
  if (!judged.outputUnread) return judged;
  state.submissions++;
  const [again] = await options.runner.run('solution', [failure.input], options.signal);
  return { ...again, kind: judged.kind, statusName: judged.statusName, verdict: judged.verdict, outputUnread: false };
}

function isFailure(outcome: Judged): outcome is { kind: FailureKind; failure: StressCase } {
  return outcome.kind === 'wrong-answer' || outcome.kind === 'crash' || outcome.kind === 'too-slow';
}

type BatchJudged = { outcome: Judged; rounds: number };

/**
 * A batch's rounds judged before the batch ends, by size, for the session's count: heard at once
 * by the batch being awaited; a batch started ahead keeps them until it is awaited.
 */
class LiveRounds {
  private readonly sizes: number[] = [];
  private listener?: (size: number) => void;

  judged(size: number): void {
    this.sizes.push(size);
    this.listener?.(size);
  }

  attach(listener: (size: number) => void): void {
    for (const size of this.sizes) listener(size);
    this.listener = listener;
  }

  count(): number {
    return this.sizes.length;
  }
}

interface Batch {
  judged: Promise<BatchJudged>;
  live: LiveRounds;
}

/** A runner's failure to run one of the programs (a language the endpoint lacks, a pool used up): the message names the program. */
class ProgramNotRun extends Error {
  constructor(
    readonly role: StressRole,
    override readonly cause: unknown,
  ) {
    super(`the ${role} could not be run`);
  }
}

/** runner.run, with a failure tagged by the program it was for; a cancel stays a cancel. */
function runAs(options: StressOptions, role: StressRole, inputs: string[], onEach?: (index: number, run: ProgramRun) => void): Promise<ProgramRun[]> {
  return options.runner.run(role, inputs, options.signal, onEach).catch((err: unknown) => {
    throw isAbortError(err) || options.signal?.aborted ? err : new ProgramNotRun(role, err);
  });
}

/** The solution's place in a round whose reference failed (never judged: the reference is read first). */
const NOT_JUDGED: ProgramRun = { kind: 'other', statusName: 'not judged (the reference failed)', stdout: '' };

/** A batch from its generator runs to its judged rounds; nothing of the session's counts but submissions changes until it is awaited. */
function startBatch(options: StressOptions, plans: Plan[], state: { submissions: number }): Batch {
  const live = new LiveRounds();
  return { judged: generate(options, plans, state).then((generated) => judgeBatch(options, plans, generated, state, live)), live };
}

/** The generator's runs for a batch (one input per plan). */
function generate(options: StressOptions, plans: Plan[], state: { submissions: number }): Promise<ProgramRun[]> {
  state.submissions += plans.length;
  return runAs(
    options,
    'generator',
    plans.map((p) => generatorInput(p.seed, p.size)),
  );
}

/** Runs the solution and reference on a batch's inputs and judges its rounds in order of size: the first failure is the smallest. */
async function judgeBatch(options: StressOptions, plans: Plan[], generated: ProgramRun[], state: { submissions: number }, live: LiveRounds): Promise<BatchJudged> {
  const { signal } = options;
  // Only inputs up to the first bad generator run are worth solving.
  const badAt = generated.findIndex((g) => generatorProblem(g) !== undefined);
  const usable = badAt === -1 ? plans.length : badAt;
  const inputs = generated.slice(0, usable).map((g) => g.stdout);
  let solutions: ProgramRun[] = [];
  let references: ProgramRun[] = [];
  if (inputs.length > 0 && options.checker) {
    state.submissions += inputs.length;
    references = await runAs(options, 'reference', inputs);
    // Only rounds the reference solved are worth a checker's time; the others end the session.
    const solved = [...inputs.keys()].filter((i) => references[i].kind === 'ok');
    const checked =
      solved.length > 0
        ? await options.checker.judge(
            solved.map((i) => ({ input: inputs[i], expected: references[i].stdout })),
            signal,
          )
        : { runs: [], submissions: 0 };
    state.submissions += checked.submissions;
    solutions = inputs.map(() => NOT_JUDGED);
    solved.forEach((i, k) => (solutions[i] = checked.runs[k]));
  } else if (inputs.length > 0) {
    state.submissions += 2 * inputs.length;
    const streamed = await judgeAsRunsEnd(options, plans, inputs, live);
    if ('outcome' in streamed) return streamed;
    [solutions, references] = [streamed.solutions, streamed.references];
  }
  const order = [...inputs.keys()].sort((a, b) => plans[a].size - plans[b].size || a - b);
  let firstProblem: Judged | undefined;
  let rounds = 0;
  let failure: { kind: FailureKind; failure: StressCase } | undefined;
  for (const i of order) {
    const { seed, size } = plans[i];
    const judged = judgeRound(options.compare, { seed, size, input: inputs[i], solution: solutions[i], reference: references[i] });
    if (judged.kind === 'passed') {
      rounds++;
      continue;
    }
    if (isFailure(judged)) {
      rounds++;
      failure ??= judged;
      continue;
    }
    firstProblem ??= judged;
  }
  if (failure) return { outcome: failure, rounds };
  if (firstProblem) return { outcome: firstProblem, rounds };
  if (badAt !== -1) {
    const { seed, size } = plans[badAt];
    return {
      outcome: {
        kind: 'bad-generator',
        message: `The generator ${generatorProblem(generated[badAt])} for seed ${seed} and size ${size} (it reads "seed size" as its first input line). Fix the generator and run the stress test again.`,
        seed,
        size,
      },
      rounds,
    };
  }
  return { outcome: { kind: 'passed' }, rounds };
}

/**
 * The solution and reference runs of a batch, each round judged as soon as both its runs are in
 * (where the runner says when each ends): a passed round is counted at once, and the first
 * failure stops the batch's other runs (issue 40 item 17: a failure in round 1 no longer waits
 * for 100). A round that is neither is left to the batch's end, which judges every round in order.
 */
async function judgeAsRunsEnd(
  options: StressOptions,
  plans: Plan[],
  inputs: string[],
  live: LiveRounds,
): Promise<{ solutions: ProgramRun[]; references: ProgramRun[] } | BatchJudged> {
  const stop = new AbortController();
  const batchOptions = { ...options, signal: options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal };
  const ended: Record<'solution' | 'reference', Array<ProgramRun | undefined>> = { solution: [], reference: [] };
  // The earliest failing round, by index, not by which run happened to end first: the batch stops
  // once every round before it is judged (none of them can fail later), so the failure reported is
  // the one the batch's end would have found, the smallest seed of the smallest size.
  let found: { index: number; judged: { kind: FailureKind; failure: StressCase } } | undefined;
  // A round is judged the moment both its runs are in: `ended` says which rounds are, no set beside it.
  const judgedAt = (k: number) => ended.solution[k] !== undefined && ended.reference[k] !== undefined;
  const onEach = (role: 'solution' | 'reference') => (i: number, run: ProgramRun) => {
    const judgedBefore = judgedAt(i);
    ended[role][i] = run;
    const solution = ended.solution[i];
    const reference = ended.reference[i];
    if (!solution || !reference || judgedBefore) return;
    const judged = judgeRound(options.compare, { seed: plans[i].seed, size: plans[i].size, input: inputs[i], solution, reference });
    if (judged.kind === 'passed') {
      if (!found || i < found.index) live.judged(plans[i].size);
    } else if (isFailure(judged) && (!found || i < found.index)) found = { index: i, judged };
    if (found && !stop.signal.aborted && Array.from({ length: found.index }, (_, k) => k).every(judgedAt)) stop.abort();
  };
  try {
    const [solutions, references] = await Promise.all([runAs(batchOptions, 'solution', inputs, onEach('solution')), runAs(batchOptions, 'reference', inputs, onEach('reference'))]);
    return { solutions, references };
  } catch (err) {
    if (!found || options.signal?.aborted) throw err;
    return { outcome: found.judged, rounds: live.count() + 1 };
  }
}

/** Why a generator run gives no input, or undefined when it printed one. */
function generatorProblem(run: ProgramRun): string | undefined {
  switch (run.kind) {
    case 'ok':
      return run.stdout.trim() === '' ? 'printed nothing' : undefined;
    case 'timeout':
      return 'never ended (time limit exceeded)';
    case 'compile-error':
      return 'does not compile';
    default:
      return `crashed (${run.statusName}${run.stderr ? `: ${firstLine(run.stderr)}` : ''})`;
  }
}

function judgeRound(compare: CompareOutputs, round: Omit<StressCase, 'line'>): Judged {
  const { solution, reference, seed, size, input } = round;
  const where = { seed, size, input };
  if (reference.kind !== 'ok') {
    const what = reference.kind === 'compile-error' ? 'does not compile' : `failed itself (${reference.statusName}${reference.stderr ? `: ${firstLine(reference.stderr)}` : ''})`;
    return {
      kind: 'bad-reference',
      message: `The reference solution ${what} on seed ${seed}, size ${size}. A stress test needs a reference that is right: fix it and run again.`,
      ...where,
    };
  }
  if (solution.kind === 'compile-error') {
    return {
      kind: 'solution-compile-error',
      message: `The solution does not compile${solution.cmpinfo ? `: ${firstLine(solution.cmpinfo)}` : ''}. Fix it and run the stress test again.`,
      ...where,
    };
  }
  if (solution.kind === 'timeout') return { kind: 'too-slow', failure: round };
  if (solution.kind !== 'ok') return { kind: 'crash', failure: round };
  if (solution.verdict) return solution.verdict === 'accepted' ? { kind: 'passed' } : { kind: 'wrong-answer', failure: round };
  const comparison = compare(reference.stdout, solution.stdout);
  return comparison.same ? { kind: 'passed' } : { kind: 'wrong-answer', failure: { ...round, line: comparison.line } };
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0].slice(0, 200);
}
