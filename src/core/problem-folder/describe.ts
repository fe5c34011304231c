// A push plan and its result in plain sentences: the preview a person reads before saying yes,
// and the account of what was and was not applied.
import { SphereApiError } from '../../api';
import type { Change, PushPlan } from './plan';
import type { PushResult } from './apply';
import { judgeText } from './new-tests';

const FIELD_NAMES: Record<string, string> = {
  input: 'input',
  output: 'expected output',
  timeLimit: 'time limit',
  judge: 'judge',
  active: 'active flag',
  name: 'name',
  statement: 'statement',
  type: 'type',
  interactive: 'interactive',
  masterJudge: 'master judge',
  executionMode: 'execution mode',
  code: 'code',
  source: 'source',
  compiler: 'compiler',
};
const list = (what: string[]) => what.map((w) => FIELD_NAMES[w] ?? w).join(', ');

export function describeChange(c: Change, plan?: PushPlan): string {
  switch (c.kind) {
    case 'createJudge':
      return `Create judge "${c.key}"`;
    case 'updateJudge':
      return `Update judge "${c.key}" (id ${c.id}): ${list(c.what)}`;
    case 'createProblem':
      return `Create problem "${plan?.folder.json.name ?? ''}"`;
    case 'updateProblem':
      return `Update problem: ${list(c.what)}`;
    case 'updateTest':
      return `Update test ${c.number}: ${list(c.what)}`;
    case 'deleteTest':
      return `Delete test ${c.number}`;
    case 'createTest':
      return addTestText(c.number, plan);
  }
}

/** "Add test 2 with judge 10, time limit 1 s": a new test names what it will be judged with. */
function addTestText(number: number, plan?: PushPlan): string {
  const t = plan?.folder.json.tests.find((x) => x.number === number);
  return t ? `Add test ${number} with ${judgeText(t.judge)}, time limit ${t.timeLimit} s${t.active ? '' : ', inactive'}` : `Add test ${number}`;
}

export function describePlan(plan: PushPlan): string[] {
  return plan.changes.map((c) => describeChange(c, plan));
}

/** An error in a sentence: the service's explanation and message, or the error's message. */
export const errorText = (err: unknown) =>
  err instanceof SphereApiError ? err.explanation + (err.serverMessage ? ` (${err.serverMessage})` : '') : ((err as Error)?.message ?? String(err));

/** Every line of what happened, for the log or the terminal. */
export function describeResult(result: PushResult, plan: PushPlan): string[] {
  const lines = result.applied.map((c) => `applied: ${describeChange(c, plan)}`);
  if (result.codeNote) lines.push(`code: ${result.codeNote}`);
  for (const r of result.renumbered) lines.push(`renumbered: the new test ${r.from} is test ${r.to} on the service (files renamed)`);
  if (result.failed) lines.push(`FAILED: ${describeChange(result.failed.change, plan)}: ${errorText(result.failed.error)}`);
  for (const c of result.notApplied) lines.push(`not applied: ${describeChange(c, plan)}`);
  for (const c of result.skipped) lines.push(`skipped (not confirmed): ${describeChange(c, plan)}`);
  return lines;
}

export const pushSucceeded = (r: PushResult) => !r.failed && r.notApplied.length === 0 && r.skipped.length === 0;
