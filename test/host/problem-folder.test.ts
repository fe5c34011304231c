// Problems as folders in the real VS Code, against the run's emulator: Download Problem as Folder,
// Check Problem Folder (results in the Testing view), edit a test, Push Problem Folder with its preview refused and then accepted, a deletion kept and
// then confirmed, a broken folder refused before any request, and a push with a token that lacks
// write access stopped at the first refused change, saying so and changing nothing. The modal preview is answered by
// standing in for the person at vscode.window.showWarningMessage (see helpers/stand-in.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useScratch } from '../scratch';
import {
  activateExtension,
  answerModals,
  changingRequests,
  clearEmulatorRequests,
  emulatorInfo,
  emulatorRequests,
  recordNotices,
  replace,
  workspaceFolder,
  type AskedModal,
} from './helpers';

interface PushOutcome {
  plan: string[];
  stopped?: string;
  result?: { applied: string[]; skipped: string[]; failed?: string; notApplied: string[] };
}

const fixture = (name: string) => vscode.Uri.file(path.join(path.resolve(workspaceFolder().uri.fsPath, '..', 'problems'), name));

describe('problems as folders (host)', function () {
  this.timeout(60_000);
  const scratch = useScratch();
  let problemId: number;
  let dir: string;

  /** Runs Push Problem Folder answering each modal question with the next of `answers`. */
  async function push(answers: Array<string | undefined>): Promise<{ outcome: PushOutcome | undefined; asked: AskedModal[] }> {
    const { asked, restore } = answerModals(answers);
    try {
      await clearEmulatorRequests();
      const outcome = await vscode.commands.executeCommand<PushOutcome>('sphereEngine.problems.pushFolder', { folder: dir });
      return { outcome, asked };
    } finally {
      restore();
    }
  }

  before(async () => {
    await activateExtension();
    const created = await vscode.commands.executeCommand<{ id: number }>('sphereEngine.problems.createProblem', {
      name: 'Folder round trip',
      typeId: 0,
      masterjudgeId: 1000,
      body: 'Double the number.',
    });
    problemId = created.id;
    for (const n of [1, 2]) {
      await vscode.commands.executeCommand('sphereEngine.problems.addTestCase', {
        problemId,
        input: fixture(`double/${n}.in`),
        output: fixture(`double/${n}.out`),
        timeLimit: 1,
        judgeId: 1,
      });
    }
    dir = path.join(scratch('host-folder-'), 'DOUBLE');
  });

  it('downloads a problem as a folder; pushing it unedited sends nothing', async () => {
    const pulled = await vscode.commands.executeCommand<{ folder: string; tests: number }>('sphereEngine.problems.downloadFolder', { problemId, folder: dir });
    assert.deepEqual(pulled, { folder: dir, tests: 2 });
    assert.equal(fs.readFileSync(path.join(dir, 'tests/1.in'), 'utf8'), fs.readFileSync(fixture('double/2.in').fsPath, 'utf8'));
    assert.equal(fs.readFileSync(path.join(dir, 'statement.md'), 'utf8'), 'Double the number.');
    const { outcome, asked } = await push([]);
    assert.equal(outcome?.stopped, 'nothing');
    assert.deepEqual(asked, []);
    assert.deepEqual(await changingRequests(), []);
  });

  it('checks the reference solutions: each one a Testing view result, a wrong one that passes shown as a failure', async () => {
    const api = await activateExtension<{ problems: { runs(): Array<{ name: string; ended: boolean; results: Array<{ label: string; outcome: string; message?: string }> }> } }>();
    // Pulled again (same bytes) so that this test also runs on its own.
    await vscode.commands.executeCommand('sphereEngine.problems.downloadFolder', { problemId, folder: dir });
    const solution = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    const double = fs.readFileSync(fixture('double/double.py').fsPath, 'utf8');
    solution('solutions/accepted/double.py', double);
    solution('solutions/wrong_answer/triple.py', double.replace('2 * int(x)', '3 * int(x)'));
    solution('solutions/wrong_answer/also-double.py', double);
    // Each solution is a submission (billed on the service): asked first, as Judge Solutions in Folder asks.
    const refusedCheck = answerModals([undefined]);
    try {
      await clearEmulatorRequests();
      assert.equal(await vscode.commands.executeCommand('sphereEngine.problems.checkFolder', { folder: dir }), undefined);
    } finally {
      refusedCheck.restore();
    }
    assert.equal(refusedCheck.asked.length, 1);
    assert.equal(refusedCheck.asked[0].message, `Check Folder round trip: send its 3 reference solutions to problem ${problemId}?`);
    assert.match(refusedCheck.asked[0].detail ?? '', /This is a local emulator: nothing is billed\./);
    assert.deepEqual(refusedCheck.asked[0].buttons, ['Submit 3']);
    assert.deepEqual(
      (await emulatorRequests()).filter((r) => r.method === 'POST'),
      [],
      'refused: nothing was sent',
    );
    const acceptedCheck = answerModals(['Submit 3']);
    let checks: Array<{ file: string; ok: boolean }> | undefined;
    try {
      checks = await vscode.commands.executeCommand<Array<{ file: string; ok: boolean }>>('sphereEngine.problems.checkFolder', { folder: dir });
    } finally {
      acceptedCheck.restore();
    }
    assert.deepEqual(
      checks?.map((c) => [c.file, c.ok]),
      [
        ['solutions/accepted/double.py', true],
        ['solutions/wrong_answer/also-double.py', false],
        ['solutions/wrong_answer/triple.py', true],
      ],
    );
    const run = api.problems.runs().at(-1)!;
    assert.equal(run.name, 'Check Folder round trip');
    assert.equal(run.ended, true);
    assert.deepEqual(
      run.results.map((r) => [r.label, r.outcome]),
      [
        ['double.py', 'passed'],
        ['also-double.py', 'failed'],
        ['triple.py', 'passed'],
      ],
    );
    // What it got, with the run that shows it (issue 40 item 15): verdict, time, memory and the limit it ran under.
    assert.match(
      run.results[1].message ?? '',
      /expected wrong answer, got accepted \(15\) \(time [0-9.]+ s, memory [0-9]+ KB, time limit [0-9.]+ s\) — the tests do not catch this solution/,
    );
    fs.rmSync(path.join(dir, 'solutions'), { recursive: true });
  });

  it('shows the change before sending it: refused sends nothing, accepted sends exactly that change', async () => {
    await vscode.commands.executeCommand('sphereEngine.problems.downloadFolder', { problemId, folder: dir }); // the service's copy, also when this test runs alone
    fs.writeFileSync(path.join(dir, 'tests/0.out'), '1000000\n');
    const refused = await push([undefined]);
    assert.equal(refused.outcome?.stopped, 'refused');
    assert.equal(refused.asked.length, 1);
    assert.match(refused.asked[0].message, new RegExp(`Push 1 change to problem ${problemId}`));
    assert.equal(refused.asked[0].detail, 'Update test 0: expected output');
    assert.deepEqual(refused.asked[0].buttons, ['Push', 'Show Differences']);
    assert.deepEqual(await changingRequests(), []);

    const accepted = await push(['Push']);
    assert.deepEqual(accepted.outcome?.result?.applied, ['Update test 0: expected output']);
    assert.deepEqual(await changingRequests(), [`PUT /problems/api/v4/problems/${problemId}/testcases/0`]);
  });

  it('asks again before deleting a test case: kept, then deleted', async () => {
    await vscode.commands.executeCommand('sphereEngine.problems.downloadFolder', { problemId, folder: dir }); // the service's copy, also when this test runs alone
    fs.rmSync(path.join(dir, 'tests/1.in'));
    fs.rmSync(path.join(dir, 'tests/1.out'));
    const settingsFile = path.join(dir, 'problem.json');
    const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
    settings.tests = settings.tests.filter((t: { number: number }) => t.number !== 1);
    fs.writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
    const kept = await push(['Push', 'Keep Them']);
    assert.match(kept.asked[1].message, /Delete test cases 1 of problem/);
    assert.deepEqual(kept.outcome?.result?.skipped, ['Delete test 1']);
    assert.deepEqual(await changingRequests(), []);
    const deleted = await push(['Push', 'Delete Them']);
    assert.deepEqual(deleted.outcome?.result?.applied, ['Delete test 1']);
    assert.deepEqual(await changingRequests(), [`DELETE /problems/api/v4/problems/${problemId}/testcases/1`]);
  });

  it('refuses a folder with a missing .out before any request', async () => {
    await vscode.commands.executeCommand('sphereEngine.problems.downloadFolder', { problemId, folder: dir }); // the service's copy, also when this test runs alone
    fs.writeFileSync(path.join(dir, 'tests/5.in'), '5\n');
    const { shown: errors, restore } = recordNotices('showErrorMessage');
    try {
      const { outcome, asked } = await push([]);
      assert.equal(outcome?.stopped, 'invalid');
      assert.deepEqual(asked, []);
      assert.match(errors.join('\n'), /Nothing was pushed: Test 5: tests\/5\.out is missing/);
      assert.deepEqual(
        (await emulatorRequests()).filter((r) => r.url.startsWith(`/problems/api/v4/problems/${problemId}`)),
        [],
      );
    } finally {
      restore();
      fs.rmSync(path.join(dir, 'tests/5.in'));
    }
  });

  it('with a token that lacks write access: stops at the first refused change, says so, and the service is unchanged', async () => {
    const { origin, token, readOnlyToken } = emulatorInfo();
    assert.ok(readOnlyToken, 'the run announces a read-only token');
    const read = async (p: string) => (await fetch(`${origin}/problems/api/v4${p}`, { headers: { authorization: `Bearer ${token}` } })).text();
    const before = [await read(`/problems/${problemId}`), await read(`/problems/${problemId}/testcases`)];
    // Pulled again so that this test also runs on its own.
    await vscode.commands.executeCommand('sphereEngine.problems.downloadFolder', { problemId, folder: dir });
    fs.writeFileSync(path.join(dir, 'statement.md'), 'Double the number, twice.');
    fs.writeFileSync(path.join(dir, 'tests/0.out'), '-1\n');
    const { shown: errors, restore } = recordNotices('showErrorMessage');
    await vscode.commands.executeCommand('sphereEngine.setAccessToken', 'problems', readOnlyToken);
    try {
      const { outcome } = await push(['Push']);
      assert.deepEqual(outcome?.result?.applied, []);
      assert.deepEqual(outcome?.result?.notApplied, ['Update test 0: expected output']);
      assert.equal(errors.length, 1, errors.join('\n'));
      assert.match(
        errors[0],
        new RegExp(
          `^The token of profile “[^”]+” may read problem ${problemId} but not change it: the service refused “Update problem: statement” \\(HTTP 403, access denied\\)\\. ` +
            'Nothing was changed on the service \\(not sent: Update test 0: expected output\\)\\. Set a Problems API token with write access',
        ),
      );
      assert.ok(!errors[0].includes(readOnlyToken) && !errors[0].includes(token));
      assert.deepEqual(await changingRequests(), [`PUT /problems/api/v4/problems/${problemId}`], 'the first refusal stops the push');
      assert.deepEqual([await read(`/problems/${problemId}`), await read(`/problems/${problemId}/testcases`)], before);
    } finally {
      restore();
      await vscode.commands.executeCommand('sphereEngine.setAccessToken', 'problems', token);
    }
  });

  it('Push and Check from the palette take the problem folder of the active editor, and say so; no folder dialog', async () => {
    await vscode.commands.executeCommand('sphereEngine.problems.downloadFolder', { problemId, folder: dir });
    fs.writeFileSync(path.join(dir, 'tests/0.out'), '12345\n');
    fs.mkdirSync(path.join(dir, 'solutions/accepted'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'solutions/accepted/double.py'), fs.readFileSync(fixture('double/double.py').fsPath, 'utf8'));
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(dir, 'tests/0.out')));
    const dialogs: unknown[] = [];
    const restoreDialog = replace(vscode.window, 'showOpenDialog', (async (options?: vscode.OpenDialogOptions) => {
      dialogs.push(options?.title);
      return undefined;
    }) as typeof vscode.window.showOpenDialog);
    const { asked, restore } = answerModals([undefined, undefined]);
    let pushed: PushOutcome | undefined;
    try {
      pushed = await vscode.commands.executeCommand<PushOutcome>('sphereEngine.problems.pushFolder');
      await vscode.commands.executeCommand('sphereEngine.problems.checkFolder');
    } finally {
      restore();
      restoreDialog();
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      fs.rmSync(path.join(dir, 'solutions'), { recursive: true });
    }
    assert.deepEqual(dialogs, [], 'asked for a folder although the active editor is in one');
    assert.equal(pushed?.stopped, 'refused');
    assert.equal(asked[0].detail, `Folder: ${dir} (the problem folder of the active editor's file)\nUpdate test 0: expected output`);
    assert.match(asked[1].detail ?? '', new RegExp(`Folder: ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(the problem folder of the active editor's file\\)`));
  });

  it('a test dropped in as files takes the judge most tests use; the preview names it and problem.json records it', async () => {
    // An exact-judge problem (judge 10, as ECHO): a new test judged by "ignore whitespace" (1) would pass wrong output.
    const created = await vscode.commands.executeCommand<{ id: number }>('sphereEngine.problems.createProblem', {
      name: 'Exact echo',
      typeId: 0,
      masterjudgeId: 1000,
      body: 'Echo.',
    });
    for (const n of [1, 2]) {
      await vscode.commands.executeCommand('sphereEngine.problems.addTestCase', {
        problemId: created.id,
        input: fixture(`double/${n}.in`),
        output: fixture(`double/${n}.in`),
        timeLimit: 1,
        judgeId: 10,
      });
    }
    const exact = path.join(scratch('host-folder-exact-'), 'EXACT');
    await vscode.commands.executeCommand('sphereEngine.problems.downloadFolder', { problemId: created.id, folder: exact });
    fs.writeFileSync(path.join(exact, 'tests/2.in'), 'x y\n');
    fs.writeFileSync(path.join(exact, 'tests/2.out'), 'x y\n');
    const { asked, restore } = answerModals(['Push']);
    let outcome: PushOutcome | undefined;
    try {
      outcome = await vscode.commands.executeCommand<PushOutcome>('sphereEngine.problems.pushFolder', { folder: exact });
    } finally {
      restore();
    }
    assert.equal(asked[0]?.detail, 'Add test 2 with judge 10, time limit 1 s');
    assert.deepEqual(outcome?.result?.applied, ['Add test 2 with judge 10, time limit 1 s']);
    const { origin, token } = emulatorInfo();
    const pushed = (await (await fetch(`${origin}/problems/api/v4/problems/${created.id}/testcases/2`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      judge?: { id: number };
    };
    assert.equal(pushed.judge?.id, 10);
    const settings = JSON.parse(fs.readFileSync(path.join(exact, 'problem.json'), 'utf8')) as { tests: Array<{ number: number; judge: unknown }> };
    assert.deepEqual(
      settings.tests.map((t) => [t.number, t.judge]),
      [
        [0, 10],
        [1, 10],
        [2, 10],
      ],
    );
  });
});
