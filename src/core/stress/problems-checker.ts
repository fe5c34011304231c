// A stress test's checker on Sphere Engine Problems, without `vscode`.
//
// A checker is a custom test case judge, run as the Problems view's judges are: the round's input
// on fd 0, the solution's output on fd 3, the reference's output on fd 4; exit 0 accepts, 1 rejects.
// The Compilers API cannot run one, so each batch of rounds becomes a short-lived scratch problem:
//   1. the checker becomes a judge, once a session (the service compiles it once);
//   2. a problem is made for the batch, with one test case a round (input, the reference's output,
//      the checker as judge, the session's time limit);
//   3. the solution is submitted to it, a few rounds a submission (the emulator judges the
//      submissions side by side) and all of them are polled with one GET /submissions?ids=;
//   4. each test case's status is the round's verdict; the problem is deleted in every case.
// A verdict carries no output: the session runs the solution of the round it shows once more on
// Compilers for the diff. A judge that fails (status 20-22) ends the session with the service's
// own words from the debug stream.
import {
  type CreatedId,
  type CreateJudgeParams,
  type CreateProblemParams,
  type CreateProblemsSubmissionParams,
  type ProblemsStreamName,
  type ProblemsSubmission,
  runKindOf,
  SUBMISSION_STATUS,
  type TestCaseFields,
} from '../../api';
import { pollUntilDone } from '../poller';
import { type CheckedRound, type ProgramRun, type RunKind, type StressChecker, StressCheckerError } from './types';
import type { StressProgramSpec } from './compilers-runner';

/** What the checker needs of the Problems client (ProblemsClient has it all). */
export interface ProblemsCheckerApi {
  createJudge(params: CreateJudgeParams, signal?: AbortSignal): Promise<CreatedId>;
  createProblem(params: CreateProblemParams, signal?: AbortSignal): Promise<{ id: number }>;
  createTestCase(problemId: number, fields: TestCaseFields, signal?: AbortSignal): Promise<{ number: number }>;
  createSubmission(params: CreateProblemsSubmissionParams, signal?: AbortSignal): Promise<CreatedId>;
  getSubmissions(ids: readonly number[], signal?: AbortSignal): Promise<{ items: ProblemsSubmission[] }>;
  getSubmissionStream(submissionId: number, stream: ProblemsStreamName, signal?: AbortSignal): Promise<Buffer>;
  deleteProblem(problemId: number, signal?: AbortSignal): Promise<void>;
}

export interface ProblemsCheckerOptions {
  /** The checker's source; `name` is its file name, for messages and the judge's name. */
  checker: StressProgramSpec & { name: string };
  solution: StressProgramSpec;
  /** Seconds a round's solution may run (the test cases' time limit). */
  timeLimit: number;
  intervalMs: number;
  /** Rounds one submission judges; default 25 (a batch of 100 is four submissions, one poll). */
  roundsPerSubmission?: number;
}

/** The service's own master judge: the first test case that fails decides; it never hides one. */
const GENERIC_MASTER_JUDGE = 1000;

export class ProblemsChecker implements StressChecker {
  private judgeId?: Promise<number>;

  constructor(
    private readonly api: ProblemsCheckerApi,
    private readonly options: ProblemsCheckerOptions,
  ) {}

