// The base code (the template the students were given) chosen per class folder and remembered
// (in the extension's global state, by folder path): a later check of the same folder uses it
// again, as MOSS's -b and JPlag's base code do, without asking.
import * as vscode from 'vscode';

const KEY = 'sphereEngine.similarity.baseCode';

export class BaseCodeMemory {
  constructor(private readonly state: vscode.Memento) {}

  get(folder: string): string | undefined {
    return this.state.get<Record<string, string>>(KEY, {})[folder];
  }

  async set(folder: string, base: string | undefined): Promise<void> {
    const all = { ...this.state.get<Record<string, string>>(KEY, {}) };
    if (base) all[folder] = base;
    else delete all[folder];
    await this.state.update(KEY, all);
  }

  /** Asks for a file or folder; undefined when the person cancels. */
  async choose(folder: string): Promise<string | undefined> {
    const picked = await vscode.window.showOpenDialog({
      title: vscode.l10n.t('Base code: the template the students were given (a file or a folder)'),
      openLabel: vscode.l10n.t('Use as Base Code'),
      canSelectFiles: true,
      canSelectFolders: true,
      canSelectMany: false,
      defaultUri: vscode.Uri.file(folder),
    });
    return picked?.[0]?.fsPath;
  }
}
