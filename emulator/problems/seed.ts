// Writes the seed problems into an empty data directory, once (meta.seeded survives restarts, so a
// user who deletes a seed problem does not get it back).
import * as fs from 'node:fs';
import { SEED_PROBLEMS } from '../seed-problems';
import type { ProblemsDb } from './db';
import type { ProblemRecord } from './records';

export function seedProblems(db: ProblemsDb): void {
  const meta = db.meta;
  if (meta.seeded) return;
  const now = Math.floor(Date.now() / 1000);
  const existing = db.problems;
  const seeded: ProblemRecord[] = [];
  for (const seed of SEED_PROBLEMS) {
    if (existing.some((p) => p.id === seed.id || p.code === seed.code)) continue;
    const testcases = seed.testcases().map((t, number) => {
      fs.writeFileSync(db.testCaseFile(seed.id, number, 'input'), t.input);
      fs.writeFileSync(db.testCaseFile(seed.id, number, 'output'), t.output);
      return {
        number,
        timeLimit: t.timeLimit,
        judgeId: t.judgeId,
        active: t.active ?? true,
        inputSize: Buffer.byteLength(t.input),
        outputSize: Buffer.byteLength(t.output),
      };
    });
    seeded.push({
      id: seed.id,
      code: seed.code,
      name: seed.name,
      body: seed.body,
      typeId: seed.typeId,
      interactive: false,
      masterjudgeId: seed.masterjudgeId,
      executionMode: 'isolated',
      ...(seed.foreign ? { foreign: true } : {}),
      lastModifiedBody: now,
      lastModifiedSettings: now,
      testcases,
    });
  }
  meta.nextProblemId = Math.max(meta.nextProblemId, ...[...existing, ...seeded].map((p) => p.id + 1));
  meta.seeded = true;
  db.transaction(() => {
    for (const problem of seeded) db.saveProblem(problem);
    db.saveMeta();
  });
}