  async judge(rounds: readonly CheckedRound[], signal?: AbortSignal): Promise<{ runs: ProgramRun[]; submissions: number }> {
    const judgeId = await this.checkerJudge(signal);
    const problem = await this.api.createProblem(
      { name: `Stress test of ${this.options.checker.name} (scratch, deleted when done)`, masterjudgeId: GENERIC_MASTER_JUDGE, typeId: 0 },
      signal,
    );
    try {
      // One at a time: the service refuses test cases added concurrently (409).
      const numbers: number[] = [];
      for (const round of rounds) {
        const created = await this.api.createTestCase(problem.id, { input: round.input, output: round.expected, timeLimit: this.options.timeLimit, judgeId, active: true }, signal);
        numbers.push(created.number);
      }
      const per = Math.max(1, this.options.roundsPerSubmission ?? 25);
      const ids: number[] = [];
      for (let i = 0; i < numbers.length; i += per) {
        const { solution } = this.options;
        ids.push(
          (
            await this.api.createSubmission(
              { problemId: problem.id, source: solution.source, compilerId: solution.compilerId, compilerVersionId: solution.compilerVersionId, tests: numbers.slice(i, i + per) },
              signal,
            )
          ).id,
        );
      }
      const judged = await pollUntilDone({
        fetch: (s) => this.api.getSubmissions(ids, s),
        isExecuting: (page) => ids.some((id) => page.items.find((item) => item.id === id)?.executing !== false),
        intervalMs: this.options.intervalMs,
        signal,
      });
      const runs = await Promise.all(
        numbers.map((n, i) =>
          this.runOf(
            judged.items.find((item) => item.id === ids[Math.floor(i / per)])!,
            n,
            signal,
          ),
        ),
      );
      return { runs, submissions: ids.length };
    } finally {
      // Not with the session's signal: a cancelled session still removes its scratch problem.
      await this.api.deleteProblem(problem.id).catch(() => undefined);
    }
  }

  /** The checker as a test case judge, made once a session; made again after a failure. */
  private checkerJudge(signal?: AbortSignal): Promise<number> {
    const { checker } = this.options;
    this.judgeId ??= this.api
      .createJudge(
        { source: checker.source, compilerId: checker.compilerId, compilerVersionId: checker.compilerVersionId, typeId: 0, name: `stress checker ${checker.name}` },
        signal,
      )
      .then((created) => created.id);
    this.judgeId.catch(() => (this.judgeId = undefined));
    return this.judgeId;
  }

  /** One round's run as the submission judged it. */
  private async runOf(submission: ProblemsSubmission, testNumber: number, signal?: AbortSignal): Promise<ProgramRun> {
    const base = { stdout: '', outputUnread: true, id: submission.id };
    if (submission.result.status.code === SUBMISSION_STATUS.compilationError) {
      const cmpinfo = await this.stream(submission.id, 'cmpinfo', signal);
      return { ...base, kind: 'compile-error', statusName: submission.result.status.name, cmpinfo };
    }
    const test = submission.result.testCases.find((t) => t.number === testNumber);
    if (!test) throw new StressCheckerError(`Submission ${submission.id} ended with "${submission.result.status.name}" without judging test case ${testNumber}.`);
    const kind = kindOf(test.status.code);
    if (kind === undefined) {
      const debug = (await this.stream(submission.id, 'debug', signal)) ?? '';
      const said = notesOnTest(debug, testNumber);
      throw new StressCheckerError(`The checker ${this.options.checker.name} could not judge (${test.status.name}${said ? `: ${said}` : ''}).`);
    }
    const verdict = test.status.code === SUBMISSION_STATUS.accepted ? 'accepted' : test.status.code === SUBMISSION_STATUS.wrongAnswer ? 'wrong-answer' : undefined;
    return { ...base, kind, statusName: test.status.name, time: test.time, ...(verdict ? { verdict } : {}) };
  }

  private async stream(id: number, name: ProblemsStreamName, signal?: AbortSignal): Promise<string | undefined> {
    try {
      return (await this.api.getSubmissionStream(id, name, signal)).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

/** The debug stream's notes on one test case ("test N: …" up to the next test's), else its first lines. */
function notesOnTest(debug: string, testNumber: number): string {
  const lines = debug.trim().split('\n');
  const start = lines.findIndex((line) => line.startsWith(`test ${testNumber}:`));
  let own = lines;
  if (start !== -1) {
    const next = lines.findIndex((line, i) => i > start && /^test \d+:/.test(line));
    own = lines.slice(start, next === -1 ? undefined : next);
  }
  return own.join(' ').replace(/\s+/g, ' ').trim().slice(0, 300);
}

/**
 * What a test case's status means for the round, as a Compilers run's would (runKindOf), except
 * that a wrong answer is the checker's "no" to a run that ended well; undefined when the checker
 * or the service failed (judge, problem or internal error).
 */
function kindOf(code: number): RunKind | undefined {
  if (code === SUBMISSION_STATUS.wrongAnswer) return 'ok';
  const kind = runKindOf(code);
  return kind === 'ok' || kind === 'timeout' || kind === 'crash' ? kind : undefined;
}
