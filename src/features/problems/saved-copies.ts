// Service content edited as a local copy: a file in the extension's storage that, each time it is
// saved, is sent back (a test case file, a judge source). One save listener for all of them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { showError } from '../../ui/errors';

export interface Copy {
  /** For messages: "the expected output of test 0 of problem 5". */
  what: string;
  send(file: string): Promise<void>;
}

/** The copies opened in this window, by file; one save listener for all of them. */
export class SavedCopies implements vscode.Disposable {
  private readonly copies = new Map<string, Copy>();
  private readonly listener: vscode.Disposable;

  constructor(private readonly services: Services) {
    this.listener = vscode.workspace.onDidSaveTextDocument((doc) => this.sendOnSave(doc));
  }

  /**
   * Opens the copy at `<storage>/<rel>`, first filled by `fetch` unless it is open with unsaved
   * edits (those are the person's work); each later save of it calls `send`.
   */
  async open(rel: string, copy: Copy, fetch: (file: string) => Promise<void>): Promise<vscode.TextEditor> {
    const file = path.join(this.services.context.globalStorageUri.fsPath, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
    if (!open?.isDirty) await fetch(file);
    this.copies.set(file, copy);
    return vscode.window.showTextDocument(open ?? (await vscode.workspace.openTextDocument(file)));
  }

  private async sendOnSave(doc: vscode.TextDocument): Promise<void> {
    const copy = this.copies.get(doc.uri.fsPath);
    if (!copy) return;
    try {
      await copy.send(doc.uri.fsPath);
      this.services.log.info(`Sent ${copy.what}`);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Sent {0} to Sphere Engine', copy.what), 5000);
    } catch (err) {
      void showError(this.services.log, err, { context: vscode.l10n.t('Could not send {0}; it is saved here: save again to retry', copy.what) });
    }
  }

  dispose(): void {
    this.listener.dispose();
    this.copies.clear();
  }
}
