// What one judged test case means for a person reading the Testing view, free of `vscode` so the
// mapping is unit-tested: passed, failed (the program's fault: wrong answer, limits, runtime
// error) or errored (nobody could judge it: compilation error, judge or internal error).
import { PROBLEM_TYPE_IDS, SUBMISSION_STATUS, type ProblemsSubmission, type Status, type TestCaseResult } from '../../api';

export type Outcome = 'passed' | 'failed' | 'errored' | 'skipped';

export interface TestVerdict {
  number: number;
  outcome: Outcome;
  /** Status name as people say it: "wrong answer", "time limit exceeded"... */
  reason: string;
  /** One line for the Testing view: reason, time, memory and signal. */
  message: string;
  statusCode: number;
  time: number | null;
  memory: number | null;
  /** Milliseconds, for TestRun.passed/failed duration. */
  durationMs?: number;
}

export interface SubmissionVerdict {
  submissionId: number;
  problemId: number;
  statusCode: number;
  statusName: string;
  /** e.g. "Accepted · score 100 · 0.12 s · 9.1 MB"; shown on the problem's test item. */
  summary: string;
  outcome: Outcome;
  score: number | null;
  tests: TestVerdict[];
  /** Standard error of the first failing test's run, when it crashed (the service keeps that run's streams). */
  stderr?: string;
}

const S = SUBMISSION_STATUS;

/** Spec names are terse; these say what happened. Compare codes, never the service's names. */
const REASONS: Record<number, string> = {
  [S.compilationError]: 'compilation error',
  [S.runtimeError]: 'runtime error',
  [S.timeLimitExceeded]: 'time limit exceeded',
  [S.wrongAnswer]: 'wrong answer',
  [S.accepted]: 'accepted',
  [S.memoryLimitExceeded]: 'memory limit exceeded',
  [S.illegalSystemCall]: 'illegal system call',
  [S.internalError]: 'internal error',
  [S.judgeError]: 'judge error',
  [S.problemError]: 'problem error',
};

/** Failed: the solution is at fault. Errored: the solution never got a fair verdict. */
const FAILED: ReadonlySet<number> = new Set<number>([S.runtimeError, S.timeLimitExceeded, S.wrongAnswer, S.memoryLimitExceeded, S.illegalSystemCall]);

/** What to do, per status, appended to the message. */
const ADVICE: Record<number, string> = {
  [S.timeLimitExceeded]: 'make the solution faster (read input in bulk, avoid quadratic work)',
  [S.memoryLimitExceeded]: 'use less memory',
  [S.wrongAnswer]: 'compare the expected output with yours',
  [S.compilationError]: 'fix the compile errors shown in the editor and submit again',
  [S.internalError]: 'the service failed; submit again',
  [S.judgeError]: "the problem's judge failed; tell the problem's author",
  [S.problemError]: "the problem is misconfigured; tell the problem's author",
  [S.illegalSystemCall]: 'the program used a forbidden system call (e.g. fork or network)',
};

export function reasonOf(status: Status): string {
  return REASONS[status.code] ?? (status.name || `status ${status.code}`);
}

export function outcomeOf(statusCode: number): Outcome {
  if (statusCode === S.accepted) return 'passed';
  return FAILED.has(statusCode) ? 'failed' : 'errored';
}

export function formatTime(seconds: number | null | undefined): string | undefined {
  return seconds === null || seconds === undefined ? undefined : `${seconds.toFixed(2)} s`;
}

export function formatMemory(kb: number | null | undefined): string | undefined {
  if (kb === null || kb === undefined) return undefined;
  return kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${kb} KB`;
}

function signalText(signal: number | null, desc: string | null | undefined): string | undefined {
  if (signal === null || signal === 0) return undefined;
  if (signal < 0) return desc || 'non-zero exit code';
  return desc ? `signal ${signal} (${desc})` : `signal ${signal}`;
}

export function verdictOfTest(t: TestCaseResult, timeLimit?: number): TestVerdict {
  const code = t.status?.code ?? NaN;
  const reason = reasonOf(t.status ?? { code, name: '' });
  const details = [
    formatTime(t.time) && `time ${formatTime(t.time)}${code === S.timeLimitExceeded && timeLimit ? ` (limit ${timeLimit} s)` : ''}`,
    formatMemory(t.memory) && `memory ${formatMemory(t.memory)}`,
    code === S.runtimeError || code === S.illegalSystemCall ? signalText(t.signal, t.signal_desc) : undefined,
  ].filter(Boolean);
  const advice = code === S.accepted ? undefined : ADVICE[code];
  const message = `Test ${t.number}: ${reason}${details.length ? `, ${details.join(', ')}` : ''}${advice ? ` — ${advice}` : ''}`;
  return {
    number: t.number,
    outcome: outcomeOf(code),
    reason,
    message,
    statusCode: code,
    time: t.time,
    memory: t.memory,
    ...(t.time !== null && t.time !== undefined ? { durationMs: Math.round(t.time * 1000) } : {}),
  };
}

/**
 * Every test case of a finished submission. `expected` lists the tests that were asked for:
 * those the service did not report (a compilation error stops before any run) get the
 * submission's own verdict, so each asked-for item still ends with a result. `scored` false (a
 * binary problem: its master judge gives no score, the service's 0 means nothing) leaves the
 * score out of the summary.
 */
export function verdictOfSubmission(
  s: ProblemsSubmission,
  expected: readonly number[] = [],
  timeLimits: ReadonlyMap<number, number> = new Map(),
  scored = true,
): SubmissionVerdict {
  const tests = s.result.testCases.map((t) => verdictOfTest(t, timeLimits.get(t.number)));
  const reported = new Set(tests.map((t) => t.number));
  const code = s.result.status.code;
  const reason = reasonOf(s.result.status);
  for (const number of expected) {
    if (reported.has(number)) continue;
    const outcome: Outcome = code === S.accepted ? 'skipped' : outcomeOf(code) === 'failed' ? 'skipped' : 'errored';
    const advice = ADVICE[code];
    tests.push({
      number,
      outcome,
      reason,
      message: `Test ${number}: not run — the submission ended with ${reason}${advice ? ` — ${advice}` : ''}`,
      statusCode: code,
      time: null,
      memory: null,
    });
  }
  tests.sort((a, b) => a.number - b.number);
  const parts = [capitalise(reason)];
  if (scored && s.result.score !== null && s.result.score !== undefined) parts.push(`score ${s.result.score}`);
  const time = formatTime(s.result.time);
  if (time) parts.push(time);
  const memory = formatMemory(s.result.memory);
  if (memory) parts.push(memory);
  return {
    submissionId: s.id,
    problemId: s.problem?.id,
    statusCode: code,
    statusName: reason,
    summary: parts.join(' · '),
    outcome: outcomeOf(code),
    score: scored ? (s.result.score ?? null) : null,
    tests,
  };
}

/** While `executing`: "compilation", "testing program"... for the progress line. */
export function progressText(s: ProblemsSubmission): string {
  const done = s.result.testCases.length;
  const name = s.result.status.name || `status ${s.result.status.code}`;
  return done > 0 ? `${name} (${done} test case${done === 1 ? '' : 's'} judged)` : name;
}

/** Whether a problem's master judge gives a score: not for a binary problem (accepted or not). */
export function isScored(problem: { type?: { id: number } } | undefined): boolean {
  return problem?.type?.id !== PROBLEM_TYPE_IDS.binary;
}

/** The last non-empty line of a traceback or error stream ("NameError: …"), for a one-line notice. */
export function lastLine(text: string): string {
  return text.trimEnd().split(/\r?\n/).at(-1)?.trim() ?? '';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
