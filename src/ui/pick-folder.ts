// One folder from the open dialog: the shape every "which folder?" question of the extension shares.
import * as vscode from 'vscode';

export async function pickFolder(title: string | undefined, openLabel: string, defaultUri = vscode.workspace.workspaceFolders?.[0]?.uri): Promise<string | undefined> {
  const picked = await vscode.window.showOpenDialog({ title, canSelectFiles: false, canSelectFolders: true, openLabel, defaultUri });
  return picked?.[0]?.fsPath;
}
