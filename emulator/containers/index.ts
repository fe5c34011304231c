// Containers module (API v1): projects, workspaces with their files, and submissions.
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';
import { apiError } from '../http/errors';
import { queryParams } from '../http/body';
import { paginate } from './paging';
import { loadProjects, projectResource } from './projects';
import { workspacePagesApp } from './pages';
import { submissionRoutes } from './submission-routes';
import { SubmissionService } from './submissions';
import { workspaceFileRoutes } from './workspace-files';
import { workspaceRoutes } from './workspace-routes';
import { WorkspaceService } from './workspaces';

export { SEED_PROJECTS_DIR } from './projects';

/** One WorkspaceService per emulator, shared by the API routes and the IDE pages. */
const services = new WeakMap<EmulatorContext, WorkspaceService>();
function workspaceService(ctx: EmulatorContext): WorkspaceService {
  let service = services.get(ctx);
  if (!service) {
    service = new WorkspaceService(ctx);
    services.set(ctx, service);
  }
  return service;
}

export function containersModule(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const projects = loadProjects();
  const workspaces = workspaceService(ctx);
  const submissions = new SubmissionService(ctx, projects);

  app.get('/test', (c) => c.json({ message: 'You can use Sphere Engine Containers API' }));

  app.get('/projects', (c) => {
    const q = queryParams(c);
    const page = paginate(projects, q.str('limit'), q.str('page_token'), { min: 1, max: 20, fallback: 10 });
    return c.json({ items: page.items.map(projectResource), paging: page.paging });
  });
  app.get('/projects/:id', (c) => {
    const project = projects.find((p) => p.id === c.req.param('id'));
    if (!project) throw apiError(404, 200201, 'project not found');
    return c.json(projectResource(project));
  });

  // File routes first: `/workspaces/:id/:stream` would otherwise catch `list_files`.
  workspaceFileRoutes(app, ctx, workspaces);
  workspaceRoutes(app, ctx, workspaces, projects);
  submissionRoutes(app, ctx, submissions);
  return app;
}

/** The pages behind workspace_url and preview_url; mount at /containers (outside the token guard). */
export function containersPagesApp(ctx: EmulatorContext): Hono {
  return workspacePagesApp(ctx, workspaceService(ctx));
}
