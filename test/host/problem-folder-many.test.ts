// Problems as folders, continued, in the real VS Code against the run's emulator: two problems
// selected in the Problems view downloaded at once (one parent folder asked for, one folder per
// problem, a summary), and the push preview's "Show Differences": a changes editor whose left
// side is the service's content and right side the local file, then the push refused and nothing
// sent. The person is stood in for at the dialogs (helpers/stand-in.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useScratch } from '../scratch';
import { activateExtension, answerModals, changingRequests, clearEmulatorRequests, problemNodes, replace } from './helpers';

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
      const created = await vscode.commands.executeCommand<{ id: number; code: string }>('sphereEngine.problems.createProblem', { name: `Pulled together ${n}`, typeId: 0, masterjudgeId: 1000, body: `Problem ${n}.` });
      await vscode.commands.executeCommand('sphereEngine.problems.addTestCase', { problemId: created.id, input: file(`${n}.in`, `${n}\n`), output: file(`${n}.out`, `${2 * n}\n`), timeLimit: 1, judgeId: 1 });
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
    assert.deepEqual(outcome?.pulled.map((p) => [p.outcome, path.basename(p.folder), p.tests]), codes.map((c) => ['done', c, 1]));
    assert.deepEqual(fs.readdirSync(parent).sort(), [...codes].sort());
    for (const [i, p] of problems.entries()) {
      assert.equal(fs.readFileSync(path.join(parent, p.code, 'tests/0.in'), 'utf8'), `${i + 1}\n`);
      assert.equal(JSON.parse(fs.readFileSync(path.join(parent, p.code, 'problem.json'), 'utf8')).link.problemId, p.id);
    }
    assert.deepEqual(summaries, [{ message: `Downloaded 2 of 2 problems into ${parent}.`, items: ['Open Folder'] }]);
  });

  it('Show Differences opens the service\'s content beside the local file; refused, nothing is sent', async () => {
    const dir = path.join(parent, problems[0].code);
    const local = path.join(dir, 'tests/0.out');
    fs.writeFileSync(local, '1000\n');
    const { asked, notices, restore } = answerModals(['Show Differences']);
    let outcome: { stopped?: string } | undefined;
    try {
      await clearEmulatorRequests();
      outcome = await vscode.commands.executeCommand('sphereEngine.problems.pushFolder', { folder: dir });
    } finally {
      restore();
    }
    assert.deepEqual(asked.map((a) => [a.detail, a.buttons]), [['Update test 0: expected output', ['Push', 'Show Differences']]]);
    // Asked again beside the differences (not modal); dismissed, it sends nothing.
    assert.equal(notices.length, 1);
    assert.match(notices[0].message, new RegExp(`^Push 1 change to problem ${problems[0].id} .*The differences are open`));
    assert.deepEqual(notices[0].buttons, ['Push', 'Cancel']);
    assert.equal(outcome?.stopped, 'refused');
    assert.deepEqual(await changingRequests(), []);

    const tab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => (t.input as { textDiffs?: unknown[] })?.textDiffs);
    assert.ok(tab, 'a changes editor is open');
    const diffs = (tab.input as { textDiffs: Array<{ original: vscode.Uri; modified: vscode.Uri }> }).textDiffs;
    assert.equal(diffs.length, 1);
    assert.equal(diffs[0].original.scheme, 'sphere-engine-service');
    assert.equal((await vscode.workspace.openTextDocument(diffs[0].original)).getText(), '2\n', "left: the service's output");
    assert.equal(diffs[0].modified.fsPath, local, 'right: the local file');
    await vscode.window.tabGroups.close(tab);
  });
});
