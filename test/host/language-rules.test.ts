// The compile and run rules of docs/languages.md as a person meets them in VS Code: Run Active
// File on a C program calling exp/acos (libraries after the sources) and on a Java file whose first
// class is a helper (the class declaring main is started), against the run's emulator.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import type { RunReport } from '../../src/features/compilers/context';
import { activateExtension } from './helpers';

const RUN = 'sphereEngine.compilers.runActiveFile';
const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'languages');

describe('language rules: Run Active File as a contest judge would run it', function () {
  let api: ExtensionTestApi['compilers'];
  let work: string;
  const file = (...parts: string[]) => vscode.Uri.file(path.join(work, ...parts));

  before(async () => {
    const exported = await activateExtension();
    api = exported.compilers;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'language-rules-host-'));
    fs.cpSync(FIXTURES, work, { recursive: true });
  });
  beforeEach(() => api.clearOutput());
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('runs a C program that calls exp and acos on its input', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file('c-math', 'growth.c')));
    const report = await vscode.commands.executeCommand<RunReport>(RUN);
    assert.equal(report.status?.code, 15, JSON.stringify(report));
    assert.equal(report.stdout, '2.718 1.471\n1.000 1.571\n');
    assert.match(api.outputText(), /^2\.718 1\.471\n1\.000 1\.571$/m);
    assert.match(api.outputText(), /\[Done\] accepted/);
  });

  it('runs the Java class that declares main, not the helper class declared first', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file('java-helper', 'Main.java')));
    const report = await vscode.commands.executeCommand<RunReport>(RUN);
    assert.equal(report.status?.code, 15, JSON.stringify(report));
    assert.equal(report.stdout, '42\n');
    assert.match(api.outputText(), /\[Done\] accepted/);
  });
});
