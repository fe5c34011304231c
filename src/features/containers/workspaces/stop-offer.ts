// "No free slot": let the user stop one of the running workspaces right from the error.
import * as vscode from 'vscode';
import type { Workspace } from '../../../api';
import { Commands, executeCommand } from '../../../ui/commands';
import { shortId } from '../tree/describe';
import { showQuickPick } from '../../../ui/prompts';

export async function stopOneOf(running: Workspace[]): Promise<void> {
  if (running.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No running workspace can be stopped right now. Remove one from the Sphere Engine view instead.'));
    return;
  }
  const chosen = await showQuickPick(
    running.map((ws) => ({ label: `${ws.project.name} · ${shortId(ws.id)}`, description: `last use ${ws.last_usage ?? 'never'}`, ws })),
    { title: vscode.l10n.t('Stop a Workspace to Free Its Slot'), placeHolder: vscode.l10n.t('Choose the workspace to stop') },
  );
  if (chosen) await executeCommand(Commands.workspaceStop, chosen.ws.id);
}
