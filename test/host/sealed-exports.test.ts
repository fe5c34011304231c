// The extension's exports are readable by every installed extension: its test hooks go to its own
// tests only. Here (a test runner's extensionTestsPath, so ExtensionMode.Test) they are returned;
// in any other mode nothing is. The Production case as users get it, read by another installed
// extension, is checked from the VSIX in test/ui/walkthrough.ui.test.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { exportsFor } from '../../src/surface';
import { activateExtension } from './helpers';

describe("sealed exports: test hooks for the extension's own tests only", () => {
  const hooks = { connection: { logUri: vscode.Uri.file('/x') } };

  it('under the test runner (ExtensionMode.Test) the real activation returns the test hooks', async () => {
    const exported = await activateExtension<Record<string, unknown> | undefined>();
    assert.ok(exported && typeof exported === 'object', `exports were ${String(exported)}`);
    for (const key of ['activation', 'connection', 'compilers', 'containers', 'problems']) {
      assert.ok(key in exported, `exports.${key} missing`);
    }
  });

  it('returns the hooks in ExtensionMode.Test', () => {
    assert.equal(exportsFor(vscode.ExtensionMode.Test, hooks), hooks);
  });

  // Production: installed from a VSIX or the Marketplace; Development: `npm start`, F5.
  for (const mode of ['Production', 'Development'] as const) {
    it(`returns nothing in ExtensionMode.${mode}`, () => {
      assert.equal(exportsFor(vscode.ExtensionMode[mode], hooks), undefined);
    });
  }
});
