// Managing problems from the Problems view in the real VS Code, against the run's emulator:
// Edit Test Case… opens the expected output in an editor and each save sends it; Create Judge from
// File… and Edit Judge Source… (each save updates the judge); Delete Problem… asks in a modal first
// (refused: nothing sent; confirmed: the problem is gone).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useScratch } from '../scratch';
import { activateExtension, answerModals, changingRequests, clearEmulatorRequests, emulatorInfo, waitFor, workspaceFolder } from './helpers';

const fixture = (name: string) => vscode.Uri.file(path.join(path.resolve(workspaceFolder().uri.fsPath, '..', 'problems'), name));
const api = (p: string) => fetch(`${emulatorInfo().origin}/problems/api/v4${p}?access_token=${emulatorInfo().token}`);

describe('managing problems from the Problems view (host)', function () {
  this.timeout(60_000);
  const scratch = useScratch();
  let problemId: number;
  const node = () => ({ kind: 'problem', problem: { id: problemId, code: 'MANAGE', name: 'Manage me' } });

  before(async () => {
    await activateExtension();
    problemId = (await vscode.commands.executeCommand<{ id: number }>('sphereEngine.problems.createProblem', { name: 'Manage me', typeId: 0, masterjudgeId: 1000 })).id;
    await vscode.commands.executeCommand('sphereEngine.problems.addTestCase', {
      problemId,
      input: fixture('double/1.in'),
      output: fixture('double/1.out'),
      timeLimit: 1,
      judgeId: 1,
    });
  });

  it('edits a test case: its expected output opens in an editor and saving sends it', async () => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('sphereEngine.problems.editTestCase', { problemId, testNumber: 0, file: 'output' });
    assert.equal(editor?.document.getText(), fs.readFileSync(fixture('double/1.out').fsPath, 'utf8'));
    await clearEmulatorRequests();
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), '43\n'));
    assert.equal(await editor.document.save(), true);
    await waitFor(async () => (await changingRequests()).length > 0, { what: 'the update to be sent' });
    assert.deepEqual(await changingRequests(), [`PUT /problems/api/v4/problems/${problemId}/testcases/0`]);
    assert.equal(await (await api(`/problems/${problemId}/testcases/0/output`)).text(), '43\n');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('creates a judge from a file, then edits its source in an editor: each save updates it', async () => {
    const file = path.join(scratch('host-judge-'), 'exact.py');
    fs.writeFileSync(file, 'import sys\nsys.exit(0)\n');
    await clearEmulatorRequests();
    const created = await vscode.commands.executeCommand<{ id: number }>('sphereEngine.problems.createJudge', { file, name: 'Exact', typeId: 0 });
    assert.deepEqual(await changingRequests(), ['POST /problems/api/v4/judges']);
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('sphereEngine.problems.editJudge', { judgeId: created.id });
    assert.equal(editor?.document.getText(), 'import sys\nsys.exit(0)\n');
    assert.equal(path.extname(editor.document.fileName), '.py');
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '# checks nothing yet\n'));
    await clearEmulatorRequests();
    assert.equal(await editor.document.save(), true);
    await waitFor(async () => (await changingRequests()).length > 0, { what: 'the update to be sent' });
    assert.deepEqual(await changingRequests(), [`PUT /problems/api/v4/judges/${created.id}`]);
    assert.equal(await (await api(`/judges/${created.id}/source`)).text(), '# checks nothing yet\nimport sys\nsys.exit(0)\n');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('deletes a problem only after the modal confirmation', async () => {
    await clearEmulatorRequests();
    const refused = answerModals([undefined]);
    try {
      assert.equal(await vscode.commands.executeCommand('sphereEngine.problems.deleteProblem', node()), undefined);
    } finally {
      refused.restore();
    }
    assert.match(refused.asked[0].message, new RegExp(`Delete problem ${problemId} MANAGE \\(Manage me\\) on the service\\?`));
    assert.deepEqual(refused.asked[0].buttons, ['Delete Problem']);
    assert.deepEqual(await changingRequests(), []);

    const confirmed = answerModals(['Delete Problem']);
    try {
      assert.equal(await vscode.commands.executeCommand('sphereEngine.problems.deleteProblem', node()), problemId);
    } finally {
      confirmed.restore();
    }
    assert.deepEqual(await changingRequests(), [`DELETE /problems/api/v4/problems/${problemId}`]);
    assert.equal((await api(`/problems/${problemId}`)).status, 404);
  });
});
