// The stress test's runner on Sphere Engine Compilers, without `vscode` (the bench uses it):
// each batch of inputs goes through "Run With All Inputs"' batch core (one POST per input,
// one shared wait via GET /submissions?ids=). The Compilers API has no compile-once: every
// submission compiles its program again (the session's `submissions` counts them).
import { type CompilersStreamName, type CompilersSubmission, runKindOf } from '../../api';
import type { ProgramRun, RunKind, StressRole, StressRunner } from './types';
import { type BatchResult, type CompilersApi, readStream, runBatch } from '../compilers';

export interface StressProgramSpec {
  source: string;
  compilerId: number;
  compilerVersionId?: number;
}

export interface CompilersRunnerOptions {
  programs: Record<StressRole, StressProgramSpec>;
  /** Seconds, for every run. */
  timeLimit?: number;
  memoryLimit?: number;
  /** Poll interval; the spec's 2 s unless the bench turns polling protection off. */
  intervalMs?: number;
}

export class CompilersStressRunner implements StressRunner {
  constructor(
    private readonly client: CompilersApi,
    private readonly options: CompilersRunnerOptions,
  ) {}

  async run(role: StressRole, inputs: readonly string[], signal?: AbortSignal, onEach?: (index: number, run: ProgramRun) => void): Promise<ProgramRun[]> {
    const program = this.options.programs[role];
    // A run that cannot be read as a round (its POST failed) is left to the batch's end, which says why.
    const onResult = onEach && ((i: number, r: BatchResult) => r.error === undefined && r.submission && onEach(i, toProgramRun(role, r)));
    const results = await runBatch(
      this.client,
      { ...program, timeLimit: this.options.timeLimit, memoryLimit: this.options.memoryLimit },
      inputs.map((input, i) => ({ label: `${role} ${i + 1}`, input })),
      { signal, intervalMs: this.options.intervalMs, streamsFor, onResult },
    );
    return results.map((r) => toProgramRun(role, r));
  }

  /** The error stream a run that ended well was read without, for a round about to be shown. */
  async complete(run: ProgramRun, signal?: AbortSignal): Promise<ProgramRun> {
    if (run.stderr !== undefined || run.id === undefined || run.kind !== 'ok') return run;
    const error = await readStream(this.client, run.id, 'error', signal);
    return error && error.length > 0 ? { ...run, stderr: error.toString('utf8') } : run;
  }
}

/**
 * What a round needs of each run: the output, and the error stream and compiler messages only of
 * a run that did not end well (what the messages quote). A run that ended well has its error stream
 * read only if its round is shown (complete()): two requests a run fewer, on the service's quota too.
 */
function streamsFor(submission: CompilersSubmission): readonly CompilersStreamName[] {
  return kindOf(submission) === 'ok' ? ['output'] : ['output', 'error', 'cmpinfo'];
}

function toProgramRun(role: StressRole, r: BatchResult): ProgramRun {
  // A POST that failed (pool used up, unknown compiler...) stops the session with its message.
  if (r.error !== undefined) throw r.error instanceof Error ? r.error : new Error(`The ${role} could not be sent: ${String(r.error)}`);
  if (!r.submission) throw new Error(`The ${role} run ${r.id ?? ''} has no result.`);
  return {
    kind: kindOf(r.submission),
    statusName: r.submission.result.status.name,
    stdout: r.streams?.output?.toString('utf8') ?? '',
    stderr: r.streams?.error,
    cmpinfo: r.streams?.cmpinfo,
    time: r.submission.result.time,
    id: r.submission.id,
  };
}

function kindOf(submission: CompilersSubmission): RunKind {
  return runKindOf(submission.result.status.code);
}
