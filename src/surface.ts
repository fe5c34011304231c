// What activate() hands to other extensions. `vscode.extensions.getExtension(id).exports` is
// readable by every installed extension, so the test hooks the features collect in
// `services.testHooks` (their output texts, their trees' items, ways to drive a prompt) are returned
// only to the extension's own tests: VS Code runs an extension in ExtensionMode.Test exactly when
// a test runner loads it with `extensionTestsPath` (scripts/lib/host-suite.js in code-server,
// scripts/test-electron.js in desktop VS Code). Installed normally (Production) or run with
// `npm start` (Development), the extension exports nothing: no public API is promised yet.
import * as vscode from 'vscode';

export function exportsFor<T extends object>(mode: vscode.ExtensionMode, testHooks: T | undefined): T | undefined {
  return mode === vscode.ExtensionMode.Test ? testHooks : undefined;
}
