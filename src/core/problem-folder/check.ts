// Check: every reference solution under solutions/<verdict>/ is submitted to the linked problem
// and its verdict compared with the folder it sits in. A wrong_answer solution that is accepted is
// a failure of the problem (its tests do not catch that mistake). Submissions go one at a time;
// their results are fetched together with GET /submissions?ids= (20 ids a request) at the
// service's 2 s rhythm.
import * as path from 'node:path';
import { MAX_IDS_PER_REQUEST, type ProblemsClient, type ProblemsSubmission, type Sleep } from '../../api';
import { compilerIdForFileName } from '../languages';
import { pollUntilDone, PROBLEMS_POLL_MS } from '../poller';
import { ProblemFolderError } from './errors';
import { readInside } from './inside';
import type { Verdict } from './format';
import { sameEndpoint } from './plan';
import type { ProblemFolder } from './read';

/** The status code each expected verdict stands for (problems-api-v4.md, statuses). */
export const VERDICT_STATUS: Record<Verdict, number> = {
  accepted: 15, wrong_answer: 14, time_limit_exceeded: 13, runtime_error: 12, compilation_error: 11, memory_limit_exceeded: 17,
};

export interface SolutionCheck {
  /** Relative to the folder, e.g. solutions/accepted/sol.py. */
  file: string;
  expected: Verdict;
  submissionId?: number;
  status?: { code: number; name: string };
  /** True when the verdict is the expected one. */
  ok: boolean;
  /** Why the solution could not be judged (unknown language, refused submission). */
  error?: string;
}

export interface CheckOptions {
  /** The endpoint the client talks to: a folder linked to another one is refused, naming both. */
  endpoint?: string;
  signal?: AbortSignal;
  /** Injectable for tests; default a real timer at the 2 s rhythm. */
  sleep?: Sleep;
  onSubmitted?: (check: SolutionCheck) => void;
  onJudged?: (check: SolutionCheck) => void;
}

async function fetchAll(client: ProblemsClient, ids: number[], signal?: AbortSignal): Promise<ProblemsSubmission[]> {
  const out: ProblemsSubmission[] = [];
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_REQUEST) out.push(...(await client.getSubmissions(ids.slice(i, i + MAX_IDS_PER_REQUEST), signal)).items);
  return out;
}

export async function checkProblemFolder(client: ProblemsClient, folder: ProblemFolder, o: CheckOptions = {}): Promise<SolutionCheck[]> {
  const problemId = folder.json.link?.problemId;
  if (problemId === undefined) throw new ProblemFolderError(['The folder is not linked to a problem yet: push it first, then check it.']);
  if (o.endpoint !== undefined && !sameEndpoint(folder.json.link!.endpoint, o.endpoint)) {
    throw new ProblemFolderError([`This folder is linked to problem ${problemId} on ${folder.json.link!.endpoint}, not to ${o.endpoint}: nothing was submitted. Switch to a profile with that endpoint, or pull the problem from ${o.endpoint} into another folder.`]);
  }
  if (!folder.solutions.length) throw new ProblemFolderError(['There is nothing to check: put reference solutions under solutions/<verdict>/ (e.g. solutions/accepted/sol.py).']);
  const checks: SolutionCheck[] = [];
  for (const s of folder.solutions) {
    const check: SolutionCheck = { file: s.file, expected: s.expected, ok: false };
    checks.push(check);
    const compilerId = compilerIdForFileName(s.file);
    if (compilerId === undefined) {
      check.error = `No compiler is known for ${path.extname(s.file) || 'a file without extension'}.`;
      continue;
    }
    try {
      const source = readInside(folder.dir, s.file, `Solution ${s.file}`).toString('utf8');
      check.submissionId = (await client.createSubmission({ problemId, compilerId, source }, o.signal)).id;
      o.onSubmitted?.(check);
    } catch (err) {
      check.error = (err as { explanation?: string }).explanation ?? (err as Error).message;
    }
  }
  const pending = new Map(checks.filter((c) => c.submissionId !== undefined).map((c) => [c.submissionId!, c]));
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
          check.ok = check.status.code === VERDICT_STATUS[check.expected];
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
  if (c.error) return `ERROR ${c.file}: ${c.error}`;
  const got = c.status ? `${c.status.name} (${c.status.code})` : 'no verdict';
  return c.ok ? `ok    ${c.file}: ${got}` : `FAIL  ${c.file}: expected ${c.expected.replace(/_/g, ' ')}, got ${got}${c.expected !== 'accepted' && c.status?.code === 15 ? ' — the tests do not catch this solution' : ''}`;
}
