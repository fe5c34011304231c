// The persisted workspace record and its Workspace resource (spec table, field for field).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WorkspaceStreamName } from '../../contract';
import { formatTimestamp } from '../clock';
import type { EmulatorContext } from '../context';

export const WS_STARTING = 1;
export const WS_RUNNING = 2;
export const WS_STOPPED = 3;
export const WS_REMOVED = 4;
export const WS_ERROR = 5;

export const WORKSPACE_STATE_NAMES: Record<number, string> = {
  1: 'starting',
  2: 'running',
  3: 'stopped',
  4: 'removed',
  5: 'error',
};

export interface WorkspaceRecord {
  id: string;
  projectId: string;
  projectName: string;
  /** Slots the project uses while the workspace is starting or running. */
  slots: number;
  state: number;
  errorReason: string | null;
  /** Emulated clock times, ms. */
  createdAt: number;
  terminatedAt: number | null;
  lastUsage: number | null;
  /** When inactivity counting started: entering running, resuming, or the last use. */
  activeSince: number;
  /** Earliest time the workspace may leave "starting". */
  readyAt: number;
  stoppedAt: number | null;
  inactivityTimeout: number;
  workspaceToken: string;
  workspaceTokenRequired: boolean;
  autoResume: boolean;
  retentionStopped: number;
  retentionTotal: number;
  config: string;
  workspaceInit: string;
  /** The init script has finished (or there was none); starting → running waits for it. */
  initDone: boolean;
  initFailed: boolean;
}

export function workspaceDirs(ctx: EmulatorContext, id: string): { root: string; files: string; streams: string } {
  const root = ctx.store.dirFor('containers', 'workspaces', id);
  return { root, files: path.join(root, 'workspace'), streams: path.join(root, 'streams') };
}

export function workspaceStreamFile(ctx: EmulatorContext, id: string, stream: WorkspaceStreamName): string {
  return path.join(workspaceDirs(ctx, id).streams, stream);
}

function moduleUrl(ctx: EmulatorContext, p: string): string {
  return `${ctx.origin()}/containers/api/v1${p}?access_token=${encodeURIComponent(ctx.streamToken())}`;
}

function streamInfo(ctx: EmulatorContext, ws: WorkspaceRecord, stream: WorkspaceStreamName) {
  try {
    const st = fs.statSync(workspaceStreamFile(ctx, ws.id, stream));
    return { size: st.size, uri: moduleUrl(ctx, `/workspaces/${ws.id}/${stream}`) };
  } catch {
    return null;
  }
}

/** Where the IDE and preview pages are served (see pages.ts; mounted at /containers). */
export function workspacePageUrls(ctx: EmulatorContext, ws: WorkspaceRecord) {
  const token = ws.workspaceTokenRequired ? `?workspace_token=${ws.workspaceToken}` : '';
  return {
    workspace_url: `${ctx.origin()}/containers/workspace/${ws.id}${token}`,
    preview_url: `${ctx.origin()}/containers/preview/${ws.id}`,
  };
}

export function workspacePermissions(ws: WorkspaceRecord) {
  return {
    enter: ws.state === WS_STARTING || ws.state === WS_RUNNING || (ws.state === WS_STOPPED && ws.autoResume),
    remove: ws.state !== WS_REMOVED,
    // The service cannot keep a stopped workspace whose retention_time_stopped is 0.
    stop: ws.state === WS_RUNNING && ws.retentionStopped > 0,
  };
}

export function workspaceResource(ctx: EmulatorContext, ws: WorkspaceRecord, opts: { withPreview: boolean }) {
  const ts = (ms: number | null) => (ms === null ? null : formatTimestamp(ms, 'compact'));
  const urls = workspacePageUrls(ctx, ws);
  return {
    id: ws.id,
    project: { id: ws.projectId, name: ws.projectName },
    state: {
      code: ws.state,
      name: WORKSPACE_STATE_NAMES[ws.state],
      error_reason: ws.state === WS_ERROR ? ws.errorReason : null,
    },
    created_at: ts(ws.createdAt),
    terminated_at: ts(ws.terminatedAt),
    last_usage: ts(ws.lastUsage),
    inactivity_timeout: ws.inactivityTimeout,
    workspace_token: ws.workspaceTokenRequired ? ws.workspaceToken : '',
    workspace_token_required: ws.workspaceTokenRequired,
    workspace_init_failed: ws.initFailed,
    streams: {
      workspace_init_output: streamInfo(ctx, ws, 'workspace_init_output'),
      workspace_init_error: streamInfo(ctx, ws, 'workspace_init_error'),
    },
    permissions: workspacePermissions(ws),
    auto_resume: ws.autoResume,
    retention_time_stopped: ws.retentionStopped,
    retention_time_total: ws.retentionTotal,
    config: ws.config,
    workspace_url: urls.workspace_url,
    ...(opts.withPreview ? { preview_url: urls.preview_url } : {}),
    max_inactive_storage_time: ws.retentionStopped,
    max_storage_time: ws.retentionTotal,
  };
}
