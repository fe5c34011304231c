// Activation inside a real VS Code: the extension starts without error, its view container and
// views exist, every command of package.json is registered, and it reports its activation time.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, getExtension } from './helpers';

interface Exports {
  activation?: { activationMs: number };
}

interface ManifestCommand {
  command: string;
}

describe('activation', () => {
  let exported: Exports;

  before(async () => {
    exported = await activateExtension<Exports>();
  });

  it('activates without error and reports how long activate() took', () => {
    assert.equal(getExtension().isActive, true);
    const ms = exported.activation?.activationMs;
    assert.equal(typeof ms, 'number', 'exports.activation.activationMs missing');
    assert.ok(Number.isFinite(ms) && (ms as number) >= 0, `activationMs was ${ms}`);
    // For the record (bench/ reads the same figure); speed is not asserted here.
    console.log(`      activate() took ${(ms as number).toFixed(1)} ms`);
  });

  it('registers every command declared in package.json', async () => {
    const declared = (getExtension().packageJSON.contributes.commands as ManifestCommand[]).map((c) => c.command);
    assert.ok(declared.length > 0);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], 'declared but not registered');
  });

  it('contributes the Sphere Engine view container, which opens', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(registered.has('workbench.view.extension.sphereEngine'), 'no command to open the view container');
    await vscode.commands.executeCommand('workbench.view.extension.sphereEngine');
  });

  for (const view of ['sphereEngine.workspaces', 'sphereEngine.submissions', 'sphereEngine.problems']) {
    it(`contributes the view ${view}, which can be focused`, async () => {
      const registered = new Set(await vscode.commands.getCommands(true));
      // VS Code creates "<view id>.focus" for every registered view.
      assert.ok(registered.has(`${view}.focus`), `view ${view} is not registered`);
      await vscode.commands.executeCommand(`${view}.focus`);
    });
  }
});
