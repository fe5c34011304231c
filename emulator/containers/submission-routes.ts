// /submissions endpoints.
import type { Hono } from 'hono';
import type { EmulatorContext } from '../context';
import { apiError } from '../http/errors';
import { readParams } from '../http/body';
import { fileBody } from '../http/file-body';
import { isContainersStreamName } from '../../contract';
import { submissionResource, submissionStreamFile } from './submission-model';
import type { SubmissionService } from './submissions';

export function submissionRoutes(app: Hono, ctx: EmulatorContext, service: SubmissionService): void {
  app.post('/submissions', async (c) => {
    const params = await readParams(c);
    const scenario = params.str('scenario')?.trim();
    const record = await service.create(params.str('project_id')?.trim(), scenario || undefined, await params.bytes('source'));
    return c.json({ message: 'Submission has been created', id: record.id }, 201);
  });

  app.get('/submissions/:id', (c) => {
    const record = service.get(c.req.param('id'));
    ctx.pollGuard.check(`containers:${record.id}`);
    return c.json(submissionResource(ctx, record));
  });

  app.get('/submissions/:id/:stream', (c) => {
    const record = service.get(c.req.param('id'));
    const stream = c.req.param('stream');
    if (!isContainersStreamName(stream)) throw apiError(400, 1105, `invalid stream name "${stream}"`);
    const file = submissionStreamFile(ctx, record.id, stream);
    const executing = submissionResource(ctx, record).executing;
    const body = executing ? undefined : fileBody(file);
    if (!body) throw apiError(404, 1101, `stream ${stream} not found`);
    const type = stream === 'source' || stream === 'auxdata' ? 'application/octet-stream' : 'text/plain; charset=utf-8';
    return c.body(body, 200, { 'content-type': type });
  });
}
