// "Stress Test Against Reference…" in a real VS Code against the run's emulator (polling guard
// on, Python programs): a person picks the generator and the reference in the quick picks; an
// off-by-one that shows from 7 numbers on is found at size 7 exactly, shown in the diff editor,
// saved with "Save as Test", and "Run With All Inputs" then shows the failure; a crashing
// solution is reported as a crash; a checker the person picks accepts another right answer and
// rejects a wrong one, shown with the solution's own output.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BatchReport } from '../../src/features/compilers/context';
import type { StressReport } from '../../src/features/stress/command';
import { activateExtension, emulatorInfo, problemsViewBackOnRunEmulator, replace, waitFor } from './helpers';

const STRESS = 'sphereEngine.stress.stressTest';
const RUN_ALL = 'sphereEngine.compilers.runWithAllInputs';
const NO_CHECKER = 'No checker: compare the outputs';
const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'stress');

describe('stress test against a reference', function () {
  let work: string;
  let offered: string[][];
  let warnings: string[];
  let restore: Array<() => void>;
  /** The button the person presses on the result's warning. */
  let press: string;
  /** The quick picks' answers, in order. */
  let answers: string[];

  before(async () => {
    await activateExtension();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'stress-host-'));
    fs.cpSync(FIXTURES, work, { recursive: true });
  });

  beforeEach(() => {
    offered = [];
    warnings = [];
    // The person picks gen.py, then brute.py, no checker, and presses "Save as Test" on the result.
    answers = ['gen.py', 'brute.py', NO_CHECKER];
    press = 'Save as Test';
    restore = [
      replace(vscode.window, 'showQuickPick', (async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => {
        const list = await items;
        offered.push(list.map((i) => i.label));
        const answer = answers.shift();
        return list.find((i) => i.label === answer);
      }) as unknown as typeof vscode.window.showQuickPick),
      replace(vscode.window, 'showWarningMessage', (async (message: string, ...items: unknown[]) => {
        warnings.push(message);
        return items.includes(press) ? press : undefined;
      }) as unknown as typeof vscode.window.showWarningMessage),
    ];
  });

  afterEach(async () => {
    restore.forEach((r) => r());
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  // Few rounds keep it cheap: sizes 1..maxRounds in one batch, then the shrink batch.
  async function stress(solution: string, maxRounds: number): Promise<StressReport> {
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(work, solution)));
    const report = await vscode.commands.executeCommand<StressReport | undefined>(STRESS, { maxRounds });
    assert.ok(report, `the command returned nothing; offered ${JSON.stringify(offered)}, warnings ${JSON.stringify(warnings)}`);
    return report;
  }

  it('finds the smallest input where an off-by-one shows, shows the diff, saves it as a test that Run With All Inputs fails', async function () {
    this.timeout(60_000);
    const report = await stress('sum.py', 8);
    assert.equal(report.outcome, 'wrong-answer', JSON.stringify(report));
    assert.equal(report.size, 7, 'the bug shows from 7 numbers on');
    assert.equal(offered[0][0], 'gen.py', `generator offered first: ${offered[0].join(', ')}`);
    assert.ok(!offered[0].includes('sum.py'), 'the solution itself is not offered');
    assert.equal(offered[1][0], 'brute.py', `reference offered first: ${offered[1].join(', ')}`);
    assert.equal(offered[2][0], NO_CHECKER, `a checker is optional: ${offered[2].join(', ')}`);
    assert.match(warnings.join('\n'), /the outputs differ at line 1 on seed \d+, size 7/);
    // The status bar showed the session's pace while it ran.
    assert.match(report.statusBar?.text ?? '', /^\$\(beaker~spin\) \d+ rounds · \d+\.\d\/s · size \d+$/, JSON.stringify(report.statusBar));
    assert.match(report.statusBar?.tooltip ?? '', /^Stress testing sum\.py/);

    const diff = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .map((t) => t.input)
      .find((i) => i instanceof vscode.TabInputTextDiff) as vscode.TabInputTextDiff | undefined;
    assert.ok(diff, 'no diff editor is open');
    const [expected, actual] = await Promise.all([diff.original, diff.modified].map(async (u) => (await vscode.workspace.openTextDocument(u)).getText()));
    const input = fs.readFileSync(report.saved!.input, 'utf8').trim().split('\n');
    const numbers = input[1].split(' ').map(Number);
    assert.equal(input[0], '7');
    assert.equal(expected.trim(), String(numbers.reduce((a, b) => a + b, 0)));
    assert.equal(actual.trim(), String(numbers.slice(0, 6).reduce((a, b) => a + b, 0)));
    assert.equal(fs.readFileSync(report.saved!.output, 'utf8'), expected);
    // The input stays open next to the diff, in a tab of its own.
    const inputTab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => /^stress input \(seed \d+, size 7\)\.txt$/.test(t.label));
    assert.ok(
      inputTab?.input instanceof vscode.TabInputText,
      `tabs: ${vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .map((t) => t.label)
        .join(', ')}`,
    );
    assert.equal((await vscode.workspace.openTextDocument(inputTab.input.uri)).getText(), fs.readFileSync(report.saved!.input, 'utf8'));
    assert.equal(path.dirname(report.saved!.input), work);

    const batch = await vscode.commands.executeCommand<BatchReport>(RUN_ALL, vscode.Uri.file(path.join(work, 'sum.py')));
    assert.deepEqual(
      batch.items.map((i) => [i.input, i.matches]),
      [[path.basename(report.saved!.input), false]],
    );
  });

  it('Save as Test from the diff editor title bar, once the notification is gone (issue 40 item 19)', async function () {
    this.timeout(60_000);
    press = ''; // the person lets the notification go
    const report = await stress('sum.py', 8);
    assert.equal(report.outcome, 'wrong-answer', JSON.stringify(report));
    assert.equal(report.saved, undefined, 'nothing saved from the notification');
    const diff = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .map((t) => t.input)
      .find((i) => i instanceof vscode.TabInputTextDiff) as vscode.TabInputTextDiff | undefined;
    assert.ok(diff, 'no diff editor is open');
    // The button is in the diff's title bar, only there: its when clause names the stress diff.
    const manifest = JSON.parse(fs.readFileSync(path.resolve(FIXTURES, '..', '..', '..', 'package.json'), 'utf8'));
    const entry = manifest.contributes.menus['editor/title'].find((m: { command: string }) => m.command === 'sphereEngine.stress.saveAsTest');
    assert.match(entry?.when ?? '', /isInDiffEditor && sphereEngine\.stress\.failureShown/);
    // The title bar passes the diff's right side, as pressing the button does.
    const saved = await vscode.commands.executeCommand<{ input: string; output: string }>('sphereEngine.stress.saveAsTest', diff.modified);
    assert.ok(saved, `nothing saved; warnings ${JSON.stringify(warnings)}`);
    assert.match(path.basename(saved.input), new RegExp(`^sum-stress-${report.seed}-7(-\\d+)?\\.in$`));
    assert.equal(fs.readFileSync(saved.input, 'utf8').trim().split('\n')[0], '7');
    const expected = (await vscode.workspace.openTextDocument(diff.original)).getText();
    assert.equal(fs.readFileSync(saved.output, 'utf8'), expected);
    // Pressed again: the same files, no second copy.
    assert.deepEqual(await vscode.commands.executeCommand('sphereEngine.stress.saveAsTest', diff.modified), saved);
    fs.rmSync(saved.input);
    fs.rmSync(saved.output);
    // Anywhere else, it says there is no failure to save.
    assert.equal(await vscode.commands.executeCommand('sphereEngine.stress.saveAsTest', vscode.Uri.file(path.join(work, 'sum.py'))), undefined);
    assert.match(warnings[warnings.length - 1], /No stress test failure is shown in this editor/);
  });

  it('reports a crashing solution as a crash at the smallest size, with the programs a stress.json names and no question', async function () {
    this.timeout(60_000);
    const kept = path.join(work, 'stress.json');
    // A stress.json from someone else's repository may name only files of this folder.
    fs.writeFileSync(kept, JSON.stringify({ generator: '../../../etc/passwd', reference: 'brute.py' }));
    const errors: string[] = [];
    restore.push(replace(vscode.window, 'showErrorMessage', (async (message: string) => void errors.push(message)) as unknown as typeof vscode.window.showErrorMessage));
    const refused = await stress('crash.py', 2);
    assert.equal(refused.outcome, 'error');
    assert.match(errors.join('\n'), /stress\.json: "generator": "\.\.\/\.\.\/\.\.\/etc\/passwd" is refused: name a file of this folder by its name alone/);
    assert.deepEqual(offered, [], 'nothing was asked: the file was refused as a whole');

    fs.writeFileSync(kept, JSON.stringify({ generator: 'gen.py', reference: 'brute.py', maxRounds: 2 }));
    try {
      const report = await vscode.commands.executeCommand<StressReport | undefined>(STRESS);
      assert.ok(report);
      assert.equal(report.outcome, 'crash', JSON.stringify(report));
      assert.equal(report.programsFrom, 'stress.json');
      assert.equal(report.size, 1);
      assert.deepEqual(offered, [], 'stress.json answered the questions');
      assert.match(warnings.join('\n'), /the solution crashed \(runtime error\) on seed 1, size 1/i);
    } finally {
      fs.rmSync(kept);
    }
  });

  it('on a paid endpoint asks first and offers the local emulator instead; chosen, the rounds run there', async function () {
    this.timeout(90_000);
    const exported = await activateExtension<{ localEmulator: { state(): unknown } }>();
    await vscode.commands.executeCommand('sphereEngine.profiles.add', 'Paid', { containers: '', compilers: 'https://compilers.example.invalid', problems: '' });
    const modal: Array<{ message: string; detail?: string; buttons: string[] }> = [];
    restore.push(
      replace(vscode.window, 'showWarningMessage', (async (message: string, ...rest: unknown[]) => {
        const options = rest[0] && typeof rest[0] === 'object' && 'modal' in (rest[0] as object) ? (rest.shift() as vscode.MessageOptions) : undefined;
        if (options?.modal) {
          modal.push({ message, detail: options.detail, buttons: rest as string[] });
          return 'Start Local Emulator (free)';
        }
        warnings.push(message);
        return undefined;
      }) as unknown as typeof vscode.window.showWarningMessage),
    );
    try {
      const report = await stress('crash.py', 1);
      assert.deepEqual(
        modal.map((m) => [m.message, m.buttons]),
        [['Stress test on https://compilers.example.invalid?', ['Run Stress Test', 'Start Local Emulator (free)']]],
      );
      assert.match(modal[0].detail ?? '', /paid for from your submission pool\)\. The local emulator runs them for free\./);
      assert.ok(exported.localEmulator.state(), 'the local emulator was started');
      assert.equal(report.outcome, 'crash', JSON.stringify(report));
    } finally {
      if (exported.localEmulator.state()) await vscode.commands.executeCommand('sphereEngine.stopLocalEmulator');
      // The suites that follow expect the run's emulator on the built-in profile, signed in.
      await vscode.commands.executeCommand('sphereEngine.useLocalEmulator', emulatorInfo().origin, emulatorInfo().token);
      await vscode.commands.executeCommand('sphereEngine.profiles.switch', 'Local emulator');
      for (const p of (await activateExtension<{ connection: { profiles(): { profiles: Array<{ id: string; name: string }> } } }>()).connection.profiles().profiles) {
        if (p.name === 'Paid') await vscode.commands.executeCommand('sphereEngine.profiles.remove', p.id);
      }
      await problemsViewBackOnRunEmulator();
    }
  });

  it('compares by the judge stress.json names: means within ±1e-6 agree where, line by line, they differ', async function () {
    this.timeout(60_000);
    // The mean of the numbers, to 10 decimals by the reference and to 7 by the solution.
    const dir = path.join(work, 'mean');
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.join(work, 'gen.py'), path.join(dir, 'gen.py'));
    const mean = (decimals: number) => `n = int(input())\nxs = list(map(int, input().split()))[:n]\nprint(f"{sum(xs) / n:.${decimals}f}")\n`;
    fs.writeFileSync(path.join(dir, 'ref.py'), mean(10));
    fs.writeFileSync(path.join(dir, 'mean.py'), mean(7));
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(dir, 'mean.py')));

    fs.writeFileSync(path.join(dir, 'stress.json'), JSON.stringify({ generator: 'gen.py', reference: 'ref.py', maxRounds: 3, judge: 'floats-1e-6' }));
    const within = await vscode.commands.executeCommand<StressReport | undefined>(STRESS);
    assert.equal(within?.outcome, 'passed', JSON.stringify(within));
    assert.equal(within.judge, 'floats-1e-6');
    assert.equal(within.rounds, 3);

    // The same pair, line by line (no judge named): the first round already differs.
    fs.writeFileSync(path.join(dir, 'stress.json'), JSON.stringify({ generator: 'gen.py', reference: 'ref.py', maxRounds: 3 }));
    const byLines = await vscode.commands.executeCommand<StressReport | undefined>(STRESS);
    assert.equal(byLines?.outcome, 'wrong-answer', JSON.stringify(byLines));
    assert.equal(byLines.judge, 'lines');
    assert.equal(byLines.size, 1);
    assert.deepEqual(offered, [], 'stress.json answered the questions');
  });

  it('reports a solution that is too slow from 4 numbers on as too slow, at size 4', async function () {
    this.timeout(60_000);
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(work, 'slow.py')));
    // This time the person keeps the choices beside the code.
    press = 'Keep Choices in stress.json';
    const report = await vscode.commands.executeCommand<StressReport | undefined>(STRESS, { maxRounds: 4, timeLimit: 1 });
    assert.ok(report);
    assert.equal(report.outcome, 'too-slow', JSON.stringify(report));
    assert.equal(report.size, 4);
    assert.equal(report.programsFrom, 'asked');
    assert.equal(report.keptIn, path.join(work, 'stress.json'));
    assert.deepEqual(JSON.parse(fs.readFileSync(report.keptIn, 'utf8')), { generator: 'gen.py', reference: 'brute.py', maxRounds: 4, timeLimit: 1 });
    assert.match(warnings.join('\n'), /the solution ran out of time where the reference did not on seed \d+, size 4/);
  });
  it("judges by a checker the person picks: another right answer passes, a rejected one is shown with the solution's own output", async function () {
    this.timeout(120_000);
    // Any index of a largest number is right; the reference prints the first, last_max.py the last.
    const dir = path.join(work, 'argmax');
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.join(work, 'gen.py'), path.join(dir, 'gen.py'));
    const index = (expr: string) => `n = int(input())\nxs = list(map(int, input().split()))[:n]\nprint(${expr})\n`;
    fs.writeFileSync(path.join(dir, 'first_max.py'), index('xs.index(max(xs))'));
    fs.writeFileSync(path.join(dir, 'last_max.py'), index('n - 1 - xs[::-1].index(max(xs))'));
    // From 5 numbers on it answers 0: wrong wherever the first number is not a largest.
    fs.writeFileSync(path.join(dir, 'zero.py'), index('0 if n >= 5 else xs.index(max(xs))'));
    // A custom judge as the Problems view runs it: the input on fd 0, the solution's output on fd 3.
    fs.writeFileSync(
      path.join(dir, 'checker.py'),
      'import os, sys\nxs = list(map(int, os.fdopen(0).read().split()[1:]))\nout = os.fdopen(3).read().split()\nsys.exit(0 if len(out) == 1 and out[0].isdigit() and int(out[0]) < len(xs) and xs[int(out[0])] == max(xs) else 1)\n',
    );
    answers = ['gen.py', 'first_max.py', 'checker.py'];
    const informed: string[] = [];
    restore.push(
      replace(vscode.window, 'showInformationMessage', (async (message: string, ...items: string[]) => {
        informed.push(message);
        return items.find((i) => i === 'Keep Choices in stress.json');
      }) as unknown as typeof vscode.window.showInformationMessage),
    );
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(dir, 'last_max.py')));
    const passed = await vscode.commands.executeCommand<StressReport | undefined>(STRESS, { maxRounds: 6 });
    assert.equal(passed?.outcome, 'passed', `${JSON.stringify(passed)}; offered ${JSON.stringify(offered)}, warnings ${JSON.stringify(warnings)}`);
    assert.equal(passed.checker, 'checker.py');
    assert.equal(passed.rounds, 6);
    assert.deepEqual(offered[2].slice(0, 2), [NO_CHECKER, 'checker.py'], 'no checker first, then the file that looks like one');
    assert.match(informed.join('\n'), /the checker checker\.py accepted last_max\.py on all 6 rounds/);
    // "Keep Choices in stress.json" was pressed: the next run asks nothing.
    // The button's choice is handled after the command returned: wait for the file's whole text.
    const kept = path.join(dir, 'stress.json');
    const written = () => (fs.existsSync(kept) ? fs.readFileSync(kept, 'utf8') : '');
    await waitFor(() => written().endsWith('}\n'), { what: 'stress.json to be written whole' });
    assert.deepEqual(JSON.parse(written()), { generator: 'gen.py', reference: 'first_max.py', checker: 'checker.py', maxRounds: 6 });
    assert.match(informed.join('\n'), /Saved stress\.json: the next stress test in this folder uses gen\.py and first_max\.py, judged by checker\.py, without asking\./);

    offered = [];
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(dir, 'zero.py')));
    const rejected = await vscode.commands.executeCommand<StressReport | undefined>(STRESS, { maxRounds: 12 });
    assert.equal(rejected?.outcome, 'wrong-answer', JSON.stringify(rejected));
    assert.deepEqual(offered, [], 'stress.json answered the questions');
    assert.ok(rejected.size! >= 5, `size ${rejected.size}`);
    assert.match(warnings.join('\n'), new RegExp(`the checker checker\\.py rejected the solution's output on seed ${rejected.seed}, size ${rejected.size}`));
    const diff = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .map((t) => t.input)
      .find((i) => i instanceof vscode.TabInputTextDiff) as vscode.TabInputTextDiff | undefined;
    assert.ok(diff, 'no diff editor is open');
    const [expected, actual] = await Promise.all([diff.original, diff.modified].map(async (u) => (await vscode.workspace.openTextDocument(u)).getText()));
    const xs = fs.readFileSync(rejected.saved!.input, 'utf8').trim().split('\n')[1].split(' ').map(Number);
    assert.equal(actual.trim(), '0', "the solution's own output, run again for the diff");
    assert.equal(expected.trim(), String(xs.indexOf(Math.max(...xs))));
    assert.notEqual(xs[0], Math.max(...xs), 'answering 0 is wrong on the input shown');
  });
});
