// /problems and /problems/{id}: list, create, read, update, delete.
import * as fs from 'node:fs';
import type { Hono } from 'hono';
import type { EmulatorContext } from '../context';
import { queryParams, readParams, type Params } from '../http/body';
import { JUDGE_TYPE } from '../judges/builtins';
import type { ProblemsDb } from './db';
import { foreignProblem, invalid, notFound } from './errors';
import { findJudge } from './judges-store';
import { pageParams, paging } from './links';
import type { ProblemRecord } from './records';
import { problemView, PROBLEM_TYPES } from './views';

const CODE_PATTERN = /^[A-Z0-9_]{1,32}$/;
const nowSec = () => Math.floor(Date.now() / 1000);

/** The problem named in the path, or 404/200201 (unknown) / 403/200202 (another account's). */
export function requireProblem(db: ProblemsDb, idOrCode: string): ProblemRecord {
  const p = db.findProblem(idOrCode);
  if (!p) throw notFound(`problem ${idOrCode}`);
  if (p.foreign) throw foreignProblem();
  return p;
}

function readTypeId(params: Params, fallback: number | undefined): number | undefined {
  const typeId = params.int('typeId', fallback, () => invalid('typeId must be 0 (binary), 1 (minimize) or 2 (maximize)'));
  if (typeId !== undefined && !(typeId in PROBLEM_TYPES)) throw invalid('typeId must be 0 (binary), 1 (minimize) or 2 (maximize)');
  return typeId;
}

function readMasterJudge(db: ProblemsDb, params: Params, required: boolean): number | undefined {
  const id = params.int('masterjudgeId', undefined, () => invalid('masterjudgeId must be an integer'));
  if (id === undefined) {
    if (required) throw invalid('masterjudgeId is required (e.g. 1000 generic, 1001 percentage of solved test cases)');
    return undefined;
  }
  const judge = findJudge(db, id);
  if (!judge || judge.judge.typeId !== JUDGE_TYPE.master) throw notFound(`master judge ${id}`);
  return id;
}

function readExecutionMode(params: Params): 'isolated' | 'fast' | undefined {
  const mode = params.str('executionMode');
  if (mode === undefined || mode === '') return undefined;
  if (mode !== 'isolated' && mode !== 'fast') throw invalid('executionMode must be isolated or fast');
  return mode;
}

function readCode(db: ProblemsDb, params: Params, self?: ProblemRecord): string | undefined {
  const raw = params.str('code');
  if (raw === undefined || raw.trim() === '') return undefined;
  const code = raw.trim().toUpperCase();
  if (!CODE_PATTERN.test(code)) throw invalid('problem code invalid: use 1-32 letters, digits or _');
  if (/^\d+$/.test(code)) throw invalid('problem code invalid: it must not be a number (numbers are problem ids)');
  if (db.problems.some((p) => p.id !== self?.id && p.code === code)) throw invalid('problem code already taken');
  return code;
}

export function registerProblemRoutes(app: Hono, ctx: EmulatorContext, db: ProblemsDb): void {
  app.get('/problems', (c) => {
    const q = queryParams(c);
    const { limit, offset } = pageParams(q, invalid);
    const withShort = q.bool('shortBody', false, () => invalid('shortBody must be true or false'));
    const own = db.problems.filter((p) => !p.foreign);
    const items = own.slice(offset, offset + limit).map((p) => problemView(ctx, db, p, withShort));
    return c.json({ items, paging: paging(ctx, '/problems', limit, offset, own.length, withShort ? { shortBody: 1 } : {}) });
  });

  app.post('/problems', async (c) => {
    const params = await readParams(c);
    const name = params.str('name')?.trim();
    if (!name) throw invalid('name is required');
    const typeId = readTypeId(params, 0)!;
    const interactive = params.bool('interactive', false, () => invalid('interactive must be true or false'));
    const masterjudgeId = readMasterJudge(db, params, true)!;
    const executionMode = readExecutionMode(params) ?? 'isolated';
    const meta = db.meta;
    const id = meta.nextProblemId;
    const code = readCode(db, params) ?? `PROB${id}`;
    const now = nowSec();
    meta.nextProblemId = id + 1;
    db.transaction(() => {
      db.saveMeta();
      db.saveProblem({
        id,
        code,
        name,
        body: params.str('body') ?? '',
        typeId,
        interactive,
        masterjudgeId,
        executionMode,
        lastModifiedBody: now,
        lastModifiedSettings: now,
        testcases: [],
      });
    });
    return c.json({ id, code }, 201);
  });

  app.get('/problems/:id', (c) => {
    const p = requireProblem(db, c.req.param('id'));
    const withShort = queryParams(c).bool('shortBody', false, () => invalid('shortBody must be true or false'));
    return c.json(problemView(ctx, db, p, withShort));
  });

  app.put('/problems/:id', async (c) => {
    const p = requireProblem(db, c.req.param('id'));
    const params = await readParams(c);
    let bodyChanged = false;
    let settingsChanged = false;
    if (params.has('name')) {
      const name = params.str('name')?.trim();
      if (!name) throw invalid('name must not be empty');
      p.name = name;
      bodyChanged = true;
    }
    if (params.has('body')) {
      p.body = params.str('body') ?? '';
      bodyChanged = true;
    }
    const code = readCode(db, params, p);
    const typeId = readTypeId(params, undefined);
    const masterjudgeId = readMasterJudge(db, params, false);
    const executionMode = readExecutionMode(params);
    const interactive = params.has('interactive') ? params.bool('interactive', p.interactive, () => invalid('interactive must be true or false')) : undefined;
    const active = params.str('activeTestcases');
    let activeSet: Set<number> | undefined;
    if (active !== undefined) {
      const parts = active
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      if (parts.some((s) => !/^\d+$/.test(s))) throw invalid('activeTestcases must be comma-separated test case numbers');
      activeSet = new Set(parts.map(Number));
      for (const n of activeSet) if (!p.testcases.some((t) => t.number === n)) throw invalid(`activeTestcases: ${n} is not a test case of this problem`);
    }
    if (code !== undefined) p.code = code;
    if (typeId !== undefined) p.typeId = typeId;
    if (masterjudgeId !== undefined) p.masterjudgeId = masterjudgeId;
    if (executionMode !== undefined) p.executionMode = executionMode;
    if (interactive !== undefined) p.interactive = interactive;
    if (activeSet) for (const t of p.testcases) t.active = activeSet.has(t.number);
    settingsChanged = [code, typeId, masterjudgeId, executionMode, interactive, activeSet].some((v) => v !== undefined);
    if (bodyChanged) p.lastModifiedBody = nowSec();
    if (settingsChanged) p.lastModifiedSettings = nowSec();
    db.saveProblem(p);
    return c.json({});
  });

  app.delete('/problems/:id', (c) => {
    const p = requireProblem(db, c.req.param('id'));
    db.deleteProblem(p.id);
    fs.rmSync(db.testCaseDir(p.id), { recursive: true, force: true });
    return c.json({});
  });
}
