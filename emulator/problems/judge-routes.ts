// /judges: list, create, read, update, and the judge's source file.
import * as fs from 'node:fs';
import type { Hono } from 'hono';
import type { EmulatorContext } from '../context';
import { queryParams, readParams } from '../http/body';
import { JUDGE_TYPE_NAMES } from '../judges/builtins';
import type { ProblemsDb } from './db';
import { builtinJudgeLocked, invalid, notFound, submissionErrors } from './errors';
import { allJudges, findJudge, judgeSource, type AnyJudge } from './judges-store';
import { pageParams, paging } from './links';
import type { Toolchain } from './toolchain';
import { judgeView } from './views';

export function registerJudgeRoutes(app: Hono, ctx: EmulatorContext, db: ProblemsDb, toolchain: Toolchain): void {
  const view = (j: AnyJudge) => judgeView(ctx, db, j, (id, v) => toolchain.describe(id, v));

  const requireJudge = (raw: string): AnyJudge => {
    const j = /^\d+$/.test(raw) ? findJudge(db, Number(raw)) : undefined;
    if (!j) throw notFound(`judge ${raw}`);
    return j;
  };

  /** Judges run with the same compilers as solutions; an unknown one is refused as for submissions. */
  const checkCompiler = (compilerId: number, versionId: number | undefined) => {
    const check = toolchain.check(compilerId, versionId);
    if (check === 'no-compiler') throw submissionErrors.compilerNotFound(String(compilerId));
    if (check === 'no-version') throw submissionErrors.versionNotFound(String(versionId));
    if (check === 'unavailable') throw submissionErrors.compilerUnavailable(compilerId);
  };

  app.get('/judges', (c) => {
    const q = queryParams(c);
    const { limit, offset } = pageParams(q, invalid);
    const typeId = q.int('typeId', undefined, () => invalid('typeId must be 0 (test case) or 1 (master)'));
    if (typeId !== undefined && !(typeId in JUDGE_TYPE_NAMES)) throw invalid('typeId must be 0 (test case) or 1 (master)');
    const list = allJudges(db).filter((j) => typeId === undefined || j.judge.typeId === typeId);
    const extra: Record<string, number> = typeId === undefined ? {} : { typeId };
    return c.json({ items: list.slice(offset, offset + limit).map(view), paging: paging(ctx, '/judges', limit, offset, list.length, extra) });
  });

  app.post('/judges', async (c) => {
    const params = await readParams(c);
    const source = await params.bytes('source');
    if (!source || source.length === 0) throw invalid('source is required');
    const compilerId = params.int('compilerId', undefined, () => invalid('compilerId must be an integer'));
    if (compilerId === undefined) throw invalid('compilerId is required');
    const versionId = params.int('compilerVersionId', undefined, () => invalid('compilerVersionId must be an integer'));
    checkCompiler(compilerId, versionId);
    const typeId = params.int('typeId', 0, () => invalid('typeId must be 0 (test case) or 1 (master)'))!;
    if (!(typeId in JUDGE_TYPE_NAMES)) throw invalid('typeId must be 0 (test case) or 1 (master)');
    const shared = params.bool('shared', false, () => invalid('shared must be true or false'));
    const meta = db.meta;
    const id = meta.nextJudgeId;
    const now = Math.floor(Date.now() / 1000);
    fs.writeFileSync(db.judgeSourceFile(id), source);
    meta.nextJudgeId = id + 1;
    db.transaction(() => {
      db.saveMeta();
      db.saveJudge({
        id,
        name: params.str('name')?.trim() || `Judge ${id}`,
        typeId,
        compilerId,
        compilerVersionId: versionId ?? toolchain.describe(compilerId, undefined).version.id,
        shared,
        sourceSize: source.length,
        createdAt: now,
        lastModified: now,
      });
    });
    return c.json({ id }, 201);
  });

  app.get('/judges/:id', (c) => c.json(view(requireJudge(c.req.param('id')))));

  app.put('/judges/:id', async (c) => {
    const j = requireJudge(c.req.param('id'));
    if (j.kind === 'builtin') throw builtinJudgeLocked();
    const params = await readParams(c);
    const compilerId = params.int('compilerId', j.judge.compilerId, () => invalid('compilerId must be an integer'))!;
    const versionId = params.int('compilerVersionId', undefined, () => invalid('compilerVersionId must be an integer'));
    if (params.has('compilerId') || versionId !== undefined) checkCompiler(compilerId, versionId);
    const shared = params.has('shared') ? params.bool('shared', j.judge.shared, () => invalid('shared must be true or false')) : undefined;
    if (params.has('name')) {
      const name = params.str('name')?.trim();
      if (!name) throw invalid('name must not be empty');
      j.judge.name = name;
    }
    if (params.has('source')) {
      const source = await params.bytes('source');
      if (!source || source.length === 0) throw invalid('source must not be empty');
      fs.writeFileSync(db.judgeSourceFile(j.judge.id), source);
      j.judge.sourceSize = source.length;
    }
    if (params.has('compilerId') || versionId !== undefined) {
      j.judge.compilerId = compilerId;
      j.judge.compilerVersionId = versionId ?? toolchain.describe(compilerId, undefined).version.id;
    }
    if (shared !== undefined) j.judge.shared = shared;
    j.judge.lastModified = Math.floor(Date.now() / 1000);
    db.saveJudge(j.judge);
    return c.json({});
  });

  app.get('/judges/:id/:filename', (c) => {
    const j = requireJudge(c.req.param('id'));
    if (c.req.param('filename') !== 'source') throw notFound(`judge file ${c.req.param('filename')} (use source)`);
    return c.body(new Uint8Array(judgeSource(db, j)), 200, { 'content-type': 'text/plain; charset=utf-8' });
  });
}
