// After Submit Solution the person learns the verdict without looking for it: a notification
// names it (and the first failing test case), and its "Show in Testing" reveals the results.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { MessageCapture } from './faults-support';
import { activateExtension, recordCommands, waitFor, workspaceFolder } from './helpers';

interface Verdict {
  submissionId: number;
  statusCode: number;
}

const fixture = (name: string) => vscode.Uri.file(path.resolve(workspaceFolder().uri.fsPath, '..', 'problems', name));
const ADDTWO = 1;
const SHOW_IN_TESTING = 'Show in Testing';

const submit = (file: string) => vscode.commands.executeCommand<Verdict | undefined>('sphereEngine.problems.submitSolution', { file: fixture(file), problemId: ADDTWO });

describe('Submit Solution: the verdict as a notification', function () {
  this.timeout(90_000);
  const messages = new MessageCapture();

  before(async () => {
    await activateExtension();
    messages.install();
  });

  beforeEach(() => messages.clear());

  after(() => messages.uninstall());

  const verdictNotice = (submissionId: number) =>
    waitFor(() => messages.shown.find((m) => m.text.includes(`Submission ${submissionId}`)), { what: `a notification about submission ${submissionId}` });

  it('accepted: an information notification with the verdict', async () => {
    const verdict = await submit('addtwo-accepted.py');
    assert.equal(verdict?.statusCode, 15);
    const shown = await verdictNotice(verdict.submissionId);
    assert.equal(shown.level, 'info');
    assert.match(shown.text, /ADDTWO.*Accepted/);
    assert.deepEqual(shown.buttons, [SHOW_IN_TESTING]);
  });

  it('a crash: the warning names the error the traceback ends with', async () => {
    const verdict = await submit('addtwo-crash.py');
    assert.equal(verdict?.statusCode, 12);
    const shown = await verdictNotice(verdict.submissionId);
    assert.match(shown.text, /test case 0 \(runtime error: NameError: name 'undefined_name' is not defined\)/);
  });

  it('wrong answer: a warning naming the first failing test case; Show in Testing reveals the results', async () => {
    const commands = recordCommands();
    try {
      messages.press(SHOW_IN_TESTING);
      const verdict = await submit('addtwo-wrong.py');
      assert.equal(verdict?.statusCode, 14);
      const shown = await verdictNotice(verdict.submissionId);
      assert.equal(shown.level, 'warning');
      assert.match(shown.text, /Wrong answer/);
      assert.match(shown.text, /test case 1 \(wrong answer\)/);
      const ran = (id: string) => commands.executed.find((c) => c.id === id && c.result !== undefined);
      await waitFor(() => ran('vscode.revealTestInExplorer'), { what: 'the problem revealed in the Testing view' });
      assert.equal(ran('workbench.view.testing.focus')?.result, 'ok', 'the Testing view was not shown');
      assert.equal(ran('vscode.revealTestInExplorer')?.result, 'ok');
    } finally {
      commands.restore();
    }
  });
});
