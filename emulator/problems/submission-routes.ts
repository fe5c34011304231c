// /submissions: create (judged in the background), read one or many, re-judge, raw streams.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Hono } from 'hono';
import { MAX_IDS_PER_REQUEST, MAX_SUBMISSION_SOURCE_BYTES } from '../../contract';
import type { EmulatorContext } from '../context';
import { queryParams, readParams, type Params } from '../http/body';
import { STATUS, isExecuting } from '../judges/statuses';
import type { ProblemsDb } from './db';
import { notFound, submissionErrors as E } from './errors';
import type { Judging } from './judging';
import { STREAM_NAMES, type ProblemRecord, type StreamName, type SubmissionRecord } from './records';
import { submissionView } from './submission-view';
import type { Toolchain } from './toolchain';

/** `tests`: comma-separated test case numbers; undefined = the problem's active test cases. */
export function parseTests(raw: string | undefined, problem: ProblemRecord): number[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.every((s) => s === '')) throw E.testsEmpty();
  if (parts.some((s) => !/^\d+$/.test(s))) throw E.testsFormat();
  const numbers = [...new Set(parts.map(Number))];
  for (const n of numbers) if (!problem.testcases.some((t) => t.number === n)) throw E.testsInvalid(n);
  return numbers.sort((a, b) => a - b);
}

/** Relative file names only: no absolute paths, no climbing out with "..". */
function safeRelative(name: string): string | undefined {
  const normal = path.posix.normalize(name.replace(/\\/g, '/'));
  if (normal.startsWith('/') || normal.startsWith('..') || normal === '.' || normal === '') return undefined;
  return normal;
}

function readTestsParam(params: Params): string | undefined {
  const values = params.all('tests').filter((v): v is string => typeof v === 'string');
  return values.length ? values.join(',') : undefined;
}

function readCompiler(params: Params, toolchain: Toolchain): { compilerId: number; versionId: number | undefined } {
  const compilerRaw = params.str('compilerId')?.trim();
  if (compilerRaw === undefined || compilerRaw === '') throw E.compilerMissing();
  if (!/^\d+$/.test(compilerRaw)) throw E.compilerNotFound(compilerRaw);
  const compilerId = Number(compilerRaw);
  const versionRaw = params.str('compilerVersionId')?.trim();
  if (versionRaw && !/^\d+$/.test(versionRaw)) throw E.versionNotFound(versionRaw);
  const versionId = versionRaw ? Number(versionRaw) : undefined;
  const check = toolchain.check(compilerId, versionId);
  if (check === 'no-compiler') throw E.compilerNotFound(String(compilerId));
  if (check === 'no-version') throw E.versionNotFound(String(versionId));
  if (check === 'unavailable') throw E.compilerUnavailable(compilerId);
  return { compilerId, versionId };
}

