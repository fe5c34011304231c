// "Open Files" on a workspace: its files as a folder of this window (or of a new window).
//   executeCommand('sphereEngine.openWorkspaceFiles', idOrNode?, { newWindow?: boolean })
// Without arguments the user picks a running workspace, then where to open it.
import * as vscode from 'vscode';
import { type Workspace, WORKSPACE_STATES } from '../../../api';
import type { Services } from '../../../services';
import { showError } from '../../../ui/errors';
import { workspaceUri } from './provider';
import { addingChangesBrowserWindowIdentity, openWithFolderAdded } from './web-workspace-file';
import { showQuickPick } from '../../../ui/prompts';

export interface OpenFilesOptions {
  /** true: a new window; false: add to this window; undefined: ask (when this window has folders). */
  newWindow?: boolean;
}

export interface OpenFilesResult {
  uri: string;
  name: string;
  where: 'thisWindow' | 'newWindow' | 'alreadyOpen';
}

/** What the tree passes (a node with its workspace), an id, or a workspace object. */
type Target = string | Workspace | { workspace: Workspace } | undefined;

export function folderName(ws: Pick<Workspace, 'project' | 'created_at'>): string {
  // The id means nothing to a person: the project name and when the workspace was made do.
  const created = ws.created_at ? ` · ${ws.created_at.slice(0, 16)}` : '';
  return `${ws.project?.name || 'Workspace'}${created}`;
}

export async function openWorkspaceFiles(
  services: Services,
  target: Target,
  options: OpenFilesOptions = {},
  resume: (workspaceId: string) => Promise<boolean>,
): Promise<OpenFilesResult | undefined> {
  try {
    const ws = await resolveWorkspace(services, target, resume);
    if (!ws) return undefined;
    const uri = workspaceUri(ws.id);
    const name = folderName(ws);
    const existing = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === uri.toString());
    if (existing) {
      await vscode.commands.executeCommand('workbench.view.explorer');
      return { uri: uri.toString(), name: existing.name, where: 'alreadyOpen' };
    }
    let newWindow = options.newWindow;
    if (newWindow === undefined) {
      if (!vscode.workspace.workspaceFolders?.length) newWindow = false;
      else {
        const pick = await showQuickPick(
          [
            { label: `$(add) ${vscode.l10n.t('Add to This Window')}`, description: vscode.l10n.t('as another folder in the Explorer'), newWindow: false },
            { label: `$(empty-window) ${vscode.l10n.t('Open in New Window')}`, newWindow: true },
          ],
          { title: vscode.l10n.t('Open the files of {0}', name) },
        );
        if (!pick) return undefined;
        newWindow = pick.newWindow;
      }
    }
    if (newWindow) {
      await vscode.commands.executeCommand('vscode.openFolder', uri, { forceNewWindow: true });
      return { uri: uri.toString(), name, where: 'newWindow' };
    }
    if (addingChangesBrowserWindowIdentity()) {
      // The browser would race its own reload here: see web-workspace-file.ts.
      await openWithFolderAdded(services.context.globalStorageUri, ws.id, ws.project?.name || 'Workspace', { uri, name });
      return { uri: uri.toString(), name, where: 'thisWindow' };
    }
    const at = vscode.workspace.workspaceFolders?.length ?? 0;
    if (!vscode.workspace.updateWorkspaceFolders(at, 0, { uri, name })) throw new Error('VS Code did not accept the folder (another folder change is in progress). Try again.');
    await vscode.commands.executeCommand('workbench.view.explorer');
    return { uri: uri.toString(), name, where: 'thisWindow' };
  } catch (err) {
    void showError(services.log, err, { context: 'Could not open the workspace files' });
    return undefined;
  }
}

async function resolveWorkspace(services: Services, target: Target, resume: (workspaceId: string) => Promise<boolean>): Promise<Workspace | undefined> {
  const client = await services.connection.containers();
  let ws: Workspace | undefined;
  if (typeof target === 'string') ws = await client.getWorkspace(target);
  else if (target && 'workspace' in target) ws = target.workspace;
  else if (target && 'id' in target) ws = target;
  else ws = await pickRunningWorkspace(services);
  if (ws && ws.state.code !== WORKSPACE_STATES.running) {
    // Listing would fail with 1008: say so now, with the way out.
    const label = 'Resume Workspace';
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('The workspace of {0} is {1}: its files can be opened once it runs.', ws.project.name, ws.state.name),
      label,
    );
    if (choice !== label || !(await resume(ws.id))) return undefined;
  }
  return ws;
}

async function pickRunningWorkspace(services: Services): Promise<Workspace | undefined> {
  const client = await services.connection.containers();
  const items: Array<vscode.QuickPickItem & { ws: Workspace }> = [];
  for await (const ws of client.iterateWorkspaces({ states: [WORKSPACE_STATES.running], limit: 30 })) {
    items.push({ label: ws.project.name, description: ws.created_at, detail: ws.id, ws });
  }
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No Sphere Engine workspace is running. Start or resume one in the Projects & Workspaces view first.'));
    return undefined;
  }
  return (await showQuickPick(items, { title: vscode.l10n.t('Open the files of which workspace?') }))?.ws;
}
