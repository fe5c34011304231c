// Stores built on MementoStore (src/core/memento-store.ts) follow what another window of this
// machine stored when this window gets the focus back: VS Code shares globalState between windows
// without saying when it changes, and a person switching windows is when it matters.
import * as vscode from 'vscode';

export function followOnFocus(...stores: { follow(): boolean }[]): vscode.Disposable {
  return vscode.window.onDidChangeWindowState((state) => {
    if (state.focused) for (const store of stores) store.follow();
  });
}
