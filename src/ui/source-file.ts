// Which source file a command acts on when the person did not say. VS Code's active text editor
// is not enough: while a problem's page, the walkthrough or any other webview is in front there
// is none, although the person's code is open in the next tab. So: the active source file, else
// the one they last had in front of them (while it is still open), else one they pick among the
// open source files, else one they choose on disk.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { WORKSPACE_FS_SCHEME } from '../core/workspace-files';
import { showQuickPick } from './prompts';

/** Files a person writes code in: local, remote, or a Sphere Engine workspace's (never an output, preview or untitled text). */
const SOURCE_SCHEMES = new Set(['file', 'vscode-remote', WORKSPACE_FS_SCHEME]);

const isSourceFile = (uri: vscode.Uri) => SOURCE_SCHEMES.has(uri.scheme);

/** The source files open in editor tabs, each once, in tab order. */
function openSourceFiles(): vscode.Uri[] {
  const byKey = new Map<string, vscode.Uri>();
  for (const tab of vscode.window.tabGroups.all.flatMap((g) => g.tabs)) {
    if (tab.input instanceof vscode.TabInputText && isSourceFile(tab.input.uri)) byKey.set(tab.input.uri.toString(), tab.input.uri);
  }
  return [...byKey.values()];
}

/** Remembers the last source file shown in a text editor, whatever took the focus since. */
export class RecentSourceFile implements vscode.Disposable {
  private last: vscode.Uri | undefined;
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.remember(vscode.window.activeTextEditor);
    this.subscription = vscode.window.onDidChangeActiveTextEditor((editor) => this.remember(editor));
  }

  private remember(editor: vscode.TextEditor | undefined): void {
    if (editor && isSourceFile(editor.document.uri)) this.last = editor.document.uri;
  }

  /** The active source file, else the last one shown if its tab is still open. */
  current(): vscode.Uri | undefined {
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active && isSourceFile(active)) return active;
    const last = this.last?.toString();
    return openSourceFiles().find((uri) => uri.toString() === last);
  }

  /** current(), else asks: the open source files and "Choose File…", or straight the open dialog when none is open. */
  async choose(title: string): Promise<vscode.Uri | undefined> {
    const known = this.current();
    if (known) return known;
    const open = openSourceFiles();
    if (open.length > 0) {
      const items: Array<vscode.QuickPickItem & { uri?: vscode.Uri }> = open.map((uri) => ({
        label: path.posix.basename(uri.path),
        description: vscode.workspace.asRelativePath(uri),
        uri,
      }));
      items.push({ label: '', kind: vscode.QuickPickItemKind.Separator }, { label: `$(folder-opened) ${vscode.l10n.t('Choose File…')}` });
      const picked = await showQuickPick(items, { title, placeHolder: vscode.l10n.t('One of the open files, or another file on disk') });
      if (!picked) return undefined;
      if (picked.uri) return picked.uri;
    }
    const chosen = await vscode.window.showOpenDialog({
      canSelectMany: false,
      title,
      openLabel: vscode.l10n.t('Use This File'),
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    });
    return chosen?.[0];
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
