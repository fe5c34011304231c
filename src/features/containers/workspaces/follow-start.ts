// After Create Workspace: a progress notification follows the new workspace while it starts and
// ends as soon as its state changes; a message with the outcome (running, or the error it ended in)
// takes its place. A plain "is starting" message used to stay on screen, and in the notification
// centre, long after the workspace ran.
import * as vscode from 'vscode';
import { WORKSPACE_STATES, type Workspace } from '../../../api';
import { untilStarted } from '../../../core/containers';
import { Commands, executeCommand } from '../../../ui/commands';
import { withProgress } from '../../../ui/progress';
import { shortId } from '../tree/describe';
import { stateLabel } from '../../../core/containers';
import { remember, type WorkspaceCommandContext } from './context';

const OPEN_IDE = 'Open IDE';

/** Follows the start; resolves once the outcome message is dismissed (the command does not wait). */
export async function followStart(ctx: WorkspaceCommandContext, workspace: Workspace): Promise<void> {
  const id = shortId(workspace.id);
  const project = workspace.project.name;
  let ended: Workspace;
  try {
    // Not cancellable: Cancel would read as cancelling the workspace, which keeps starting anyway.
    ended = await withProgress({ title: vscode.l10n.t('Workspace {0} of {1} is starting…', id, project), cancellable: false }, async (signal) =>
      untilStarted(await ctx.client(), workspace.id, signal),
    );
  } catch (err) {
    // The workspace was created; only watching it failed (the tree still shows its state).
    ctx.log.warn(`Stopped following the start of workspace ${id}: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  if (ended.state.code === WORKSPACE_STATES.running) {
    const message = vscode.l10n.t('Workspace {0} of {1} is running.', id, project);
    remember(ctx, message);
    ctx.log.info(message);
    const choice = await vscode.window.showInformationMessage(message, OPEN_IDE);
    if (choice === OPEN_IDE) await executeCommand(Commands.workspaceOpenIde, workspace.id);
  } else if (ended.state.code === WORKSPACE_STATES.error) {
    const reason = ended.state.error_reason ? `: ${ended.state.error_reason}` : '';
    const message = vscode.l10n.t('Workspace {0} of {1} did not start: it is in the error state{2}.', id, project, reason);
    remember(ctx, message);
    ctx.log.warn(message);
    void vscode.window.showWarningMessage(message);
  } else {
    // Stopped or removed meanwhile: someone did that on purpose, nothing to tell.
    ctx.log.info(`Workspace ${id} of ${project} is ${stateLabel(ended.state.code)}.`);
  }
}
