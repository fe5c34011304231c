// The pages `workspace_url` and `preview_url` point at. The real service shows its IDE there; the
// emulator shows the workspace's state and files, which is what a user checking the link needs.
// Entering a stopped workspace with auto_resume resumes it, as on the service.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';
import { WORKSPACE_STATE_NAMES, WS_RUNNING, WS_STOPPED, workspaceDirs } from './workspace-model';
import type { WorkspaceService } from './workspaces';

const MAX_LISTED = 500;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

function listTree(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (out.length >= MAX_LISTED) return;
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      out.push(entry.isDirectory() ? `${rel}/` : rel);
      if (entry.isDirectory()) walk(path.join(dir, entry.name), rel);
    }
  };
  if (fs.existsSync(root)) walk(root, '');
  return out;
}

const page = (title: string, body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;

/** Mount at /containers: serves /workspace/{id} (IDE) and /preview/{id}. */
export function workspacePagesApp(ctx: EmulatorContext, service: WorkspaceService): Hono {
  const app = new Hono();
  const find = (id: string) => service.all().find((w) => w.id === id);

  app.get('/workspace/:id', (c) => {
    const ws = find(c.req.param('id'));
    if (!ws) return c.html(page('Workspace not found', '<h1>Workspace not found</h1>'), 404);
    if (ws.workspaceTokenRequired && c.req.query('workspace_token') !== ws.workspaceToken) {
      return c.html(page('Access denied', '<h1>This workspace needs its workspace token</h1>'), 403);
    }
    if (ws.state === WS_STOPPED && ws.autoResume) {
      try {
        service.resume(ws);
      } catch {
        /* no free slot: the page shows it stopped */
      }
    }
    if (ws.state === WS_RUNNING) service.markUsed(ws);
    const files = ws.state === WS_RUNNING ? listTree(workspaceDirs(ctx, ws.id).files) : [];
    const body = [
      `<h1>Workspace ${escapeHtml(ws.id)}</h1>`,
      `<p>Project: ${escapeHtml(ws.projectName)}</p>`,
      `<p id="state">State: ${escapeHtml(WORKSPACE_STATE_NAMES[ws.state])}</p>`,
      ws.state === WS_RUNNING ? `<h2>/home/user/workspace</h2><ul id="files">${files.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>` : '',
    ].join('\n');
    return c.html(page(`Workspace ${ws.id}`, body));
  });

  app.get('/preview/:id', (c) => {
    const ws = find(c.req.param('id'));
    if (!ws) return c.html(page('Workspace not found', '<h1>Workspace not found</h1>'), 404);
    return c.html(page(`Preview ${ws.id}`, `<h1>Preview of workspace ${escapeHtml(ws.id)}</h1><p>State: ${escapeHtml(WORKSPACE_STATE_NAMES[ws.state])}</p>`));
  });
  return app;
}
