// Leaving the editor for the workspace: its IDE and its preview page in the browser, and its id
// on the clipboard. ("Open Files" belongs to the workspace file system feature, fs/.)
import * as vscode from 'vscode';
import { isAbortError } from '../../../api';
import { unsafeExternalUrl } from '../../../core/external-url';
import { shortId } from '../tree/describe';
import { remember, type ActionOutcome, type WorkspaceCommandContext } from './context';
import { reportFailure } from './errors';
import { resolveWorkspace } from './pick';

export interface OpenOutcome extends ActionOutcome {
  url?: string;
}

export async function openWorkspacePage(ctx: WorkspaceCommandContext, page: 'ide' | 'preview', arg: unknown): Promise<OpenOutcome> {
  const what = page === 'ide' ? 'IDE' : 'preview page';
  try {
    let workspace = await resolveWorkspace(ctx, arg, { title: `Open the ${what} of a workspace`, states: page === 'ide' ? [2, 3] : [2] });
    if (!workspace) return { ok: false, cancelled: true };
    // The creation response has no preview_url: read the workspace when the tree got it from there.
    if (page === 'preview' && !workspace.preview_url) workspace = await (await ctx.client()).getWorkspace(workspace.id);
    const url = page === 'ide' ? workspace.workspace_url : workspace.preview_url;
    if (page === 'ide' && workspace.permissions && !workspace.permissions.enter) {
      return tell(ctx, `Workspace ${shortId(workspace.id)} cannot be entered in its current state. Resume it first (or wait until it runs).`);
    }
    if (!url) return tell(ctx, `Workspace ${shortId(workspace.id)} has no ${what} address.`);
    const scheme = unsafeExternalUrl(url);
    if (scheme) {
      const message = vscode.l10n.t(
        'The {0} of workspace {1} was not opened: the service gave the address “{2}”, which is not a web address (http or https), and opening it could run a command or a program on this machine. Nothing was opened; check that the Containers endpoint is the Sphere Engine service you meant to use.',
        what,
        shortId(workspace.id),
        url.length > 120 ? `${url.slice(0, 120)}…` : url,
      );
      ctx.log.warn(message);
      remember(ctx, message);
      void vscode.window.showErrorMessage(message);
      return { ok: false, message };
    }
    // Not awaited for long: in a remote window the browser may never confirm.
    void vscode.env.openExternal(vscode.Uri.parse(url, true));
    ctx.log.info(`opened the ${what} of workspace ${workspace.id}`);
    return { ok: true, url };
  } catch (err) {
    if (isAbortError(err)) return { ok: false, cancelled: true };
    return reportFailure(ctx, err, `Could not open the ${what}`);
  }
}

export async function copyWorkspaceId(ctx: WorkspaceCommandContext, arg: unknown): Promise<ActionOutcome & { id?: string }> {
  const workspace = await resolveWorkspace(ctx, arg, { title: 'Copy a workspace id' });
  if (!workspace) return { ok: false, cancelled: true };
  await vscode.env.clipboard.writeText(workspace.id);
  const message = `Copied workspace id ${workspace.id}.`;
  remember(ctx, message);
  void vscode.window.setStatusBarMessage(message, 3000);
  return { ok: true, id: workspace.id, message };
}

function tell(ctx: WorkspaceCommandContext, message: string): ActionOutcome {
  remember(ctx, message);
  void vscode.window.showInformationMessage(message);
  return { ok: false, message };
}
