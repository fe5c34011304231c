// Import Kattis Package as Problem Folder in the real VS Code, as the Explorer calls it (on the
// package's problem.yaml, the target picked in a folder dialog): the folder is written, what it
// cannot hold is shown with the reason before anything else, and the folder then pushes to the
// run's emulator as a new problem, after which a second push has nothing to send.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useScratch } from '../scratch';
import { activateExtension, answerModals, changingRequests, clearEmulatorRequests, importPushCheckKattis, recordNotices, replace, workspaceFolder } from './helpers';

interface ImportOutcome {
  folder: string;
  tests: number;
  solutions: number;
  notes: string[];
  notImported: string[];
}
interface PushOutcome {
  stopped?: string;
  result?: { applied: string[]; failed?: string; code?: string };
}

const pkg = (name = 'double') => path.resolve(workspaceFolder().uri.fsPath, '..', 'kattis', name);

describe('Kattis import (host)', function () {
  this.timeout(60_000);
  const scratch = useScratch();

  it('imports a package from the Explorer, names the harmless files it ignored (no warning), and the folder pushes', async () => {
    await activateExtension();
    const parent = scratch('host-kattis-');
    // The proposed name is taken by a folder of the person's: the import goes beside it, and it keeps what it holds.
    fs.mkdirSync(path.join(parent, 'double-sphere-engine'));
    fs.writeFileSync(path.join(parent, 'double-sphere-engine', 'statement.md'), 'my own statement\n');
    const opened: Array<vscode.OpenDialogOptions | undefined> = [];
    const restoreDialog = replace(vscode.window, 'showOpenDialog', ((options?: vscode.OpenDialogOptions) => {
      opened.push(options);
      return Promise.resolve([vscode.Uri.file(parent)]);
    }) as typeof vscode.window.showOpenDialog);
    const modals = answerModals([undefined]);
    const notices = recordNotices('showInformationMessage');
    let outcome: ImportOutcome | undefined;
    try {
      outcome = await vscode.commands.executeCommand<ImportOutcome>('sphereEngine.problems.importKattis', vscode.Uri.file(path.join(pkg(), 'problem.yaml')));
    } finally {
      notices.restore();
      modals.restore();
      restoreDialog();
    }
    // Issue 38: the dialog asking where to write starts in the workspace, not beside the package.
    assert.equal(opened.length, 1);
    assert.equal(opened[0]?.defaultUri?.fsPath, workspaceFolder().uri.fsPath);
    assert.equal(opened[0]?.canSelectFolders, true);
    const dir = path.join(parent, 'double-sphere-engine-2');
    assert.equal(outcome?.folder, dir);
    assert.equal(fs.readFileSync(path.join(parent, 'double-sphere-engine', 'statement.md'), 'utf8'), 'my own statement\n');
    assert.deepEqual(fs.readdirSync(path.join(parent, 'double-sphere-engine')), ['statement.md']);
    assert.deepEqual([outcome.tests, outcome.solutions], [2, 2]);
    assert.equal(modals.asked.length, 0, 'a submission folder problemtools does not judge is no warning');
    assert.match(notices.shown[0], /^Imported double into .*: 2 test cases, 2 reference solutions\. Ignored as harmless: submissions\/presentation_error\/spaces\.py\.$/);
    const settings = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as { name: string; tests: Array<{ judge: number | string; timeLimit: number }> };
    assert.equal(settings.name, 'Double');
    // case_sensitive alone: judge 1 compares the same. The nested group's space_change_sensitive has
    // no built-in judge that compares the same: Kattis's default validator runs as a judge there.
    assert.deepEqual(
      settings.tests.map((t) => [t.judge, t.timeLimit]),
      [
        [1, 2],
        ['kattis_default', 2],
      ],
    );
    assert.equal(fs.readFileSync(path.join(dir, 'tests/1.out'), 'utf8'), fs.readFileSync(path.join(pkg(), 'data/secret/big/1.ans'), 'utf8'));
    assert.deepEqual(fs.readdirSync(path.join(dir, 'solutions')).sort(), ['accepted', 'wrong_answer']);

    const push = answerModals(['Push']);
    try {
      await clearEmulatorRequests();
      const pushed = await vscode.commands.executeCommand<PushOutcome>('sphereEngine.problems.pushFolder', { folder: dir });
      assert.equal(pushed?.result?.failed, undefined);
      assert.match(push.asked[0].message, /Create problem “Double” on Sphere Engine/);
      // The package's short name is the problem's code (the log's "code: …" line says so).
      assert.match(pushed?.result?.code ?? '', /^the problem has the code DOUBLE \(the package's short name\)$/);
    } finally {
      push.restore();
    }
    const sent = await changingRequests();
    assert.equal(sent.filter((r) => r === 'POST /problems/api/v4/problems').length, 1);
    assert.equal(sent.filter((r) => /^POST \/problems\/api\/v4\/problems\/\d+\/testcases$/.test(r)).length, 2);
    const again = await vscode.commands.executeCommand<PushOutcome>('sphereEngine.problems.pushFolder', { folder: dir });
    assert.equal(again?.stopped, 'nothing');
  });

  it('refuses to write the problem folder inside the package, saying so, and writes nothing', async () => {
    await activateExtension();
    const from = path.join(scratch('host-kattis-inside-'), 'double');
    fs.cpSync(pkg(), from, { recursive: true });
    const before = fs.readdirSync(from, { recursive: true }).sort();
    const restoreDialog = replace(vscode.window, 'showOpenDialog', (() => Promise.resolve([vscode.Uri.file(path.join(from, 'data'))])) as typeof vscode.window.showOpenDialog);
    const errors = recordNotices('showErrorMessage');
    let outcome: unknown;
    try {
      outcome = await vscode.commands.executeCommand('sphereEngine.problems.importKattis', { package: from });
    } finally {
      errors.restore();
      restoreDialog();
    }
    assert.equal(outcome, undefined);
    assert.equal(errors.shown.length, 1, errors.shown.join('\n'));
    assert.match(
      errors.shown[0],
      /^The Kattis package was not imported: .*\/double\/data is inside the package .*\/double, which the import leaves untouched\. Pick a folder outside the package\.$/,
    );
    assert.deepEqual(fs.readdirSync(from, { recursive: true }).sort(), before);
  });

  it('a LaTeX-only statement comes over as Markdown with its quotes, math and figure, and the problem page shows the math as written', async () => {
    // Issue 38 (the author's view): nothing of a LaTeX statement dropped silently; what is not
    // converted is named. The page feeds $..$ to the preview's math renderer unescaped.
    await activateExtension();
    const from = path.join(scratch('host-kattis-latex-pkg-'), 'cave');
    fs.cpSync(pkg(), from, { recursive: true });
    fs.rmSync(path.join(from, 'statement'), { recursive: true });
    fs.mkdirSync(path.join(from, 'problem_statement'));
    fs.writeFileSync(
      path.join(from, 'problem_statement/problem.en.tex'),
      "\\problemname{Cave}\n\\illustration{.3}{cave.png}{A cave}\nShout ``echo'' --- then wait \\(a_i \\le 10^{9}\\) seconds.\n\\[ \\sum_{i=1}^{n} a_i \\]\n\\wrapme{x}\n",
    );
    fs.writeFileSync(path.join(from, 'problem_statement/cave.png'), 'not really a png\n');
    const dir = path.join(scratch('host-kattis-latex-'), 'cave');
    const notices = recordNotices('showInformationMessage');
    let outcome: ImportOutcome | undefined;
    try {
      outcome = await vscode.commands.executeCommand<ImportOutcome>('sphereEngine.problems.importKattis', { package: from, folder: dir });
    } finally {
      notices.restore();
    }
    assert.equal(notices.shown.length, 1, 'nothing left out: a notice, no warning');
    const statement = fs.readFileSync(path.join(dir, 'statement.md'), 'utf8');
    assert.equal(
      statement,
      '# Cave\n![A cave](<statement-images/cave.png>)\n*A cave*\n\nShout “echo” — then wait $a_i \\le 10^{9}$ seconds.\n\n$$\n\\sum_{i=1}^{n} a_i\n$$\n\n\\wrapme{x}\n',
    );
    assert.ok(fs.existsSync(path.join(dir, 'statement-images/cave.png')));
    assert.ok(
      outcome?.notes.some((n) => n.includes("The LaTeX statement's \\wrapme (1) have no Markdown equivalent")),
      outcome?.notes.join('\n'),
    );

    const push = answerModals(['Push']);
    try {
      const pushed = await vscode.commands.executeCommand<PushOutcome>('sphereEngine.problems.pushFolder', { folder: dir });
      assert.equal(pushed?.result?.failed, undefined);
    } finally {
      push.restore();
    }
    const problemId = (JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as { link: { problemId: number } }).link.problemId;
    try {
      const uri = await vscode.commands.executeCommand<string>('sphereEngine.problems.open', problemId);
      const page = (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri))).getText();
      assert.ok(page.includes('wait $a_i \\le 10^{9}$ seconds.'), page);
      assert.ok(page.includes('\n\n$$\n\\sum_{i=1}^{n} a_i\n$$\n\n'), page);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('skips links in a package with a note, and copies nothing they point to', async () => {
    // A package is hostile input: its test file and its solution are links to a file of this
    // machine. The import says it skipped them, and the folder holds nothing of the file.
    const secret = path.join(scratch('host-kattis-secret-'), 'secret.txt');
    fs.writeFileSync(secret, 'host secret 4242\n');
    const from = path.join(scratch('host-kattis-links-'), 'double');
    fs.cpSync(pkg(), from, { recursive: true });
    fs.symlinkSync(secret, path.join(from, 'data/secret/leak.in'));
    fs.writeFileSync(path.join(from, 'data/secret/leak.ans'), 'x\n');
    fs.symlinkSync(secret, path.join(from, 'submissions/accepted/leak.py'));
    const dir = path.join(scratch('host-kattis-links-out-'), 'double');
    const modals = answerModals([undefined]);
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.importKattis', { package: from, folder: dir });
    } finally {
      modals.restore();
    }
    assert.equal(modals.asked.length, 1);
    const detail = modals.asked[0].detail ?? '';
    assert.match(
      detail,
      /• data\/secret\/leak\.in: a symbolic link: links are not followed unless relative and inside the package \(one could point anywhere on this machine\), so it is skipped\./,
    );
    assert.match(detail, /• submissions\/accepted\/leak\.py: a symbolic link: links are not followed/);
    const written = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    for (const e of written) assert.doesNotMatch(fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'), /host secret 4242/, `${e.name} holds the linked file`);
  });

  it("into a folder holding tests -> a folder outside and statement.md -> a file of the user's: refused naming the link, nothing written through either", async () => {
    // Issue 36 item 3: a pull request can add both links to the target folder.
    const outside = scratch('host-kattis-outside-');
    const users = path.join(scratch('host-kattis-users-'), 'notes.md');
    fs.writeFileSync(users, 'my notes\n');
    const dir = path.join(scratch('host-kattis-linked-'), 'double');
    fs.mkdirSync(dir);
    fs.symlinkSync(outside, path.join(dir, 'tests'));
    fs.symlinkSync(users, path.join(dir, 'statement.md'));
    const errors = recordNotices('showErrorMessage');
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.importKattis', { package: pkg(), folder: dir });
    } finally {
      errors.restore();
    }
    assert.equal(errors.shown.length, 1, errors.shown.join('\n'));
    assert.match(
      errors.shown[0],
      /^Could not import the Kattis package: .*\/double\/tests is a link: nothing was written there, since a write never follows a link out of the folder\. Remove or rename .*\/double\/tests, then try again\.$/,
    );
    assert.deepEqual(fs.readdirSync(outside), []);
    assert.equal(fs.readFileSync(users, 'utf8'), 'my notes\n');
  });

  it('says that a custom output validator became custom judges, and pushes them with the problem', async () => {
    const dir = path.join(scratch('host-kattis-near-'), 'near');
    const { shown, restore } = recordNotices('showInformationMessage');
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.importKattis', { package: pkg('near'), folder: dir });
    } finally {
      restore();
    }
    assert.equal(shown.length, 1, 'nothing was left out: no modal, a notice');
    assert.match(
      shown[0],
      /: 2 test cases, 2 reference solutions\. Its output validator output_validators\/near \(Python 3\) runs as the custom judge kattis_validator, kattis_validator_2\.$/,
    );
    const push = answerModals(['Push']);
    try {
      await clearEmulatorRequests();
      const pushed = await vscode.commands.executeCommand<PushOutcome>('sphereEngine.problems.pushFolder', { folder: dir });
      assert.equal(pushed?.result?.failed, undefined);
    } finally {
      push.restore();
    }
    assert.equal((await changingRequests()).filter((r) => r === 'POST /problems/api/v4/judges').length, 2);
  });

  it('Check Problem Folder derives the time limit from the accepted solutions first, as the CLI check does, and says so', async () => {
    // A package that states no time limit (near without its .timelimit): Kattis multiplies the
    // slowest accepted time by time_multiplier (5); the check in VS Code must do the same before
    // judging the wrong answer, not judge it against the import's 10 s placeholder.
    const api = await activateExtension<{ problems: { runs(): Array<{ name: string; ended: boolean; results: Array<{ label: string; outcome: string }> }> } }>();
    const from = path.join(scratch('host-kattis-measure-pkg-'), 'near');
    fs.cpSync(pkg('near'), from, { recursive: true });
    fs.rmSync(path.join(from, '.timelimit'));
    const dir = path.join(scratch('host-kattis-measure-'), 'near');
    const imported = recordNotices('showInformationMessage');
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.importKattis', { package: from, folder: dir });
    } finally {
      imported.restore();
    }
    const limits = () => (JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as { tests: Array<{ timeLimit: number }> }).tests.map((t) => t.timeLimit);
    assert.deepEqual(limits(), [10, 10], 'measured later: the import gives every test 10 s');
    const push = answerModals(['Push']);
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.pushFolder', { folder: dir });
    } finally {
      push.restore();
    }
    const check = answerModals(['Submit 2']);
    const notices = recordNotices('showInformationMessage');
    let checks: Array<{ file: string; ok: boolean }> | undefined;
    try {
      await clearEmulatorRequests();
      checks = await vscode.commands.executeCommand<Array<{ file: string; ok: boolean }>>('sphereEngine.problems.checkFolder', { folder: dir });
    } finally {
      notices.restore();
      check.restore();
    }
    assert.deepEqual(
      check.asked.map((a) => a.buttons),
      [['Submit 2']],
      'one question for both solutions, as before',
    );
    assert.match(
      notices.shown[0],
      /^Kattis package: Time limit 1 s on every test: the slowest accepted solution, solutions\/accepted\/plus_one\.py, took [\d.]+ s on a test; × 5 \(time_multiplier\), rounded as Kattis does\. Solutions expected to time out should still do so at 2 s \(× 2, time_safety_margin\)\. Written to problem\.json and kattis\.json\. Pushed the new time limit \(2 test cases changed\)\.$/,
    );
    assert.equal(notices.shown[1], 'All 2 solutions got their expected verdict.');
    assert.deepEqual(limits(), [1, 1]);
    assert.equal((JSON.parse(fs.readFileSync(path.join(dir, 'kattis.json'), 'utf8')) as { derived?: { solution: string } }).derived?.solution, 'solutions/accepted/plus_one.py');
    const sent = await changingRequests();
    assert.equal(sent.filter((r) => /^PUT \/problems\/api\/v4\/problems\/\d+\/testcases\/\d+$/.test(r)).length, 2, 'the derived limit is pushed');
    assert.equal(sent.filter((r) => r === 'POST /problems/api/v4/submissions').length, 2, 'the accepted solution is judged once: its measuring run stands');
    assert.deepEqual(
      checks?.map((c) => [c.file, c.ok]),
      [
        ['solutions/accepted/plus_one.py', true],
        ['solutions/wrong_answer/plus_three.py', true],
      ],
    );
    assert.deepEqual(
      api.problems
        .runs()
        .at(-1)
        ?.results.map((r) => [r.label, r.outcome]),
      [
        ['plus_one.py', 'passed'],
        ['plus_three.py', 'passed'],
      ],
    );

    // Measured once: a second check judges with the derived limit and measures nothing.
    const again = answerModals(['Submit 2']);
    const quiet = recordNotices('showInformationMessage');
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.checkFolder', { folder: dir });
    } finally {
      quiet.restore();
      again.restore();
    }
    assert.deepEqual(quiet.shown, ['All 2 solutions got their expected verdict.']);
  });

  it('Check Problem Folder: a failing accepted solution fails with what it got, the rest are judged, a language the endpoint lacks is skipped by name', async function () {
    // Eight submissions compiled and run on a busy machine.
    this.timeout(240_000);
    // Issue 38 / issue 40 item 15: one accepted solution that is wrong must not stop the check (no
    // spinning rows), its failure says verdict, time, memory and limit, and the Prolog solution is
    // skipped with the reason beside its name in the Testing view and in the summary.
    const api = await activateExtension<{
      problems: {
        runs(): Array<{ name: string; ended: boolean; results: Array<{ label: string; outcome: string; message?: string }> }>;
        testItems(): Array<{ id: string; children: Array<{ label: string; description?: string }> }>;
      };
    }>();
    const from = path.join(scratch('host-kattis-addtwo-pkg-'), 'addtwo');
    fs.cpSync(pkg('addtwo'), from, { recursive: true });
    fs.writeFileSync(path.join(from, 'submissions/accepted/off_by_one.py'), 'a, b = map(int, input().split())\nprint(a + b + 1)\n');
    const dir = path.join(scratch('host-kattis-addtwo-'), 'addtwo');
    const { errors } = await importPushCheckKattis(from, dir, 'Submit 8');
    const run = api.problems.runs().at(-1)!;
    assert.equal(run.ended, true);
    const result = (label: string) => run.results.find((r) => r.label === label);
    assert.equal(result('off_by_one.py')?.outcome, 'failed');
    assert.match(result('off_by_one.py')?.message ?? '', /expected accepted, got wrong answer \(14\) \(time [\d.]+ s, memory \d+ KB, time limit 10 s\)/);
    assert.equal(result('subtract.py')?.outcome, 'passed', 'judged although an accepted solution failed');
    assert.equal(result('add.py')?.outcome, 'passed');
    assert.equal(result('add.pl')?.outcome, 'skipped');
    assert.ok(
      run.results.every((r) => r.outcome !== 'enqueued' && r.outcome !== 'started'),
      JSON.stringify(run.results),
    );
    const root = api.problems.testItems().find((i) => i.id.startsWith('check:') && i.id.endsWith('addtwo'));
    assert.match(
      root?.children.find((c) => c.label === 'add.pl')?.description ?? '',
      /^expected: accepted · skipped: the endpoint offers no compiler for Prolog \(problemtools' language of add\.pl\)\.$/,
    );
    assert.match(
      errors[0],
      /^1 of \d+ solutions did not get their expected verdict: solutions\/accepted\/off_by_one\.py: expected accepted, got wrong answer \(14\) \(time [\d.]+ s, memory \d+ KB, time limit 10 s\) Skipped \d: .*add\.pl \(the endpoint offers no compiler for Prolog/,
    );
  });

  it('Push names each step in its notification from the first moment, and offers Check and Open Problem after it', async () => {
    // Issue 38 (the author's view) and issue 40 item 16: no blank notification while the folder is
    // read and the service asked; after the push, the next steps as buttons.
    await activateExtension();
    const dir = path.join(scratch('host-kattis-push-'), 'near');
    const imported = recordNotices('showInformationMessage');
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.importKattis', { package: pkg('near'), folder: dir });
    } finally {
      imported.restore();
    }
    const steps: string[] = [];
    const real = vscode.window.withProgress;
    const restoreProgress = replace(vscode.window, 'withProgress', ((options: vscode.ProgressOptions, task: Parameters<typeof vscode.window.withProgress>[1]) =>
      real(options, (progress, token) => {
        steps.push(`title: ${options.title}`);
        return task({ report: (v) => (steps.push(v.message ?? ''), progress.report(v)) }, token);
      })) as typeof vscode.window.withProgress);
    const offered: Array<{ message: string; buttons: string[] }> = [];
    const restoreNotice = replace(vscode.window, 'showInformationMessage', ((message: string, ...buttons: string[]) => {
      offered.push({ message, buttons });
      return Promise.resolve(undefined);
    }) as unknown as typeof vscode.window.showInformationMessage);
    const push = answerModals(['Push']);
    try {
      await vscode.commands.executeCommand('sphereEngine.problems.pushFolder', { folder: dir });
    } finally {
      push.restore();
      restoreNotice();
      restoreProgress();
    }
    assert.deepEqual(steps.slice(0, 4), [
      'title: Comparing near with the service',
      'reading the folder…',
      'connecting to the service…',
      'planning a new problem with 2 test cases…',
    ]);
    assert.match(offered.at(-1)?.message ?? '', /^Pushed \d+ changes to problem \d+\.$/);
    assert.deepEqual(offered.at(-1)?.buttons, ['Check', 'Open Problem']);
  });
});
