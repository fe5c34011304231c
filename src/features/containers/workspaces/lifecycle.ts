// Stop, resume and remove. Each is one PUT; the tree is refreshed afterwards (merged with any
// other trigger) and polls by itself while a workspace is still changing state.
import * as vscode from 'vscode';
import { type ContainersClient, isAbortError, type MessageResponse, type Workspace } from '../../../api';
import { shortId } from '../tree/describe';
import { remember, type ActionOutcome, type WorkspaceCommandContext } from './context';
import { reportFailure } from './errors';
import { resolveWorkspace } from './pick';

type Verb = 'stop' | 'resume' | 'remove';

const VERBS: Record<Verb, { title: string; states: number[]; call: (c: ContainersClient, id: string) => Promise<MessageResponse>; done: string }> = {
  stop: { title: 'Stop Workspace', states: [2], call: (c, id) => c.stopWorkspace(id), done: 'stopped' },
  resume: { title: 'Resume Workspace', states: [3], call: (c, id) => c.resumeWorkspace(id), done: 'resumed' },
  remove: { title: 'Remove Workspace', states: [1, 2, 3, 5], call: (c, id) => c.removeWorkspace(id), done: 'removed' },
};

export interface RemoveOptions {
  /** Skips the modal confirmation (tests, or a caller that already asked). */
  confirmed?: boolean;
}

export async function changeWorkspaceState(ctx: WorkspaceCommandContext, verb: Verb, arg: unknown, options: RemoveOptions = {}): Promise<ActionOutcome> {
  const spec = VERBS[verb];
  let workspace: Workspace | undefined;
  try {
    workspace = await resolveWorkspace(ctx, arg, { title: spec.title, states: spec.states });
    if (!workspace) return { ok: false, cancelled: true };
    if (verb === 'remove' && !options.confirmed && !(await confirmRemove(workspace))) return { ok: false, cancelled: true };
    const client = await ctx.client();
    await spec.call(client, workspace.id);
    const message = `Workspace ${shortId(workspace.id)} (${workspace.project.name}) ${spec.done}.`;
    remember(ctx, message);
    ctx.log.info(message);
    void vscode.window.showInformationMessage(message);
    return { ok: true, message };
  } catch (err) {
    if (isAbortError(err)) return { ok: false, cancelled: true };
    return reportFailure(ctx, err, `Could not ${verb} workspace ${workspace ? shortId(workspace.id) : ''}`.trim(), workspace);
  } finally {
    ctx.model.refresh();
  }
}

async function confirmRemove(workspace: Workspace): Promise<boolean> {
  const remove = 'Remove';
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Remove workspace {0} of {1}?', shortId(workspace.id), workspace.project.name),
    { modal: true, detail: vscode.l10n.t('Its container and every file in it are deleted. This cannot be undone.') },
    remove,
  );
  return choice === remove;
}
