// /workspaces endpoints except the file operations (workspace-files.ts).
import * as fs from 'node:fs';
import type { Hono } from 'hono';
import { CONTAINERS_WORKSPACE_STREAMS, isWorkspaceStreamName } from '../../contract';
import type { EmulatorContext } from '../context';
import { apiError } from '../http/errors';
import { queryParams, readParams } from '../http/body';
import { paginate } from './paging';
import type { Project } from './projects';
import { createWorkspace } from './workspace-create';
import { workspaceResource, workspaceStreamFile } from './workspace-model';
import type { WorkspaceService } from './workspaces';

export function workspaceRoutes(app: Hono, ctx: EmulatorContext, service: WorkspaceService, projects: Project[]): void {
  app.get('/workspaces', (c) => {
    const q = queryParams(c);
    const projectId = q.str('project_id');
    const states = new Set<number>();
    for (const raw of q.all('states')) {
      // `states[]=2&states[]=3`, `states=2` and `states=2,3` all select by state code.
      for (const part of String(raw).split(',')) {
        if (part.trim() === '') continue;
        if (!/^[1-5]$/.test(part.trim())) throw apiError(400, 10, `invalid request data: unknown workspace state "${part}"`);
        states.add(Number(part.trim()));
      }
    }
    const matching = service
      .all()
      .filter((w) => (projectId ? w.projectId === projectId : true))
      .filter((w) => (states.size ? states.has(w.state) : true))
      .slice()
      .reverse(); // newest first
    const page = paginate(matching, q.str('limit'), q.str('page_token'), { min: 1, max: 30, fallback: 10 });
    return c.json({ items: page.items.map((w) => workspaceResource(ctx, w, { withPreview: true })), paging: page.paging });
  });

  app.post('/workspaces', async (c) => {
    const ws = await createWorkspace(ctx, service, projects, await readParams(c));
    return c.json({ message: 'Workspace has been created', workspace: workspaceResource(ctx, ws, { withPreview: false }) }, 201);
  });

  app.get('/workspaces/:id', (c) => c.json(workspaceResource(ctx, service.get(c.req.param('id')), { withPreview: true })));

  app.put('/workspaces/:id/stop', (c) => {
    service.stop(service.get(c.req.param('id')));
    return c.json({ message: 'Workspace has been stopped' });
  });
  app.put('/workspaces/:id/resume', (c) => {
    service.resume(service.get(c.req.param('id')));
    return c.json({ message: 'Workspace has been resumed' });
  });
  app.put('/workspaces/:id/remove', (c) => {
    service.remove(service.get(c.req.param('id')));
    return c.json({ message: 'Workspace has been removed' });
  });

  app.get('/workspaces/:id/:stream', (c) => {
    const ws = service.get(c.req.param('id'));
    const stream = c.req.param('stream');
    if (!isWorkspaceStreamName(stream)) {
      throw apiError(400, 1105, `invalid stream name "${stream}"; use one of ${CONTAINERS_WORKSPACE_STREAMS.join(', ')}`);
    }
    const file = workspaceStreamFile(ctx, ws.id, stream);
    if (!fs.existsSync(file)) throw apiError(404, 1101, `stream ${stream} not found`);
    return c.body(fs.readFileSync(file), 200, { 'content-type': 'text/plain; charset=utf-8' });
  });

  // Emulator control for tests (--test-hooks), not part of the service: put a workspace into the
  // error state (5).
  if (!ctx.options.testHooks) return;
  app.post('/__emulator/workspaces/:id/error', async (c) => {
    const ws = service.get(c.req.param('id'));
    const params = await readParams(c);
    const reason = params.has('error_reason') ? params.str('error_reason') : params.has('reason') ? params.str('reason') : 'internal workspace error (emulated)';
    if (!reason) throw apiError(400, 400, 'invalid body: error_reason must be a non-empty text');
    service.fail(ws, reason);
    return c.json(workspaceResource(ctx, ws, { withPreview: true }));
  });
}
