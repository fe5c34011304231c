// The service's side of a problem, read the same way by pull and push.
import type { Judge, Problem, ProblemsClient, TestCase } from '../../api';
import type { JudgeJson, JudgeRef, JudgeType, ProblemJson, ProblemType } from './format';
import { PROBLEM_TYPES } from './format';

export interface RemoteProblem {
  problem: Problem;
  tests: TestCase[];
}

export async function readRemote(client: ProblemsClient, problemId: number, signal?: AbortSignal): Promise<RemoteProblem> {
  const problem = await client.getProblem(problemId, {}, signal);
  const tests = (await client.listTestCases(problemId, signal)).items ?? [];
  return { problem, tests: [...tests].sort((a, b) => a.number - b.number) };
}

export const problemType = (p: Problem): ProblemType => PROBLEM_TYPES[p.type?.id ?? 0] ?? 'binary';
export const judgeType = (j: Judge): JudgeType => (j.type?.id === 1 ? 'master' : 'testcase');
export const typeIdOf = (t: ProblemType) => PROBLEM_TYPES.indexOf(t);
export const sizeOf = (f: TestCase['input']) => (f && typeof f.size === 'number' ? f.size : undefined);
/** Built-in judges stay numbers in the folder: their source is the service's, not the author's. */
export const isBuiltIn = (j: Judge) => j.builtIn === true;

/** A stable judge key from its name: lower case, letters, digits and dashes. */
export function judgeKey(j: Judge, taken: Set<string>): string {
  const base = j.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || `judge-${j.id}`;
  const key = taken.has(base) ? `${base}-${j.id}` : base;
  taken.add(key);
  return key;
}

/**
 * problem.json as the service's problem would give it: what pull writes, and the left side of the
 * push preview's settings diff. `refOf` names a judge id as the folder does (a key or the number).
 */
export function problemJsonOf({ problem, tests }: RemoteProblem, o: { endpoint: string; statement: string; judges: Record<string, JudgeJson>; refOf: (judgeId: number) => JudgeRef }): ProblemJson {
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
