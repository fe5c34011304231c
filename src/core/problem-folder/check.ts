// Check: every reference solution under solutions/<verdict>/ is submitted to the linked problem
// and its verdict compared with the folder it sits in. A wrong_answer solution that is accepted is
// a failure of the problem (its tests do not catch that mistake). Submissions go one at a time;
// their results are fetched together with GET /submissions?ids= (20 ids a request) at the
// service's 2 s rhythm.
import { MAX_IDS_PER_REQUEST, type ProblemsClient, type ProblemsSubmission, type Sleep, SUBMISSION_STATUS } from '../../api';
import { compilerForFile, type OfferedCompiler } from '../languages';
import { pollUntilDone, PROBLEMS_POLL_MS } from '../poller';
import { ProblemFolderError } from './errors';
import { readInside } from './inside';
import type { Verdict } from './format';
import { sameEndpoint } from './plan';
import type { LocalSolution, ProblemFolder } from './read';

/** The status code each expected verdict stands for (problems-api-v4.md, statuses). */
export const VERDICT_STATUS: Record<Verdict, number> = {
  accepted: 15,
  wrong_answer: 14,
  time_limit_exceeded: 13,
  runtime_error: 12,
  compilation_error: 11,
  memory_limit_exceeded: 17,
  partially_accepted: 15,
  rejected: 14,
};

/**
 * Every status that meets an expected verdict. A run-time error also matches a memory limit
 * verdict, as problemtools' run_time_error does (a program out of memory fails to allocate and
 * crashes; the service may stop it first).
 */
const { runtimeError, memoryLimitExceeded, timeLimitExceeded, wrongAnswer } = SUBMISSION_STATUS;
const MATCHING: Partial<Record<Verdict, number[]>> = {
  runtime_error: [runtimeError, memoryLimitExceeded],
  rejected: [runtimeError, timeLimitExceeded, wrongAnswer, memoryLimitExceeded],
};

/** Whether a judged submission meets the expected verdict (a partially accepted one: a score strictly between 0 and 100). */
export function meetsExpected(expected: Verdict, code: number, score: number | null | undefined): boolean {
  if (!(MATCHING[expected] ?? [VERDICT_STATUS[expected]]).includes(code)) return false;
  return expected !== 'partially_accepted' || (typeof score === 'number' && score > 0 && score < 100);
}

export interface SolutionCheck {
  /** Relative to the folder, e.g. solutions/accepted/sol.py. */
  file: string;
  expected: Verdict;
  submissionId?: number;
  status?: { code: number; name: string };
  /** The submission's score, once judged. */
  score?: number | null;
  /** Each test case's time, seconds, once judged (Kattis time limits are derived from them). */
  testTimes?: number[];
  /** The submission's time (the slowest test's when the service gives tests), seconds, once judged. */
  time?: number | null;
  /** The submission's memory, KB, once judged. */
  memory?: number | null;
  /** The time limit it ran under, seconds (the folder's tests' largest), once judged. */
  limit?: number;
  /** True when the verdict is the expected one. */
  ok: boolean;
  /** Why the solution could not be judged (refused submission, unreadable file). */
  error?: string;
  /** Why it was not submitted: the endpoint offers no compiler for its language. Not a failure. */
  skipped?: string;
  /** Why it failed its own expectations (a Kattis package's submissions.yaml), when it has them. */
  unmet?: string;
}

/** What is sent for one solution: its compiler and its text or files, or why it is not sent. */
export type PreparedSolution = { compilerId: number; source: string } | { compilerId: number; files: Record<string, Buffer> } | { skipped: string };

