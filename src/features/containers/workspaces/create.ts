// Create Workspace: project → settings (defaults, or each field with its bounds) → optional local
// folder packed as the `files` tar.gz → one POST, under a cancellable progress notification; then
// follow-start.ts shows the start until the workspace runs.
// With an options object (tests, other features) nothing is asked: missing fields take defaults.
import * as vscode from 'vscode';
import { invalidArgument, isAbortError, MAX_TRANSFER_BYTES, tooLargeError, type Workspace } from '../../../api';
import { PackError } from '../../../core/packer';
import { withProgress } from '../../../ui/progress';
import { shortId } from '../tree/describe';
import { remember, type ActionOutcome, type WorkspaceCommandContext } from './context';
import { DEFAULT_SETTINGS, describeSettings, NUMBER_FIELDS, settingsFrom, validateMinutes, type WorkspaceSettings } from './create-fields';
import { reportFailure } from './errors';
import { followStart } from './follow-start';
import { packWorkspaceFiles, type FilesArchive } from './files-archive';
import { pickProject, projectIdOf } from './pick';
import { showInputBox, showQuickPick } from '../../../ui/prompts';

export interface CreateOptions extends Partial<WorkspaceSettings> {
  projectId?: string;
  /** Local folder uploaded as the workspace's extra files; null or absent: none. */
  folder?: string | null;
}

export interface CreateOutcome extends ActionOutcome {
  workspace?: Workspace;
}

export async function createWorkspaceCommand(ctx: WorkspaceCommandContext, arg?: unknown, options?: CreateOptions): Promise<CreateOutcome> {
  // The palette passes nothing; a test may pass only the options object.
  if (options === undefined && typeof arg === 'object' && arg !== null && !('kind' in arg)) {
    options = arg as CreateOptions;
    arg = options.projectId;
  }
  const interactive = options === undefined;
  try {
    let projectId = projectIdOf(arg) ?? options?.projectId;
    let projectName = typeof arg === 'object' && arg && 'project' in arg ? (arg as { project: { name: string } }).project.name : undefined;
    if (!projectId) {
      if (!interactive) throw invalidArgument('containers', 'Choose the project the workspace is made from.');
      const project = await pickProject(ctx);
      if (!project) return { ok: false, cancelled: true };
      projectId = project.id;
      projectName = project.name;
    }
    const settings = interactive ? await askSettings() : settingsFrom(options ?? {});
    if (!settings) return { ok: false, cancelled: true };
    const folder = interactive ? await askFolder() : (options?.folder ?? null);
    if (folder === undefined) return { ok: false, cancelled: true };

    const workspace = await withProgress(
      { title: projectName ? vscode.l10n.t('Creating a workspace of {0}', projectName) : vscode.l10n.t('Creating a workspace') },
      (signal, report) => createWith(ctx, projectId!, settings, folder, signal, report),
    );
    const message = `Workspace ${shortId(workspace.id)} of ${workspace.project.name} is starting.`;
    remember(ctx, message);
    ctx.log.info(message);
    ctx.model.refresh();
    // Shown as a progress notification that ends when the workspace runs (or does not).
    void followStart(ctx, workspace);
    return { ok: true, message, workspace };
  } catch (err) {
    if (isAbortError(err) || (err instanceof PackError && err.code === 'cancelled')) return { ok: false, cancelled: true };
    if (err instanceof RangeError || err instanceof PackError) {
      const message = `Could not create the workspace: ${err.message}`;
      remember(ctx, message);
      void vscode.window.showErrorMessage(message);
      return { ok: false, message };
    }
    return reportFailure(ctx, err, 'Could not create the workspace');
  }
}

async function createWith(
  ctx: WorkspaceCommandContext,
  projectId: string,
  settings: WorkspaceSettings,
  folder: string | null,
  signal: AbortSignal,
  report: (message: string) => void,
): Promise<Workspace> {
  let archive: FilesArchive | undefined;
  try {
    if (folder) {
      report(`packing ${folder}`);
      archive = await packWorkspaceFiles(folder, signal);
      // Checked before sending: the service would refuse it after the whole upload.
      if (archive.bytes > MAX_TRANSFER_BYTES) throw tooLargeError('containers', `The packed folder ${folder}`, MAX_TRANSFER_BYTES, 'POST');
    }
    report('sending');
    const client = await ctx.client();
    const created = await client.createWorkspace(
      {
        projectId,
        inactivityTimeout: settings.inactivityTimeout,
        retentionTimeStopped: settings.retentionTimeStopped,
        retentionTimeTotal: settings.retentionTimeTotal,
        autoResume: settings.autoResume,
        workspaceTokenRequired: settings.workspaceTokenRequired,
        filesArchivePath: archive?.file,
      },
      signal,
    );
    return created.workspace;
  } finally {
    await archive?.dispose().catch(() => undefined);
  }
}

async function askSettings(): Promise<WorkspaceSettings | undefined> {
  const defaults = { label: vscode.l10n.t('Create with the defaults'), detail: describeSettings(DEFAULT_SETTINGS), custom: false };
  const custom = { label: vscode.l10n.t('Customize…'), detail: vscode.l10n.t('Inactivity timeout, how long it is kept, auto-resume, workspace token'), custom: true };
  const choice = await showQuickPick([defaults, custom], { title: vscode.l10n.t('Create Workspace: Settings') });
  if (!choice) return undefined;
  if (!choice.custom) return { ...DEFAULT_SETTINGS };
  const settings: WorkspaceSettings = { ...DEFAULT_SETTINGS };
  for (const field of NUMBER_FIELDS) {
    const value = await showInputBox({
      title: vscode.l10n.t('Create Workspace: {0}', field.title),
      prompt: field.prompt,
      value: String(field.default),
      validateInput: (text) => validateMinutes(field, text),
    });
    if (value === undefined) return undefined;
    settings[field.key] = Number(value.trim());
  }
  const autoResume = await yesNo('Resume automatically when the stopped workspace is opened?', true);
  if (autoResume === undefined) return undefined;
  const tokenRequired = await yesNo('Require a workspace token to open the workspace?', false);
  if (tokenRequired === undefined) return undefined;
  return { ...settings, autoResume, workspaceTokenRequired: tokenRequired };
}

async function yesNo(title: string, preferred: boolean): Promise<boolean | undefined> {
  const items = [
    { label: preferred ? 'Yes (default)' : 'Yes', value: true },
    { label: preferred ? 'No' : 'No (default)', value: false },
  ];
  if (!preferred) items.reverse();
  return (await showQuickPick(items, { title: vscode.l10n.t('Create Workspace: {0}', title) }))?.value;
}

/** A folder path, null for "no extra files", undefined when dismissed. */
async function askFolder(): Promise<string | null | undefined> {
  type Item = vscode.QuickPickItem & { folder: string | null | 'choose' };
  const items: Item[] = [
    { label: vscode.l10n.t('Project files only'), detail: vscode.l10n.t('Do not upload anything from this machine'), folder: null },
    ...(vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ label: `Upload ${f.name}`, detail: f.uri.fsPath, folder: f.uri.fsPath })),
    { label: vscode.l10n.t('Choose a folder…'), folder: 'choose' },
  ];
  const choice = await showQuickPick(items, { title: vscode.l10n.t('Create Workspace: Extra Files'), placeHolder: vscode.l10n.t('Files to add on top of the project files') });
  if (!choice) return undefined;
  if (choice.folder !== 'choose') return choice.folder;
  const picked = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: false, openLabel: vscode.l10n.t('Upload Folder') });
  return picked?.[0]?.fsPath;
}
