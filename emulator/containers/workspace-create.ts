// POST /workspaces: reads and checks every field of the spec table, then lays out the files
// (project base files, then the optional `files` archive on top) and registers the workspace.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EmulatorContext } from '../context';
import { apiError, causeOf } from '../http/errors';
import type { Params } from '../http/body';
import { removeTree } from '../fs-safety/remove-tree';
import { ArchiveError, checkEntries, extractArchive, listArchive, unpackBudget } from './archive';
import { hexId } from './ids';
import { copyProjectFiles, type Project } from './projects';
import { WS_STARTING, workspaceDirs, workspaceStreamFile, type WorkspaceRecord } from './workspace-model';
import type { WorkspaceService } from './workspaces';

const invalid = (msg: string) => apiError(400, 10, `invalid request data: ${msg}`);

function boundedInt(params: Params, names: string[], fallback: number, min: number, max: number): number {
  // The first name is the current field; later ones are deprecated aliases it overrides.
  for (const name of names) {
    const value = params.int(name, undefined, () => invalid(`${name} must be an integer`));
    if (value === undefined) continue;
    if (value < min || value > max) throw invalid(`${name} must be between ${min} and ${max}`);
    return value;
  }
  return fallback;
}

export async function createWorkspace(ctx: EmulatorContext, service: WorkspaceService, projects: Project[], params: Params): Promise<WorkspaceRecord> {
  const projectId = params.str('project_id')?.trim();
  if (!projectId) throw invalid('project_id is required');
  const project = projects.find((p) => p.id === projectId);
  if (!project) throw apiError(404, 200201, 'project not found');

  const projectConfig = params.str('project_config');
  if (projectConfig !== undefined && projectConfig !== '') {
    try {
      JSON.parse(projectConfig);
    } catch {
      throw invalid('project_config must be a JSON-encoded configuration');
    }
  }
  const inactivityTimeout = boundedInt(params, ['inactivity_timeout'], 15, 10, 60);
  const retentionStopped = boundedInt(params, ['retention_time_stopped', 'max_inactive_storage_time', 'max_inactivity_storage_time'], 0, 0, 43200);
  const retentionTotal = boundedInt(params, ['retention_time_total', 'max_storage_time'], 0, 0, 43200);
  const tokenRequired = params.bool('workspace_token_required', false, () => invalid('workspace_token_required must be a boolean'));
  const autoResume = params.bool('auto_resume', true, () => invalid('auto_resume must be a boolean'));
  const workspaceInit = params.str('workspace_init') ?? project.workspaceInit;

  let archive: Buffer | undefined;
  if (params.has('files')) {
    archive = await params.bytes('files');
    if (archive !== undefined && archive.length === 0) archive = undefined;
  }
  let archiveEntries: string[] = [];
  if (archive) {
    try {
      const entries = await listArchive(archive, unpackBudget(ctx));
      checkEntries(entries, 0);
      archiveEntries = entries.filter((e) => e.type !== 'Directory').map((e) => e.path);
    } catch (err) {
      if (err instanceof ArchiveError) throw invalid(`files: ${err.message}`);
      throw err;
    }
  }

  service.assertFreeSlots(project.slots);

  const id = hexId();
  const dirs = workspaceDirs(ctx, id);
  try {
    copyProjectFiles(project, dirs.files);
    fs.mkdirSync(dirs.streams, { recursive: true, mode: 0o700 });
    if (archive) {
      // workspace_files_to_override: archive files that replace a file the project already has.
      const overridden = archiveEntries.filter((p) => fs.existsSync(path.join(dirs.files, p)));
      await extractArchive(archive, dirs.files, 0, unpackBudget(ctx));
      fs.writeFileSync(workspaceStreamFile(ctx, id, 'workspace_files_to_override'), overridden.map((p) => `${p}\n`).join(''), { mode: 0o600 });
    }
  } catch (err) {
    await removeTree(dirs.root);
    if (err instanceof ArchiveError) throw invalid(`files: ${err.message}`);
    throw apiError(400, 1003, `workspace creation failed: ${causeOf(err)}`);
  }

  const now = ctx.clock.now();
  const ws: WorkspaceRecord = {
    id,
    projectId: project.id,
    projectName: project.name,
    slots: project.slots,
    state: WS_STARTING,
    errorReason: null,
    createdAt: now,
    terminatedAt: null,
    lastUsage: null,
    activeSince: now,
    readyAt: now + ctx.options.workspaceStartMs,
    stoppedAt: null,
    inactivityTimeout,
    workspaceToken: hexId(),
    workspaceTokenRequired: tokenRequired,
    autoResume,
    retentionStopped,
    retentionTotal,
    config: projectConfig || project.projectConfig,
    workspaceInit,
    initDone: false,
    initFailed: false,
  };
  service.add(ws);
  return ws;
}