export interface CheckOptions {
  /**
   * How a solution becomes a submission, when the folder has rules of its own (a Kattis package's:
   * problemtools' language detection, entry files renamed as the service runs them); default: its
   * extension decides the compiler, files sent as they are named.
   */
  prepare?: (solution: LocalSolution, offered: readonly OfferedCompiler[]) => PreparedSolution;
  /**
   * The compiler the person chose for a file (their language overrides over the language table:
   * src/core/languages/compiler-choice.ts), used by the default `prepare` when the endpoint offers
   * it; the CLI has no such choices and leaves it out.
   */
  chosenCompiler?: (file: string) => number | undefined;
  /** The endpoint the client talks to: a folder linked to another one is refused, naming both. */
  endpoint?: string;
  signal?: AbortSignal;
  /** Injectable for tests; default a real timer at the 2 s rhythm. */
  sleep?: Sleep;
  onSubmitted?: (check: SolutionCheck) => void;
  onJudged?: (check: SolutionCheck) => void;
  /** The endpoint's compilers; default: asked with GET /compilers. */
  compilers?: readonly OfferedCompiler[];
  /** Verdicts already known for these solutions (the run that derived a Kattis time limit): not submitted again. */
  judged?: readonly SolutionCheck[];
  /**
   * A solution's own expectations, when it has more than its folder's verdict (a Kattis package's
   * submissions.yaml): why the judged submission does not meet them, or undefined when it does.
   */
  expectationFor?: (file: string) => ((result: ProblemsSubmission['result']) => string | undefined) | undefined;
}

/**
 * The default: the person's compiler for the file when the endpoint offers it, else the one the
 * file's extension names among the offered ones (a multi-file solution: its first file the endpoint
 * has one for), files as named.
 */
export const prepareByExtension =
  (dir: string, chosenCompiler?: (file: string) => number | undefined) =>
  (s: LocalSolution, offered: readonly OfferedCompiler[]): PreparedSolution => {
    const choices = (s.files ?? [s.file]).map((f) => {
      const chosen = chosenCompiler?.(f);
      return chosen !== undefined && offered.some((c) => c.id === chosen) ? { compilerId: chosen } : compilerForFile(f, offered);
    });
    const choice = choices.find((c) => 'compilerId' in c) ?? choices[0] ?? { skipped: 'the solution folder is empty' };
    if ('skipped' in choice) return choice;
    const { compilerId } = choice;
    return s.files
      ? { compilerId, files: Object.fromEntries(s.files.map((f) => [f, readInside(dir, `${s.file}/${f}`, `Solution ${s.file}/${f}`)])) }
      : { compilerId, source: readInside(dir, s.file, `Solution ${s.file}`).toString('utf8') };
  };

async function fetchAll(client: ProblemsClient, ids: number[], signal?: AbortSignal): Promise<ProblemsSubmission[]> {
  const out: ProblemsSubmission[] = [];
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_REQUEST) out.push(...(await client.getSubmissions(ids.slice(i, i + MAX_IDS_PER_REQUEST), signal)).items);
  return out;
}

/**
 * Why the folder cannot be checked against `endpoint`, thrown before anything is asked or sent:
 * not linked yet, linked to another endpoint (its token must not go there), or no solutions.
 * Returns the linked problem's id.
 */
export function assertCheckable(folder: ProblemFolder, endpoint?: string): number {
  const problemId = folder.json.link?.problemId;
  if (problemId === undefined) throw new ProblemFolderError(['The folder is not linked to a problem yet: push it first, then check it.']);
  if (endpoint !== undefined && !sameEndpoint(folder.json.link!.endpoint, endpoint)) {
    throw new ProblemFolderError([
      `This folder is linked to problem ${problemId} on ${folder.json.link!.endpoint}, not to ${endpoint}: nothing was submitted. Switch to a profile with that endpoint, or pull the problem from ${endpoint} into another folder.`,
    ]);
  }
  if (!folder.solutions.length) throw new ProblemFolderError(['There is nothing to check: put reference solutions under solutions/<verdict>/ (e.g. solutions/accepted/sol.py).']);
  return problemId;
}

