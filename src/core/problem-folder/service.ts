// The service's side of a problem, read the same way by pull and push.
import type { Judge, Problem, ProblemsClient, TestCase } from '../../api';
import type { JudgeJson, JudgeRef, JudgeType, ProblemJson, ProblemType } from './format';
import { ProblemFolderError } from './errors';
import { PROBLEM_TYPES } from './format';
import { isServiceId, isTestNumber } from './inside';

export interface RemoteProblem {
  problem: Problem;
  tests: TestCase[];
}

export async function readRemote(client: ProblemsClient, problemId: number, signal?: AbortSignal): Promise<RemoteProblem> {
  const problem = await client.getProblem(problemId, {}, signal);
  const tests = (await client.listTestCases(problemId, signal)).items ?? [];
  checkRemote(problemId, problem, tests);
  return { problem, tests: [...tests].sort((a, b) => a.number - b.number) };
}

/**
 * The server's answer is checked before any of it names a file or a request: test numbers become
 * file names (tests/<number>.in) and ids go into request paths, so a server that sends
 * "../../../x" or "1/../../judges" is refused, with nothing written and nothing more sent.
 */
function checkRemote(problemId: number, problem: Problem, tests: TestCase[]): void {
  const bad: string[] = [];
  const say = (what: string, value: unknown) => bad.push(`${what} ${JSON.stringify(value)} is not a whole number`);
  if (!Array.isArray(tests)) bad.push('the list of test cases is not a list');
  else {
    for (const t of tests) {
      if (!isTestNumber(t?.number)) say('a test case number', t?.number);
      else if (t.judge?.id !== undefined && !isServiceId(t.judge.id)) say(`test case ${t.number}'s judge id`, t.judge.id);
    }
  }
  if (problem?.id !== problemId) bad.push(`it answered for problem ${JSON.stringify(problem?.id)} instead of ${problemId}`);
  if (problem?.masterjudge?.id !== undefined && !isServiceId(problem.masterjudge.id)) say('the master judge id', problem.masterjudge.id);
  if (bad.length) {
    throw new ProblemFolderError([
      `The service's answer for problem ${problemId} was refused: ${bad.join('; ')}. Nothing was written or sent. Check that the Problems endpoint is the Sphere Engine service you meant to use.`,
    ]);
  }
}

export const problemType = (p: Problem): ProblemType => PROBLEM_TYPES[p.type?.id ?? 0] ?? 'binary';
export const judgeType = (j: Judge): JudgeType => (j.type?.id === 1 ? 'master' : 'testcase');
export const typeIdOf = (t: ProblemType) => PROBLEM_TYPES.indexOf(t);
export const sizeOf = (f: TestCase['input']) => (f && typeof f.size === 'number' ? f.size : undefined);
/** Built-in judges stay numbers in the folder: their source is the service's, not the author's. */
export const isBuiltIn = (j: Judge) => j.builtIn === true;

/** A stable judge key from its name: lower case, letters, digits and dashes. */
export function judgeKey(j: Judge, taken: Set<string>): string {
  const base =
    j.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || `judge-${j.id}`;
  const key = taken.has(base) ? `${base}-${j.id}` : base;
  taken.add(key);
  return key;
}

/**
 * problem.json as the service's problem would give it: what pull writes, and the left side of the
 * push preview's settings diff. `refOf` names a judge id as the folder does (a key or the number).
 */
export function problemJsonOf(
  { problem, tests }: RemoteProblem,
  o: { endpoint: string; statement: string; judges: Record<string, JudgeJson>; refOf: (judgeId: number) => JudgeRef },
): ProblemJson {
  return {
    link: { endpoint: o.endpoint, problemId: problem.id },
    name: problem.name,
    code: problem.code,
    type: problemType(problem),
    interactive: problem.interactive === true,
    masterJudge: o.refOf(problem.masterjudge?.id ?? 1000),
    ...(typeof problem.executionMode === 'string' ? { executionMode: problem.executionMode as ProblemJson['executionMode'] } : {}),
    statement: o.statement,
    judges: o.judges,
    tests: tests.map((t) => ({ number: t.number, timeLimit: t.timeLimit ?? 1, judge: o.refOf(t.judge?.id ?? 1), active: t.active !== false })),
  };
}
