// Texts the extension shows for reading (a submission's stream or tests report, a workspace's init
// output, what the packer left out): documents of their own scheme, named for what they hold.
// An untitled document did the same job but showed as unsaved ("Untitled-1 ●") and asked to be
// saved when closed; these are read-only, close quietly, and can still be saved with "Save As".
import * as vscode from 'vscode';
import { safeFileName } from '../core/safe-file-name';

export const READONLY_TEXT_SCHEME = 'sphere-engine-text';

class ReadonlyTexts implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private shown = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /** A new address per text (`sphere-engine-text:/<n>/<name>`): the tab shows `name`. */
  put(name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: READONLY_TEXT_SCHEME, path: `/${++this.shown}/${safeFileName(name, 'text')}` });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  forget(uri: vscode.Uri): void {
    this.texts.delete(uri.toString());
  }
}

const texts = new ReadonlyTexts();

/** Registers the scheme; once, from activate(). Closed documents' texts are let go. */
export function registerReadonlyTexts(): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.workspace.registerTextDocumentContentProvider(READONLY_TEXT_SCHEME, texts),
    vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.scheme === READONLY_TEXT_SCHEME) texts.forget(doc.uri);
    }),
  );
}

/**
 * Opens `text` read-only in a preview editor (or as `show` says), titled `name` (its extension picks
 * the language unless `language` is given).
 */
export async function showReadonlyText(name: string, text: string, language?: string, show: vscode.TextDocumentShowOptions = { preview: true }): Promise<vscode.TextDocument> {
  let doc = await vscode.workspace.openTextDocument(texts.put(name, text));
  if (language && doc.languageId !== language) doc = await vscode.languages.setTextDocumentLanguage(doc, language);
  await vscode.window.showTextDocument(doc, show);
  return doc;
}

/** The address of `text` as a read-only document titled `name`, e.g. for one side of a diff. */
export function readonlyTextUri(name: string, text: string): vscode.Uri {
  return texts.put(name, text);
}
