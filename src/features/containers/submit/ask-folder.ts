// Which folder Submit Folder sends when it was given none (the palette, a key): the one sensible
// choice is taken as it is (it shows in the confirmation); with more than one (an editor open in
// a subfolder, several workspace folders) the person picks, starting at the active editor's folder.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { pickFolder } from '../../../ui/pick-folder';
import { showQuickPick } from '../../../ui/prompts';
import { isInside } from '../../../core/is-inside';

interface FolderItem extends vscode.QuickPickItem {
  folder?: string;
}

/** The active editor's folder, then each parent up to its workspace folder, then the other workspace folders. */
export function folderChoices(): Array<{ folder: string; why: string }> {
  const roots = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  const choices: Array<{ folder: string; why: string }> = [];
  const file = vscode.window.activeTextEditor?.document.uri;
  if (file?.scheme === 'file') {
    const root = roots.find((r) => isInside(file.fsPath, r));
    if (root) {
      for (let dir = path.dirname(file.fsPath); isInside(dir, root); dir = path.dirname(dir)) {
        const why =
          dir === path.dirname(file.fsPath)
            ? vscode.l10n.t("the active editor's folder")
            : dir === root
              ? vscode.l10n.t('workspace folder')
              : vscode.l10n.t("a parent of the active editor's folder");
        choices.push({ folder: dir, why });
        if (dir === root) break;
      }
    }
  }
  for (const r of roots) if (!choices.some((c) => c.folder === r)) choices.push({ folder: r, why: vscode.l10n.t('workspace folder') });
  return choices;
}

export async function askFolder(): Promise<string | undefined> {
  const choices = folderChoices();
  if (choices.length === 1) return choices[0].folder;
  const open = () => pickFolder(undefined, vscode.l10n.t('Submit Folder'));
  if (choices.length === 0) return open();
  const other: FolderItem = { label: vscode.l10n.t('Another folder…'), description: vscode.l10n.t('choose it in a dialog') };
  const items: FolderItem[] = [...choices.map((c) => ({ label: labelOf(c.folder), description: c.why, detail: c.folder, folder: c.folder })), other];
  const chosen = await showQuickPick(items, {
    title: vscode.l10n.t('Submit Folder to Project: which folder?'),
    placeHolder: vscode.l10n.t('The folder to pack and send as one submission'),
  });
  if (!chosen) return undefined;
  return chosen.folder ?? open();
}

/** A workspace folder by its name, another folder by its path inside its workspace folder. */
function labelOf(folder: string): string {
  const rel = vscode.workspace.asRelativePath(folder, false);
  return rel && rel !== folder ? rel : path.basename(folder);
}
