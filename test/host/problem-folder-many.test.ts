// Problems as folders, continued, in the real VS Code against the run's emulator: two problems
// selected in the Problems view downloaded at once (one parent folder asked for, one folder per
// problem, a summary), and the push preview's "Show Differences": a changes editor with only the
// files whose text changes (the service's content on the left, the local file on the right, a new
// test against nothing), the question still answerable from its title bar after the notification
// went, the push closing it; or closed unanswered and nothing sent. The person is stood in for at
// the dialogs (helpers/stand-in.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useScratch } from '../scratch';
import { activateExtension, answerModals, changingRequests, clearEmulatorRequests, getExtension, problemNodes, replace, waitFor } from './helpers';

interface Pulled {
  parent: string;
  pulled: Array<{ problemId: number; code?: string; folder: string; outcome: string; tests?: number }>;
}

describe('problems as folders: many at once, differences before a push (host)', function () {
  this.timeout(60_000);
  const scratch = useScratch();
  const problems: Array<{ id: number; code: string }> = [];
  let parent: string;

  before(async () => {
    await activateExtension();
    const files = scratch('host-pull-many-tests-');
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(files, name), text);
      return path.join(files, name);
    };
    for (const n of [1, 2]) {
      const created = await vscode.commands.executeCommand<{ id: number; code: string }>('sphereEngine.problems.createProblem', {
        name: `Pulled together ${n}`,
        typeId: 0,
        masterjudgeId: 1000,
        body: `Problem ${n}.`,
      });
      await vscode.commands.executeCommand('sphereEngine.problems.addTestCase', {
        problemId: created.id,
        input: file(`${n}.in`, `${n}\n`),
        output: file(`${n}.out`, `${2 * n}\n`),
        timeLimit: 1,
        judgeId: 1,
      });
      problems.push(created);
    }
    parent = scratch('host-pull-many-');
  });

  it('downloads two problems selected in the Problems view into one parent folder, with a summary', async () => {
    const nodes = await problemNodes(problems.map((p) => p.id));
    const summaries: Array<{ message: string; items: string[] }> = [];
    const undoDialog = replace(vscode.window, 'showOpenDialog', (() => Promise.resolve([vscode.Uri.file(parent)])) as typeof vscode.window.showOpenDialog);
    const undoInfo = replace(vscode.window, 'showInformationMessage', ((message: string, ...items: string[]) => {
      summaries.push({ message, items });
      return Promise.resolve(undefined);
    }) as unknown as typeof vscode.window.showInformationMessage);
    let outcome: Pulled | undefined;
    try {
      // What VS Code passes for a multi-selection: the clicked row, then every selected row.
      outcome = await vscode.commands.executeCommand<Pulled>('sphereEngine.problems.downloadFolder', nodes[0], nodes);
    } finally {
      undoDialog();
      undoInfo();
    }
    const codes = problems.map((p) => p.code);
    assert.deepEqual(
      outcome?.pulled.map((p) => [p.outcome, path.basename(p.folder), p.tests]),
      codes.map((c) => ['done', c, 1]),
    );
    assert.deepEqual(fs.readdirSync(parent).sort(), [...codes].sort());
    for (const [i, p] of problems.entries()) {
      assert.equal(fs.readFileSync(path.join(parent, p.code, 'tests/0.in'), 'utf8'), `${i + 1}\n`);
      assert.equal(JSON.parse(fs.readFileSync(path.join(parent, p.code, 'problem.json'), 'utf8')).link.problemId, p.id);
    }
    assert.deepEqual(summaries, [{ message: `Downloaded 2 of 2 problems into ${parent}.`, items: ['Open Folder'] }]);
  });

  /** The changes editors Show Differences opened (tab inputs with text diffs, service on the left). */
  const changesTabs = () =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => (t.input as { textDiffs?: Array<{ original: vscode.Uri }> })?.textDiffs?.some((d) => d.original.scheme === 'sphere-engine-service'));
  const diffsOf = (tab: vscode.Tab) => (tab.input as { textDiffs: Array<{ original: vscode.Uri; modified: vscode.Uri }> }).textDiffs;
  const textOf = async (uri: vscode.Uri) => (await vscode.workspace.openTextDocument(uri)).getText();

  /** Starts Push Problem Folder answering "Show Differences", and waits for the changes editor (its files listed). */
  async function showDifferences(dir: string, files: number) {
    const stand = answerModals(['Show Differences']);
    await clearEmulatorRequests();
    let settled = false;
    const pushed = Promise.resolve(
      vscode.commands.executeCommand<{ stopped?: string; result?: { applied: string[] } }>('sphereEngine.problems.pushFolder', { folder: dir }),
    ).finally(() => {
      settled = true;
      stand.restore();
    });
    const tab = await waitFor(() => changesTabs().find((t) => diffsOf(t).length === files), { what: `a changes editor with ${files} files` });
    return { ...stand, tab, pushed, settled: () => settled };
  }

  it('Show Differences shows only the files that change, a new test against nothing, no rename marks; the question waits in the title bar and the push closes the differences', async () => {
    const { id, code } = problems[1];
    const dir = path.join(parent, code);
    fs.writeFileSync(path.join(dir, 'tests/0.out'), '1000\n');
    // A test added as files: problem.json is not edited (it equals the service's and is not shown).
    fs.writeFileSync(path.join(dir, 'tests/1.in'), '5\n');
    fs.writeFileSync(path.join(dir, 'tests/1.out'), '10\n');
    const shown = await showDifferences(dir, 3);
    assert.equal(shown.tab.label, `Problem ${id} on the service ↔ ${code} (3 files)`);
    const diffs = diffsOf(shown.tab);
    assert.deepEqual(
      diffs.map((d) => d.modified.fsPath),
      ['tests/0.out', 'tests/1.in', 'tests/1.out'].map((f) => path.join(dir, f)),
    );
    for (const d of diffs) {
      assert.equal(d.original.scheme, 'sphere-engine-service');
      // Equal paths on both sides: VS Code marks a pair whose paths differ as renamed ("R", the name struck through).
      assert.equal(d.original.path, d.modified.path);
    }
    assert.deepEqual(await Promise.all(diffs.map((d) => textOf(d.original))), ['4\n', '', ''], "left: the service's output of test 0, nothing for the new test");
    assert.deepEqual(await Promise.all(diffs.map((d) => textOf(d.modified))), ['1000\n', '5\n', '10\n']);

    // The notification is gone unanswered (as a toast that slides away): the push still waits, with
    // Push and Cancel in the changes editor's title bar while it does.
    await waitFor(() => shown.notices.length === 1, { what: 'the question beside the differences' });
    assert.match(shown.notices[0].message, new RegExp(`^Push 2 changes to problem ${id} .*The differences are open \\(3 files: tests/0\\.out, tests/1\\.in, tests/1\\.out\\)`));
    assert.deepEqual(shown.notices[0].buttons, ['Push', 'Cancel']);
    const titleBar = getExtension().packageJSON as { contributes?: { menus?: Record<string, Array<{ command: string; when?: string }>> } };
    const buttons = (titleBar.contributes?.menus?.['editor/title'] ?? []).filter((m) => /pushShownChanges|cancelPush/.test(m.command));
    assert.deepEqual(
      buttons.map((b) => b.when),
      Array(2).fill('sphereEngine.problems.pushAwaitsAnswer && activeEditor == multiDiffEditor'),
    );
    assert.equal(shown.settled(), false, 'the push did not wait for an answer');
    assert.deepEqual(await changingRequests(), []);

    assert.equal(await vscode.commands.executeCommand('sphereEngine.problems.pushShownChanges'), true);
    const outcome = await shown.pushed;
    assert.deepEqual(outcome?.result?.applied, ['Update test 0: expected output', 'Add test 1 with judge 1, time limit 1 s']);
    // The differences showed the service's old content: they are closed.
    await waitFor(() => changesTabs().length === 0, { what: 'the changes editor to close after the push' });
    assert.equal(await vscode.commands.executeCommand('sphereEngine.problems.pushShownChanges'), false, 'no push waits any more');
  });

  it('Show Differences then closing them without an answer: nothing is sent', async () => {
    const dir = path.join(parent, problems[0].code);
    fs.writeFileSync(path.join(dir, 'tests/0.out'), '1000\n');
    const shown = await showDifferences(dir, 1);
    await waitFor(() => shown.notices.length === 1, { what: 'the question beside the differences' });
    assert.deepEqual(
      shown.asked.map((a) => [a.detail, a.buttons]),
      [['Update test 0: expected output', ['Push', 'Show Differences']]],
    );
    assert.equal(await textOf(diffsOf(shown.tab)[0].original), '2\n', "left: the service's output");
    await vscode.window.tabGroups.close(shown.tab);
    const outcome = await shown.pushed;
    assert.equal(outcome?.stopped, 'refused');
    assert.deepEqual(await changingRequests(), []);
  });
});
