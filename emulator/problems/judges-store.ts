// One view over built-in and custom judges, so routes and the pipeline need not tell them apart.
import * as fs from 'node:fs';
import { BUILTIN_JUDGES, builtinJudge, type BuiltinJudge } from '../judges/builtins';
import type { ProblemsDb } from './db';
import type { JudgeRecord } from './records';

export type AnyJudge = { kind: 'builtin'; judge: BuiltinJudge } | { kind: 'custom'; judge: JudgeRecord };

export function findJudge(db: ProblemsDb, id: number): AnyJudge | undefined {
  const b = builtinJudge(id);
  if (b) return { kind: 'builtin', judge: b };
  const c = db.judge(id);
  return c ? { kind: 'custom', judge: c } : undefined;
}

export function allJudges(db: ProblemsDb): AnyJudge[] {
  return [...BUILTIN_JUDGES.map((judge) => ({ kind: 'builtin' as const, judge })), ...db.judges.map((judge) => ({ kind: 'custom' as const, judge }))];
}

export function judgeTypeId(j: AnyJudge): number {
  return j.judge.typeId;
}

export function judgeName(j: AnyJudge): string {
  return j.judge.name;
}

export function judgeSource(db: ProblemsDb, j: AnyJudge): Buffer {
  if (j.kind === 'builtin') {
    return Buffer.from(`Built-in judge ${j.judge.id} "${j.judge.name}" (implemented natively by the emulator).\n${j.judge.description}\n`, 'utf8');
  }
  return fs.readFileSync(db.judgeSourceFile(j.judge.id));
}
