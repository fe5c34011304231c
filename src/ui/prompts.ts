// Every quick pick and input box of the extension is opened here, and none closes when the focus
// leaves it. A prompt started from a walkthrough button loses the focus to the walkthrough page
// (its step media is a webview that takes the focus as it loads or re-renders): with VS Code's
// default the prompt then closes as if cancelled, and the walkthrough's flow silently stops. Our
// prompts are steps of a flow the person asked for, so they stay until answered or dismissed
// (Escape). test/unit/prompts.test.ts keeps every prompt in src/ going through this module.
import * as vscode from 'vscode';

type Items<T> = readonly T[] | Thenable<readonly T[]>;

export function showQuickPick<T extends vscode.QuickPickItem>(
  items: Items<T>,
  options: vscode.QuickPickOptions & { canPickMany: true },
  token?: vscode.CancellationToken,
): Thenable<T[] | undefined>;
export function showQuickPick<T extends vscode.QuickPickItem | string>(
  items: Items<T>,
  options?: vscode.QuickPickOptions,
  token?: vscode.CancellationToken,
): Thenable<T | undefined>;
export function showQuickPick(items: Items<vscode.QuickPickItem>, options: vscode.QuickPickOptions = {}, token?: vscode.CancellationToken): Thenable<unknown> {
  return vscode.window.showQuickPick(items, { ...options, ignoreFocusOut: true }, token);
}

export function showInputBox(options: vscode.InputBoxOptions = {}, token?: vscode.CancellationToken): Thenable<string | undefined> {
  return vscode.window.showInputBox({ ...options, ignoreFocusOut: true }, token);
}

export function createQuickPick<T extends vscode.QuickPickItem>(): vscode.QuickPick<T> {
  const pick = vscode.window.createQuickPick<T>();
  pick.ignoreFocusOut = true;
  return pick;
}
