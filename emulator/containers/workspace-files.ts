// File operations in a running workspace: upload, download, directory listing. Permission checks
// read the mode bits themselves (not access(2)), so they hold even when the emulator runs as root.
// Every read, write and listing goes through fs-safety: no link the workspace holds is followed.
import * as fs from 'node:fs';
import type { Context, Hono } from 'hono';
import { formatTimestamp } from '../clock';
import type { EmulatorContext } from '../context';
import { apiError } from '../http/errors';
import { readParams } from '../http/body';
import { WS_RUNNING, workspaceDirs, type WorkspaceRecord } from './workspace-model';
import { PathNotDecodable, PathOutsideWorkspace, PathTooLong, decodeBase64Path, displayPath, resolveInWorkspace } from './workspace-paths';
import { UnsafePathError, listBeneath, readFileBeneath, writeFileBeneath } from '../fs-safety/beneath';
import type { WorkspaceService } from './workspaces';

export const FILE_SIZE_LIMIT = 16 * 1024 * 1024;

const canRead = (st: fs.Stats) => (st.mode & 0o400) !== 0;
const canWrite = (st: fs.Stats) => (st.mode & 0o200) !== 0;
const canEnter = (st: fs.Stats) => (st.mode & 0o100) !== 0;

/** The path after `/<segment>/` in the request, percent-decoded ('' when absent). */
function pathTail(c: Context, segment: string): string {
  const pathname = new URL(c.req.url).pathname;
  const marker = `/workspaces/${c.req.param('id')}/${segment}`;
  const at = pathname.indexOf(marker);
  const tail = pathname.slice(at + marker.length).replace(/^\//, '');
  try {
    return decodeURIComponent(tail);
  } catch {
    throw apiError(400, 1105, 'path is not decodable');
  }
}

function decodeOr1105(encoded: string): string {
  try {
    return decodeBase64Path(encoded);
  } catch (err) {
    if (err instanceof PathNotDecodable) throw apiError(400, 1105, `path is not decodable: ${err.message}`);
    throw err;
  }
}

/**
 * The path inside the workspace, with its refusals as this endpoint's API errors: a path out of
 * the workspace is "permission denied" (`outsideCode`), a name too long for the file system is the
 * endpoint's "not found" code (`tooLongCode`), as the real service's file system would report it.
 */
function resolveOr(root: string, userPath: string, outsideCode: number, tooLongCode: number): ReturnType<typeof resolveInWorkspace> {
  try {
    return resolveInWorkspace(root, userPath);
  } catch (err) {
    if (err instanceof PathOutsideWorkspace) throw apiError(400, outsideCode, `permission denied: ${userPath} is outside the workspace (${err.message})`);
    if (err instanceof PathTooLong) throw apiError(400, tooLongCode, err.message);
    throw err;
  }
}

/**
 * A file operation beneath the workspace: a refusal by fs-safety (a link or a special file put
 * there between the lookup and the open) is "permission denied" (`outsideCode`), any other failure
 * the endpoint's 500 with the fs error code only.
 */
function guarded<T>(userPath: string, outsideCode: number, what: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof UnsafePathError) throw apiError(400, outsideCode, `permission denied: ${userPath}: ${err.why}`);
    throw apiError(500, 1103, `${what} failed: ${fsReason(err)}`);
  }
}

/** An fs failure for a 500 answer: its code only, never the message (it names host paths). */
const fsReason = (err: unknown) => (err as NodeJS.ErrnoException).code ?? 'unknown error';

function entryOf(name: string, st: fs.Stats) {
  return {
    name,
    perm: (st.mode & 0o777).toString(8).padStart(3, '0'),
    size: String(st.size),
    time: formatTimestamp(st.mtimeMs, 'compact'),
    isDir: st.isDirectory(),
  };
}

