// /problems/{id}/testcases: list, create, read, update, delete, and the raw input/output files.
import * as fs from 'node:fs';
import type { Hono } from 'hono';
import type { EmulatorContext } from '../context';
import { readParams, type Params } from '../http/body';
import { JUDGE_TYPE } from '../judges/builtins';
import type { ProblemsDb } from './db';
import { concurrentTestCase, invalid, notFound } from './errors';
import { findJudge } from './judges-store';
import { requireProblem } from './problem-routes';
import type { ProblemRecord, TestCaseRecord } from './records';
import { testCaseView } from './views';

const MAX_TEST_CASES = 256;
const MAX_TIME_LIMIT_SEC = 60;

function requireTestCase(p: ProblemRecord, raw: string): TestCaseRecord {
  const t = /^\d+$/.test(raw) ? p.testcases.find((x) => x.number === Number(raw)) : undefined;
  if (!t) throw notFound(`test case ${raw} of problem ${p.id}`);
  return t;
}

/** `timeLimit` (v4) or `timelimit` (v3 spelling, still sent by official examples), seconds. */
function readTimeLimit(params: Params): number | undefined {
  const name = params.has('timeLimit') ? 'timeLimit' : 'timelimit';
  const v = params.number(name, undefined, () => invalid('timeLimit must be a number of seconds'));
  if (v !== undefined && (v <= 0 || v > MAX_TIME_LIMIT_SEC)) throw invalid(`timeLimit must be above 0 and at most ${MAX_TIME_LIMIT_SEC} seconds`);
  return v;
}

function readJudgeId(db: ProblemsDb, params: Params): number | undefined {
  const id = params.int('judgeId', undefined, () => invalid('judgeId must be an integer'));
  if (id === undefined) return undefined;
  const judge = findJudge(db, id);
  if (!judge || judge.judge.typeId !== JUDGE_TYPE.testcase) throw notFound(`test case judge ${id}`);
  return id;
}

export function registerTestCaseRoutes(app: Hono, ctx: EmulatorContext, db: ProblemsDb): void {
  app.get('/problems/:id/testcases', (c) => {
    const p = requireProblem(db, c.req.param('id'));
    return c.json({ items: p.testcases.map((t) => testCaseView(ctx, db, p, t)) });
  });

  // Problems with a test case creation in progress: a second one meanwhile gets 409, as the
  // v3 reference says ("test cases added concurrently"), instead of racing for the number.
  const adding = new Set<number>();

  app.post('/problems/:id/testcases', async (c) => {
    const p = requireProblem(db, c.req.param('id'));
    if (adding.has(p.id)) throw concurrentTestCase();
    adding.add(p.id);
    try {
      const params = await readParams(c);
      if (p.testcases.length >= MAX_TEST_CASES) throw invalid(`maximum number of test cases (${MAX_TEST_CASES}) reached`);
      const timeLimit = readTimeLimit(params) ?? 1;
      // v4: "masterjudgeId and judgeId are required" (the v3 default of judge 1 is gone).
      const judgeId = readJudgeId(db, params);
      if (judgeId === undefined) throw invalid('judgeId is required (e.g. 1 ignores extra whitespace, 10 is exact)');
      const active = params.bool('active', true, () => invalid('active must be true or false'));
      const input = (await params.bytes('input')) ?? Buffer.alloc(0);
      const output = (await params.bytes('output')) ?? Buffer.alloc(0);
      // The next number after the highest one left (a deleted last test case's number comes back).
      const number = p.testcases.reduce((m, t) => Math.max(m, t.number + 1), 0);
      fs.writeFileSync(db.testCaseFile(p.id, number, 'input'), input);
      fs.writeFileSync(db.testCaseFile(p.id, number, 'output'), output);
      p.testcases.push({ number, timeLimit, judgeId, active, inputSize: input.length, outputSize: output.length });
      p.lastModifiedSettings = Math.floor(Date.now() / 1000);
      db.saveProblem(p);
      return c.json({ number }, 201);
    } finally {
      adding.delete(p.id);
    }
  });

  app.get('/problems/:id/testcases/:number', (c) => {
    const p = requireProblem(db, c.req.param('id'));
    return c.json(testCaseView(ctx, db, p, requireTestCase(p, c.req.param('number'))));
  });

  app.put('/problems/:id/testcases/:number', async (c) => {
    const p = requireProblem(db, c.req.param('id'));
    const t = requireTestCase(p, c.req.param('number'));
    const params = await readParams(c);
    const timeLimit = readTimeLimit(params);
    const judgeId = readJudgeId(db, params);
    const active = params.has('active') ? params.bool('active', t.active, () => invalid('active must be true or false')) : undefined;
    const input = params.has('input') ? await params.bytes('input') : undefined;
    const output = params.has('output') ? await params.bytes('output') : undefined;
    if (timeLimit !== undefined) t.timeLimit = timeLimit;
    if (judgeId !== undefined) t.judgeId = judgeId;
    if (active !== undefined) t.active = active;
    if (input) {
      fs.writeFileSync(db.testCaseFile(p.id, t.number, 'input'), input);
      t.inputSize = input.length;
    }
    if (output) {
      fs.writeFileSync(db.testCaseFile(p.id, t.number, 'output'), output);
      t.outputSize = output.length;
    }
    p.lastModifiedSettings = Math.floor(Date.now() / 1000);
    db.saveProblem(p);
    return c.json({});
  });

  app.delete('/problems/:id/testcases/:number', (c) => {
    const p = requireProblem(db, c.req.param('id'));
    const t = requireTestCase(p, c.req.param('number'));
    p.testcases.splice(p.testcases.indexOf(t), 1);
    p.lastModifiedSettings = Math.floor(Date.now() / 1000);
    db.saveProblem(p);
    fs.rmSync(db.testCaseFile(p.id, t.number, 'input'), { force: true });
    fs.rmSync(db.testCaseFile(p.id, t.number, 'output'), { force: true });
    return c.json({});
  });

  app.get('/problems/:id/testcases/:number/:file', (c) => {
    const p = requireProblem(db, c.req.param('id'));
    const t = requireTestCase(p, c.req.param('number'));
    const file = c.req.param('file');
    if (file !== 'input' && file !== 'output') throw notFound(`test case file ${file} (use input or output)`);
    const data = fs.readFileSync(db.testCaseFile(p.id, t.number, file));
    return c.body(new Uint8Array(data), 200, { 'content-type': 'text/plain; charset=utf-8' });
  });
}