export async function checkProblemFolder(client: ProblemsClient, folder: ProblemFolder, o: CheckOptions = {}): Promise<SolutionCheck[]> {
  const problemId = assertCheckable(folder, o.endpoint);
  const checks: SolutionCheck[] = [];
  // What a failure says it ran under: the tests' limit as the folder sets it (one value for an imported package).
  const limit = Math.max(0, ...folder.json.tests.map((t) => t.timeLimit ?? 0)) || undefined;
  const offered = o.compilers ?? (await client.listCompilers(o.signal)).items;
  for (const s of folder.solutions) {
    const known = o.judged?.find((c) => c.file === s.file && c.expected === s.expected);
    if (known) {
      checks.push({ ...known });
      continue;
    }
    const check: SolutionCheck = { file: s.file, expected: s.expected, ok: false };
    checks.push(check);
    try {
      const prepared = (o.prepare ?? prepareByExtension(folder.dir, o.chosenCompiler))(s, offered);
      if ('skipped' in prepared) {
        check.skipped = `skipped: ${prepared.skipped}.`;
        continue;
      }
      check.submissionId = (await client.createSubmission({ problemId, ...prepared }, o.signal)).id;
      o.onSubmitted?.(check);
    } catch (err) {
      check.error = (err as { explanation?: string }).explanation ?? (err as Error).message;
    }
  }
  const pending = new Map(checks.filter((c) => c.submissionId !== undefined && !c.status).map((c) => [c.submissionId!, c]));
  if (pending.size) {
    await pollUntilDone({
      intervalMs: PROBLEMS_POLL_MS,
      sleep: o.sleep,
      signal: o.signal,
      fetch: (signal) => fetchAll(client, [...pending.keys()], signal),
      isExecuting: (items) => {
        for (const sub of items) {
          const check = pending.get(sub.id);
          if (!check || sub.executing) continue;
          check.status = { code: sub.result.status.code, name: sub.result.status.name };
          check.score = sub.result.score;
          check.testTimes = (sub.result.testCases ?? []).map((t) => t.time ?? 0);
          check.time = check.testTimes.length ? Math.max(...check.testTimes) : sub.result.time;
          check.memory = sub.result.memory;
          if (limit !== undefined) check.limit = limit;
          const own = o.expectationFor?.(check.file);
          check.unmet = own?.(sub.result);
          check.ok = own ? check.unmet === undefined : meetsExpected(check.expected, check.status.code, check.score);
          pending.delete(sub.id);
          o.onJudged?.(check);
        }
        return pending.size > 0;
      },
    });
  }
  return checks;
}

/** What a judged submission got beyond its verdict: time, memory and the limit it ran under (a failure says them). */
export function describeRun(c: Pick<SolutionCheck, 'time' | 'memory' | 'limit'>): string {
  const parts: string[] = [];
  if (typeof c.time === 'number') parts.push(`time ${c.time} s`);
  if (typeof c.memory === 'number') parts.push(`memory ${c.memory} KB`);
  if (c.limit !== undefined) parts.push(`time limit ${c.limit} s`);
  return parts.join(', ');
}

export function describeCheck(c: SolutionCheck): string {
  if (c.skipped) return `SKIP  ${c.file}: ${c.skipped}`;
  if (c.error) return `ERROR ${c.file}: ${c.error}`;
  const got = c.status ? `${c.status.name} (${c.status.code})${c.expected === 'partially_accepted' ? `, score ${c.score ?? 'none'}` : ''}` : 'no verdict';
  const run = describeRun(c);
  const ran = run ? ` (${run})` : '';
  if (c.unmet) return `FAIL  ${c.file}: ${c.unmet}${c.status ? `; got ${got}${ran}` : ''}`;
  return c.ok
    ? `ok    ${c.file}: ${got}`
    : `FAIL  ${c.file}: expected ${c.expected.replace(/_/g, ' ')}, got ${got}${ran}${c.expected !== 'accepted' && c.status?.code === SUBMISSION_STATUS.accepted ? ' — the tests do not catch this solution' : ''}`;
}
