// Compilers API v4: compilers listing, submissions that really run, their streams.
import { Hono } from 'hono';
import { MAX_IDS_PER_REQUEST } from '../../contract';
import type { EmulatorContext } from '../context';
import { queryParams, readParams } from '../http/body';
import { apiError, causeOf } from '../http/errors';
import { fileBody } from '../http/file-body';
import { availableCompilers, compileCacheFor, detectLanguages } from '../languages';
import { initRunner, runScratchFolder } from '../runner';
import { startEmpty } from '../fs-safety/remove-tree';
import { packTarGz } from './archive';
import { readNewSubmission } from './create';
import { Executor } from './execute';
import { runsInDataDir, STREAMS, SubmissionStore, type StreamName } from './records';
import { STATUS } from './statuses';
import { listItemView, submissionView } from './views';

export function compilersModule(ctx: EmulatorContext): Hono {
  const runner = initRunner(ctx);
  detectLanguages(); // once per process, before the first request waits on it
  const submissions = new SubmissionStore(ctx.store, runScratchFolder(runsInDataDir(ctx.store.root), 'compilers', { onDisk: ctx.options.workOnDisk }));
  // What a request killed with the emulator left there goes now.
  startEmpty(submissions.scratch);
  const executor = new Executor(submissions, runner, ctx.jobs, compileCacheFor(ctx));
  ctx.onClose(() => executor.close());
  void requeueWaiting(submissions, executor);

  const app = new Hono();

  app.get('/test', (c) => c.json({ message: 'You can use Sphere Engine Compilers API.' }));

  app.get('/compilers', (c) => c.json({ items: availableCompilers() }));

  app.post('/submissions', async (c) => {
    const params = await readParams(c);
    const fresh = await readNewSubmission(params, submissions.scratch);
    const pool = submissions.pool();
    if (pool !== null && pool <= 0) throw apiError(402, 2, 'submission pool is empty or the account is inactive');
    let id: number;
    try {
      const source = fresh.sourceStream ?? (await packTarGz(fresh.files, submissions.scratch));
      const record = submissions.create(
        {
          createdAt: Date.now(),
          compiler: { id: fresh.compilerId, name: fresh.compilerName, version: fresh.version },
          multiFile: fresh.multiFile,
          timeLimitSec: fresh.timeLimitSec,
          memoryLimitKb: fresh.memoryLimitKb,
          outputFilenames: fresh.outputFilenames,
          status: STATUS.waiting,
          time: null,
          memory: null,
          signal: null,
          streams: {},
        },
        (created) => {
          submissions.writeStream(created, 'source', source);
          submissions.writeStream(created, 'input', fresh.input);
        },
      );
      id = record.id;
    } catch (err) {
      throw apiError(400, 1003, `submission creation failed: ${causeOf(err)}`);
    }
    executor.enqueue({ id, files: fresh.files });
    return c.json({ id }, 201);
  });

  app.get('/submissions', (c) => {
    const raw = queryParams(c).str('ids');
    if (raw === undefined || raw.trim() === '') throw apiError(400, 205104, 'ids missing');
    const parts = raw.split(',').map((s) => s.trim());
    if (parts.some((p) => !/^\d+$/.test(p))) throw apiError(400, 205105, 'ids badly formatted');
    const ids = [...new Set(parts.map(Number))];
    if (ids.length > MAX_IDS_PER_REQUEST) throw apiError(400, 205106, `more than ${MAX_IDS_PER_REQUEST} ids`);
    const items = ids
      .sort((a, b) => a - b)
      .map((id) => submissions.get(id))
      .filter((r) => r !== undefined)
      .map((r) => listItemView(ctx, r));
    return c.json({ items });
  });

  const findOr404 = (rawId: string) => {
    const record = /^\d+$/.test(rawId) ? submissions.get(Number(rawId)) : undefined;
    if (!record) throw apiError(404, 404, "submission doesn't exist");
    return record;
  };

  app.get('/submissions/:id', (c) => {
    const id = c.req.param('id');
    ctx.pollGuard.check(`compilers:${id}`);
    return c.json(submissionView(ctx, findOr404(id)));
  });

  app.get('/submissions/:id/:stream', (c) => {
    const record = findOr404(c.req.param('id'));
    const stream = c.req.param('stream');
    if (!(STREAMS as readonly string[]).includes(stream)) throw apiError(404, 404, "stream doesn't exist");
    // Read in pieces as it is sent: an output archive may hold 20 files of 16 MB.
    const kept = record.streams[stream as StreamName] === undefined ? undefined : submissions.keptStream(record.id, stream as StreamName);
    const body = kept && ('blob' in kept ? new Uint8Array(kept.blob) : fileBody(kept.file));
    // Archives (multi-file source, output files) go out as bytes; everything else as text.
    const binary = (stream === 'source' && record.multiFile) || (stream === 'output' && record.outputFilenames.length > 0);
    return c.body(body ?? new Uint8Array(0), 200, {
      'content-type': binary ? 'application/gzip' : 'text/plain; charset=utf-8',
    });
  });

  // Test and demo control (not part of the API): the account's submission pool. `remaining: null`
  // means unlimited (the default); 0 makes POST /submissions answer 402/2.
  if (ctx.options.testHooks) registerPoolHook(app, submissions);
  return app;
}

/** Submissions a restart found waiting go back into the queue, in id order, with their files. */
async function requeueWaiting(submissions: SubmissionStore, executor: Executor): Promise<void> {
  for (const record of submissions.recoverAfterRestart()) {
    try {
      executor.enqueue({ id: record.id, files: await submissions.filesOf(record) });
    } catch (err) {
      submissions.update(record.id, { status: STATUS.internalError, time: 0, memory: 0, signal: 0 });
      console.error(`[emulator] compilers submission ${record.id} could not be queued again: ${causeOf(err)}`);
    }
  }
}

function registerPoolHook(app: Hono, submissions: SubmissionStore): void {
  app.get('/__emulator/pool', (c) => c.json({ remaining: submissions.pool() }));
  app.post('/__emulator/pool', async (c) => {
    const params = await readParams(c);
    const raw = params.str('remaining');
    const remaining = raw === undefined || raw === '' || raw === 'null' ? null : Number(raw);
    if (remaining !== null && (!Number.isInteger(remaining) || remaining < 0)) throw apiError(400, 10, 'remaining must be a whole number or null');
    submissions.setPool(remaining);
    return c.json({ remaining });
  });
}
