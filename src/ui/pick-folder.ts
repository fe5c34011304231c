// One folder from the open dialog: the shape every "which folder?" question of the extension shares.
// The dialog starts where the person is working (issue 40 item 13): the active editor's folder
// (a class's folder when a student's file is open), else the first workspace folder.
import * as path from 'node:path';
import * as vscode from 'vscode';

/** Where a folder dialog starts: the active editor's folder when it is a file on disk, else the first workspace folder. */
export function startingFolder(): vscode.Uri | undefined {
  const file = vscode.window.activeTextEditor?.document.uri;
  if (file?.scheme === 'file') return vscode.Uri.file(path.dirname(file.fsPath));
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

export async function pickFolder(title: string | undefined, openLabel: string, defaultUri = startingFolder()): Promise<string | undefined> {
  const picked = await vscode.window.showOpenDialog({ title, canSelectFiles: false, canSelectFolders: true, openLabel, defaultUri });
  return picked?.[0]?.fsPath;
}
