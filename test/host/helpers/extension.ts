// The extension under test, as VS Code knows it.
//
// Output channels: the VS Code API cannot read another extension's output channel. A feature that
// needs its output checked should expose the text through the extension's test API (the value
// activate() returns) and its host tests read it from activateExtension(); the UI tests
// (test/ui/workbench.ts) can read the Output panel as a person sees it.
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../../src/test-api';

export const EXTENSION_ID = 'sphere-engine-community.sphere-engine';

export function getExtension(): vscode.Extension<unknown> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not loaded in this host`);
  return extension;
}

/**
 * Activates the extension (if needed) and returns its exports: under the tests, every feature's
 * hooks, typed (src/test-api.ts). `T` narrows it where a test reads a shape of its own.
 */
export async function activateExtension<T = ExtensionTestApi>(): Promise<T> {
  const extension = getExtension();
  return (extension.isActive ? extension.exports : await extension.activate()) as T;
}

/** The folder the host opened (test/fixtures/workspace). */
export function workspaceFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder is open');
  return folder;
}
