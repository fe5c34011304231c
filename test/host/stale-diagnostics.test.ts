// A run's diagnostics describe the code as it was sent. Once the person edits that file they are
// out of date and leave it, without waiting for the next run — alike for Run File (Compilers),
// Submit Solution (Problems) and Submit Folder to Project (Containers). Only looking at it keeps them.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, waitFor } from './helpers';

const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');
const CPP_PROJECT = '8b2e4d6f1a3c4e5f8091a2b3c4d5e6f7';
const ADDTWO = 1;

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source?.startsWith('Sphere Engine'));

describe('diagnostics of a run leave a file once it is edited', function () {
  this.timeout(90_000);
  let work: string;
  /** A private copy of a fixture folder: these tests edit and save the files. */
  const copy = (from: string) => {
    const to = path.join(work, path.basename(from));
    fs.cpSync(path.join(FIXTURES, from), to, { recursive: true });
    return to;
  };

  before(async () => {
    await activateExtension();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'stale-diagnostics-'));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** Shows the run's diagnostics are there, types one line into the file, and saves it. */
  async function editAfterRun(uri: vscode.Uri): Promise<void> {
    await waitFor(() => ours(uri).length > 0, { what: `diagnostics on ${path.basename(uri.fsPath)} after the run` });
    const editor = await vscode.window.showTextDocument(uri);
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(0, 0), '// fixing it\n')), 'the edit was refused');
    await editor.document.save();
  }

  const gone = (uri: vscode.Uri) => waitFor(() => ours(uri).length === 0, { timeoutMs: 5_000, what: `the diagnostics on ${path.basename(uri.fsPath)} to go` });

  it('Run File (Compilers): the compile errors go when the file is edited', async () => {
    const uri = vscode.Uri.file(path.join(copy('compilers/cpp-compile-error'), 'broken.cpp'));
    await vscode.commands.executeCommand('sphereEngine.compilers.runActiveFile', uri);
    await editAfterRun(uri);
    await gone(uri);
  });

  it('Submit Solution (Problems): the compile errors go when the file is edited', async () => {
    const uri = vscode.Uri.file(path.join(copy('problems'), 'addtwo-compile-error.c'));
    await vscode.commands.executeCommand('sphereEngine.problems.submitSolution', { file: uri, problemId: ADDTWO });
    await editAfterRun(uri);
    await gone(uri);
  });

  it('Submit Folder to Project (Containers): the build errors go from the edited file only', async () => {
    const folder = copy('containers/build-error');
    const main = vscode.Uri.file(path.join(folder, 'main.cpp'));
    await vscode.commands.executeCommand('sphereEngine.containers.submitFolder', vscode.Uri.file(folder), { projectId: CPP_PROJECT, scenario: '', confirm: false });
    // A file of the run that is only looked at (opened, not edited) keeps its diagnostics.
    await waitFor(() => ours(main).length > 0, { what: 'diagnostics on main.cpp after the run' });
    await vscode.window.showTextDocument(main);
    assert.ok(ours(main).length > 0, 'opening the file dropped its diagnostics');
    await editAfterRun(main);
    await gone(main);
  });
});