export function registerSubmissionRoutes(app: Hono, ctx: EmulatorContext, db: ProblemsDb, toolchain: Toolchain, judging: Judging): void {
  app.post('/submissions', async (c) => {
    const params = await readParams(c);
    const meta = db.meta;
    if (meta.submissionPool !== null && meta.submissionPool <= 0) throw E.pool();

    const problemRaw = (params.str('problemId') ?? params.str('problemCode'))?.trim();
    if (problemRaw === undefined || problemRaw === '') throw E.problemMissing();
    const problem = db.findProblem(problemRaw);
    if (!problem) throw E.problemNotFound(problemRaw);
    if (problem.foreign) throw E.problemDenied();

    // Multi-file mode: `files[<name>]` parts; `source` is then ignored (compilers spec).
    const files = await params.filesMap('files');
    const multiFile = files.size > 0;
    const source = multiFile ? undefined : await params.bytes('source');
    if (!multiFile && (!source || source.length === 0)) throw E.sourceMissing();
    const totalSize = multiFile ? [...files.values()].reduce((s, b) => s + b.length, 0) : source!.length;
    if (totalSize > MAX_SUBMISSION_SOURCE_BYTES) throw E.sourceTooLarge(MAX_SUBMISSION_SOURCE_BYTES);

    const { compilerId, versionId } = readCompiler(params, toolchain);
    if (multiFile && !toolchain.supportsMultiFile(compilerId)) throw E.noMultiFile(compilerId);
    const tests = parseTests(readTestsParam(params), problem);
    if (!tests && !problem.testcases.some((t) => t.active)) throw E.creationFailed('the problem has no active test cases');
    const relFiles = new Map<string, Buffer>();
    for (const [name, data] of files) {
      const rel = safeRelative(name);
      if (!rel) throw E.creationFailed(`file name ${JSON.stringify(name)} is not a relative path`);
      relFiles.set(rel, data);
    }

    const id = meta.nextSubmissionId;
    meta.nextSubmissionId = id + 1;
    if (meta.submissionPool !== null) meta.submissionPool -= 1;
    const sub: SubmissionRecord = {
      id,
      problemId: problem.id,
      compilerId,
      compilerVersionId: versionId ?? toolchain.describe(compilerId, undefined).version.id,
      createdAt: Date.now(),
      tests: tests ?? null,
      multiFile,
      status: STATUS.waiting,
      score: null,
      time: null,
      memory: null,
      signal: null,
      signal_desc: null,
      testcases: [],
      streams: {},
    };
    if (multiFile) {
      const root = path.join(db.submissionDir(id), 'files');
      for (const [rel, data] of relFiles) {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), data);
      }
    }
    // The id taken, the pool charged, the source and the record stored land together.
    db.transaction(() => {
      // The source stream of a multi-file submission shows every file under a header.
      db.writeStream(sub, 'source', multiFile ? [...relFiles].map(([n, d]) => `// ==> ${n} <==\n${d.toString('utf8')}`).join('\n') : source!);
      db.saveMeta();
      db.saveSubmission(sub);
    });
    judging.enqueue(id);
    return c.json({ id }, 201);
  });

  app.get('/submissions', (c) => {
    const raw = queryParams(c).str('ids');
    if (raw === undefined || raw.trim() === '') throw E.idsMissing();
    const parts = raw.split(',').map((s) => s.trim());
    if (parts.some((s) => !/^\d+$/.test(s))) throw E.idsFormat();
    const ids = [...new Set(parts.map(Number))];
    if (ids.length > MAX_IDS_PER_REQUEST) throw E.idsTooMany();
    // A list fetch polls each of its ids: the same guard as fetching them one by one.
    for (const id of ids) ctx.pollGuard.check(`problems:${id}`);
    const items = ids
      .sort((a, b) => a - b)
      .map((id) => db.findSubmission(id))
      .filter((s) => s !== undefined)
      .map((s) => submissionView(ctx, db, toolchain, s, false));
    return c.json({ items });
  });

  const requireSubmission = (raw: string): SubmissionRecord => {
    const sub = /^\d+$/.test(raw) ? db.findSubmission(Number(raw)) : undefined;
    if (!sub) throw notFound(`submission ${raw}`);
    return sub;
  };

  app.get('/submissions/:id', (c) => {
    ctx.pollGuard.check(`problems:${c.req.param('id')}`);
    return c.json(submissionView(ctx, db, toolchain, requireSubmission(c.req.param('id')), true));
  });

  app.put('/submissions/:id', (c) => {
    const sub = requireSubmission(c.req.param('id'));
    // Already queued or running: that judging produces the fresh result anyway.
    if (isExecuting(sub.status)) return c.json({});
    for (const name of STREAM_NAMES) if (name !== 'source') db.deleteStream(sub, name);
    Object.assign(sub, { status: STATUS.waiting, score: null, time: null, memory: null, signal: null, signal_desc: null, testcases: [] });
    db.saveSubmission(sub);
    judging.enqueue(sub.id);
    return c.json({});
  });

  app.get('/submissions/:id/:stream', (c) => {
    const sub = requireSubmission(c.req.param('id'));
    const stream = c.req.param('stream') as StreamName;
    if (!STREAM_NAMES.includes(stream)) throw notFound(`stream ${stream} (streams: ${STREAM_NAMES.join(', ')})`);
    const data = sub.streams[stream] === undefined ? undefined : db.readStream(sub.id, stream);
    if (!data) throw notFound(`stream ${stream} of submission ${sub.id}`);
    return c.body(new Uint8Array(data), 200, { 'content-type': 'text/plain; charset=utf-8' });
  });
}
