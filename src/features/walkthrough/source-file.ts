// The walkthrough's "Run a file" and "Submit a solution" buttons act on a source file, but while
// the walkthrough page is the active editor VS Code has no active text editor. These commands take
// the file the user last had in front of them (or ask for one) and hand it to the real command.
import * as vscode from 'vscode';
import { Commands, executeCommand, registerCommand } from '../../ui/commands';

/** Remembers the last local file shown in a text editor, the walkthrough page notwithstanding. */
export class RecentSourceFile implements vscode.Disposable {
  private last: vscode.Uri | undefined;
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.remember(vscode.window.activeTextEditor);
    this.subscription = vscode.window.onDidChangeActiveTextEditor((editor) => this.remember(editor));
  }

  private remember(editor: vscode.TextEditor | undefined): void {
    if (editor && editor.document.uri.scheme === 'file' && !editor.document.isUntitled) this.last = editor.document.uri;
  }

  /** The active file, else the last one shown, else a visible one. */
  current(): vscode.Uri | undefined {
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active?.scheme === 'file') return active;
    return this.last ?? vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'file')?.document.uri;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

export function registerSourceFileCommands(recent: RecentSourceFile): vscode.Disposable[] {
  const withSourceFile = async (run: (file: vscode.Uri) => Thenable<unknown>): Promise<unknown> => {
    let file = recent.current();
    if (!file) {
      const picked = await vscode.window.showOpenDialog({
        canSelectMany: false,
        title: vscode.l10n.t('Which source file?'),
        openLabel: vscode.l10n.t('Use This File'),
        defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
      });
      file = picked?.[0];
      if (!file) return undefined;
    }
    // Show it, so that the output, diagnostics and test results appear next to the code.
    await vscode.window.showTextDocument(file, { preview: false });
    return run(file);
  };
  return [
    registerCommand(Commands.walkthroughRunFile, () => withSourceFile((file) => executeCommand(Commands.compilersRunActiveFile, file))),
    registerCommand(Commands.walkthroughSubmitSolution, () => withSourceFile((file) => executeCommand(Commands.problemsSubmit, file))),
  ];
}
