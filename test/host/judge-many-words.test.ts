// The words of a judge job as a person reads them (issue 40 items 11 and 14): every progress line
// of the notification counts each solution once in one vocabulary ("judged, being judged, not
// sent yet, refused"), the status bar says the same, and a binary problem's results page has no
// Score column. Against the run's emulator over real HTTP.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import { activateExtension, replace, waitFor } from './helpers';

const ECHO = 2;
const JUDGE = 'sphereEngine.problems.judgeFolder';
const PROGRESS = /^(\d+) judged, (\d+) being judged, (\d+) not sent yet, (\d+) refused(?:, (\d+) not sendable)?$/;

describe('judge many: one vocabulary for progress (issue 40)', function () {
  this.timeout(90_000);
  let api: ExtensionTestApi['judgeMany'];
  let folder: string;

  before(async () => {
    api = (await activateExtension()).judgeMany;
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'se-judge-words-'));
    for (let i = 1; i <= 3; i++) fs.writeFileSync(path.join(folder, `ok${i}.py`), 'import sys\nsys.stdout.write(sys.stdin.read())\n');
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not a solution');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('the notification and the status bar count each solution once, and a binary problem shows no Score column', async () => {
    const messages: string[] = [];
    const statusTexts: string[] = [];
    const originalProgress = vscode.window.withProgress;
    const restoreProgress = replace(vscode.window, 'withProgress', ((
      options: vscode.ProgressOptions,
      task: (p: vscode.Progress<{ message?: string }>, t: vscode.CancellationToken) => Thenable<unknown>,
    ) =>
      originalProgress(options, (progress, token) =>
        task(
          {
            report: (value) => {
              if (value.message) messages.push(value.message);
              const status = api.statusText();
              if (status) statusTexts.push(status);
              progress.report(value);
            },
          },
          token,
        ),
      )) as typeof vscode.window.withProgress);
    const restoreConfirm = replace(
      vscode.window,
      'showWarningMessage',
      (async (_m: string, _o: unknown, ...items: string[]) => items[0]) as typeof vscode.window.showWarningMessage,
    );
    const restoreInfo = replace(vscode.window, 'showInformationMessage', (async () => undefined) as unknown as typeof vscode.window.showInformationMessage);
    let jobId: string | undefined;
    try {
      jobId = await vscode.commands.executeCommand<string>(JUDGE, { folder, problemId: ECHO });
    } finally {
      restoreProgress();
      restoreConfirm();
      restoreInfo();
    }
    assert.ok(messages.length > 0, 'no progress shown');
    assert.equal(messages[0], '0 judged, 0 being judged, 3 not sent yet, 0 refused, 1 not sendable');
    for (const message of messages) {
      const m = PROGRESS.exec(message);
      assert.ok(m, `not in the vocabulary: ${message}`);
      const total = m.slice(1).reduce((sum, n) => sum + Number(n ?? 0), 0);
      assert.equal(total, 4, `each solution counted once: ${message}`);
      assert.equal(Number(m[4]), 0, `nothing was refused: ${message}`);
    }
    for (const text of statusTexts) assert.match(text, /^\$\(sync~spin\) \d\/3 judged$/);

    await vscode.commands.executeCommand('sphereEngine.problems.showJudgeResults', jobId);
    await waitFor(() => api.renderedRows(jobId!) === 4, { what: 'the results page to show its 4 rows' });
    const table = api.renderedTable(jobId!)!;
    assert.ok(!table.head.includes('Score'), `a binary problem has no Score column: ${JSON.stringify(table.head)}`);
    assert.deepEqual(table.head.slice(0, 5), ['Solution', 'Verdict', 'Time (s)', 'Memory (KB)', 'Note']);
    const notes = table.sample.find((r) => r.key === 'notes.txt')!;
    assert.equal(notes.cells[1], 'not sendable');
  });
});