export function workspaceFileRoutes(app: Hono, ctx: EmulatorContext, service: WorkspaceService): void {
  const runningOr = (ws: WorkspaceRecord, code: number) => {
    if (ws.state !== WS_RUNNING) throw apiError(404, code, 'workspace is not available (stopped, starting or removed)');
  };

  app.post('/workspaces/:id/files', async (c) => {
    const ws = service.get(c.req.param('id'));
    runningOr(ws, 1008);
    const params = await readParams(c);
    const data = await params.bytes('filedata');
    if (data === undefined) throw apiError(400, 202504, 'filedata is missing');
    const filepath = params.str('filepath');
    if (filepath === undefined || filepath.trim() === '') throw apiError(400, 202604, 'filepath is missing');
    if (data.length > FILE_SIZE_LIMIT) throw apiError(413, 202511, 'file is above the 16 MiB upload limit');

    const root = workspaceDirs(ctx, ws.id).files;
    const target = resolveOr(root, filepath, 202602, 202601);
    if (target.rel === '') throw apiError(400, 202612, 'filepath points at the workspace directory, not a file');
    const parentStat = target.parent;
    if (!parentStat || !parentStat.isDirectory()) throw apiError(400, 202601, `parent directory of ${filepath} does not exist`);
    const existing = target.stat;
    if (existing && !existing.isFile()) throw apiError(400, 202612, `${filepath} exists and is not a file`);
    if ((existing && !canWrite(existing)) || !canWrite(parentStat) || !canEnter(parentStat)) {
      throw apiError(400, 202602, `permission denied: cannot write ${filepath}`);
    }
    // A new file gets the mode a file made in a container gets (0644), not fs-safety's private 0600.
    guarded(filepath, 202602, 'upload', () => writeFileBeneath(root, target.rel, data, { mode: 0o644 }));
    service.markUsed(ws);
    return c.json({ path: displayPath(target.rel) });
  });

  app.get('/workspaces/:id/files/*', (c) => {
    const ws = service.get(c.req.param('id'));
    const userPath = decodeOr1105(pathTail(c, 'files'));
    runningOr(ws, 1108);
    const root = workspaceDirs(ctx, ws.id).files;
    const target = resolveOr(root, userPath, 1102, 1101);
    const st = target.stat;
    if (!st || !st.isFile()) throw apiError(400, 1101, `${userPath} not found or not a file`);
    if (!canRead(st)) throw apiError(400, 1102, `permission denied: cannot read ${userPath}`);
    if (st.size > FILE_SIZE_LIMIT) throw apiError(413, 1111, 'file is above the 16 MiB download limit');
    const data = guarded(userPath, 1102, 'file read', () => readFileBeneath(root, target.rel, { maxBytes: FILE_SIZE_LIMIT }));
    service.markUsed(ws);
    return c.body(new Uint8Array(data), 200, { 'content-type': 'application/octet-stream' });
  });

  const listFiles = (c: Context) => {
    const ws = service.get(c.req.param('id') ?? '');
    const tail = pathTail(c, 'list_files');
    const userPath = tail === '' ? '' : decodeOr1105(tail);
    runningOr(ws, 1008);
    const root = workspaceDirs(ctx, ws.id).files;
    const target = resolveOr(root, userPath, 1102, 1101);
    const st = target.stat;
    if (!st || !st.isDirectory()) throw apiError(400, 1101, `${userPath || '/'} not found or not a directory`);
    if (!canRead(st) || !canEnter(st)) throw apiError(400, 1102, `permission denied: cannot list ${userPath}`);
    const files: Omit<ReturnType<typeof entryOf>, 'isDir'>[] = [];
    const dirs: Omit<ReturnType<typeof entryOf>, 'isDir'>[] = [];
    // Links and special files are not listed: this API neither follows nor serves them.
    const entries = guarded(userPath || '/', 1102, 'listing', () => listBeneath(root, target.rel));
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const { isDir, ...shown } = entryOf(e.name, e.stat);
      (isDir ? dirs : files).push(shown);
    }
    service.markUsed(ws);
    return c.json({ listed_dir: displayPath(target.rel), files, dirs });
  };
  app.get('/workspaces/:id/list_files', listFiles);
  app.get('/workspaces/:id/list_files/*', listFiles);
}
