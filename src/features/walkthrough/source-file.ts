// The walkthrough's "Run a file" and "Submit a solution" buttons act on a source file, but while
// the walkthrough page is the active editor VS Code has no active text editor. These commands take
// the file the user last had in front of them (or ask for one) and hand it to the real command.
import * as vscode from 'vscode';
import { Commands, executeCommand, registerCommand } from '../../ui/commands';
import type { RecentSourceFile } from '../../ui/source-file';

export function registerSourceFileCommands(recent: RecentSourceFile): vscode.Disposable[] {
  const withSourceFile = async (run: (file: vscode.Uri) => Thenable<unknown>): Promise<unknown> => {
    const file = await recent.choose(vscode.l10n.t('Which source file?'));
    if (!file) return undefined;
    // Show it, so that the output, diagnostics and test results appear next to the code.
    await vscode.window.showTextDocument(file, { preview: false });
    return run(file);
  };
  return [
    registerCommand(Commands.walkthroughRunFile, () => withSourceFile((file) => executeCommand(Commands.compilersRunActiveFile, file))),
    registerCommand(Commands.walkthroughSubmitSolution, () => withSourceFile((file) => executeCommand(Commands.problemsSubmit, file))),
  ];
}
