// The host is a real VS Code with our extension loaded into it, the sample folder open and the
// emulator reachable: what every other host test takes for granted.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { activateExtension, emulatorHook, getExtension, workspaceFolder } from './helpers';

describe('host smoke', () => {
  it('runs inside a real VS Code', () => {
    assert.match(vscode.version, /^\d+\.\d+\.\d+/, `vscode.version was ${JSON.stringify(vscode.version)}`);
    assert.equal(typeof vscode.commands.executeCommand, 'function');
  });

  it('has the sample workspace open', () => {
    const folder = workspaceFolder();
    assert.equal(folder.uri.scheme, 'file');
    assert.ok(fs.existsSync(`${folder.uri.fsPath}/sum.py`), `sum.py not found in ${folder.uri.fsPath}`);
  });

  it('can reach the emulator the run started', async () => {
    const res = await emulatorHook('GET', 'requests');
    assert.equal(res.status, 200);
  });

  it('loads and activates sphere-engine-community.sphere-engine without error', async () => {
    const extension = getExtension();
    assert.equal(extension.packageJSON.name, 'sphere-engine');
    await activateExtension();
    assert.equal(extension.isActive, true);
  });
});
