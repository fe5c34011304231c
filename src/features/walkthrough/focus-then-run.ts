// Walkthrough buttons that open several prompts one after another. When the first quick pick
// closes, VS Code gives the focus back to the walkthrough button that started the command, and
// the walkthrough page then takes it from the next quick pick. Our prompts stay open when that
// happens (src/ui/prompts.ts), but what the person types would go to the page. So the buttons go
// through this command: it moves the focus to the Sphere Engine view first, then runs the real
// command there, and each closing prompt gives the focus back to the view instead.
import * as vscode from 'vscode';
import { allCommandIds, Commands, executeCommand, registerCommand, type CommandId } from '../../ui/commands';
import type { SharedEvents } from '../../events';

const isOurCommand = (id: unknown): id is CommandId => typeof id === 'string' && (allCommandIds as readonly string[]).includes(id);

export function registerFocusThenRun(events: SharedEvents): vscode.Disposable {
  return registerCommand(Commands.walkthroughRun, async (id?: unknown, ...args: unknown[]) => {
    // Only our own commands: a link must not be able to run anything else through us.
    if (!isOurCommand(id) || id === Commands.walkthroughRun) return undefined;
    await vscode.commands.executeCommand('workbench.view.extension.sphereEngine');
    const result = await executeCommand(id, ...args);
    // Files opened in a new window are seen by that window's extension, not by this one (which
    // shows the walkthrough): the command's answer tells that they were opened.
    if (id === Commands.workspaceOpenFiles && result) events.reachMilestone('workspaceFilesOpened');
    return result;
  });
}
