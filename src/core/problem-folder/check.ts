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
import type { ProblemFolder } from './read';

/** The status code each expected verdict stands for (problems-api-v4.md, statuses). */
export const VERDICT_STATUS: Record<Verdict, number> = {
  accepted: 15, wrong_answer: 14, time_limit_exceeded: 13, runtime_error: 12, compilation_error: 11, memory_limit_exceeded: 17, partially_accepted: 15, rejected: 14,
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
  /** True when the verdict is the expected one. */
  ok: boolean;
  /** Why the solution could not be judged (refused submission, unreadable file). */
  error?: string;
  /** Why it was not submitted: the endpoint offers no compiler for its language. Not a failure. */
  skipped?: string;
  /** Why it failed its own expectations (a Kattis package's submissions.yaml), when it has them. */
  unmet?: string;
}

export interface CheckOptions {
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
    throw new ProblemFolderError([`This folder is linked to problem ${problemId} on ${folder.json.link!.endpoint}, not to ${endpoint}: nothing was submitted. Switch to a profile with that endpoint, or pull the problem from ${endpoint} into another folder.`]);
  }
  if (!folder.solutions.length) throw new ProblemFolderError(['There is nothing to check: put reference solutions under solutions/<verdict>/ (e.g. solutions/accepted/sol.py).']);
  return problemId;
}

export async function checkProblemFolder(client: ProblemsClient, folder: ProblemFolder, o: CheckOptions = {}): Promise<SolutionCheck[]> {
  const problemId = assertCheckable(folder, o.endpoint);
  const checks: SolutionCheck[] = [];
  const offered = o.compilers ?? (await client.listCompilers(o.signal)).items;
  for (const s of folder.solutions) {
    const known = o.judged?.find((c) => c.file === s.file && c.expected === s.expected);
    if (known) {
      checks.push({ ...known });
      continue;
    }
    const check: SolutionCheck = { file: s.file, expected: s.expected, ok: false };
    checks.push(check);
    // A multi-file solution's language is its first file with a language the endpoint offers.
    const choices = (s.files ?? [s.file]).map((f) => compilerForFile(f, offered));
    const choice = choices.find((c) => 'compilerId' in c) ?? choices[0] ?? { skipped: 'the solution folder is empty' };
    if ('skipped' in choice) {
      check.skipped = `skipped: ${choice.skipped}.`;
      continue;
    }
    const compilerId = choice.compilerId;
    try {
      const params = s.files
        ? { problemId, compilerId, files: Object.fromEntries(s.files.map((f) => [f, readInside(folder.dir, `${s.file}/${f}`, `Solution ${s.file}/${f}`)])) }
        : { problemId, compilerId, source: readInside(folder.dir, s.file, `Solution ${s.file}`).toString('utf8') };
      check.submissionId = (await client.createSubmission(params, o.signal)).id;
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

export function describeCheck(c: SolutionCheck): string {
  if (c.skipped) return `SKIP  ${c.file}: ${c.skipped}`;
  if (c.error) return `ERROR ${c.file}: ${c.error}`;
  const got = c.status ? `${c.status.name} (${c.status.code})${c.expected === 'partially_accepted' ? `, score ${c.score ?? 'none'}` : ''}` : 'no verdict';
  if (c.unmet) return `FAIL  ${c.file}: ${c.unmet}`;
  return c.ok ? `ok    ${c.file}: ${got}` : `FAIL  ${c.file}: expected ${c.expected.replace(/_/g, ' ')}, got ${got}${c.expected !== 'accepted' && c.status?.code === SUBMISSION_STATUS.accepted ? ' — the tests do not catch this solution' : ''}`;
}
