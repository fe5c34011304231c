// Switching to a local emulator while a window works (issue 40): Start Local Emulator in a window on
// npm start's emulator moves endpoint and token in one step no view sees half done (no "access token
// was rejected (HTTP 401)"); a command run while the emulator is auto-starting waits for it instead of
// saying "not running", and the status bar says it is starting meanwhile.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RunReport } from '../../src/features/compilers/context';
import { LocalEmulator } from '../../src/core/local-emulator';
import type { ConnectionTestApi } from '../../src/features/connection';
import type { StartOutcome } from '../../src/features/emulator/controller';
import type { LocalEmulatorTestApi } from '../../src/features/emulator';
import { MessageCapture } from './faults-support';
import { activateExtension, emulatorInfo, problemsViewBackOnRunEmulator, replace, waitFor } from './helpers';

interface ProblemsTree {
  getChildren(node?: unknown): Promise<unknown[]>;
  getTreeItem(node: unknown): vscode.TreeItem;
}

describe('Switching to a local emulator: one step, and commands wait for a start under way', function () {
  this.timeout(120_000);
  const messages = new MessageCapture();
  let api: { localEmulator: LocalEmulatorTestApi; connection: ConnectionTestApi; problems: { tree: ProblemsTree } };

  before(async () => {
    api = await activateExtension();
    messages.install();
  });

  afterEach(async () => {
    if (api.localEmulator.state()) await vscode.commands.executeCommand('sphereEngine.stopLocalEmulator');
  });

  after(async () => {
    messages.uninstall();
    await vscode.commands.executeCommand('sphereEngine.useLocalEmulator', emulatorInfo().origin, emulatorInfo().token);
    await problemsViewBackOnRunEmulator();
  });

  it("Start Local Emulator in a window on npm start's emulator: the Problems view never asks the new port with the old token", async () => {
    // The window uses the run's emulator, as an `npm start` window uses the one on port 8400.
    await vscode.commands.executeCommand('sphereEngine.useLocalEmulator', emulatorInfo().origin, emulatorInfo().token);
    await problemsViewBackOnRunEmulator();
    messages.clear();
    messages.press('Start Another');
    const rowsSeen: string[] = [];
    let done = false;
    const started = Promise.resolve(vscode.commands.executeCommand<StartOutcome | undefined>('sphereEngine.startLocalEmulator')).finally(() => (done = true));
    // A visible Problems view: it reads its rows again whenever the connection says something changed.
    while (!done) {
      const nodes = await api.problems.tree.getChildren();
      for (const node of nodes) rowsSeen.push(String(api.problems.tree.getTreeItem(node).label));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcome = await started;
    assert.ok(outcome?.signedIn, `it did not start: ${JSON.stringify(messages.shown)}`);
    const rows = await api.problems.tree.getChildren();
    for (const node of rows) rowsSeen.push(String(api.problems.tree.getTreeItem(node).label));
    assert.deepEqual(
      rowsSeen.filter((row) => /Could not load|rejected|401/.test(row)),
      [],
      'the view showed an error row',
    );
    assert.deepEqual(
      messages.errors().map((m) => m.text),
      [],
      'an error was shown while switching',
    );
    // Not unasked: the second emulator was started because the person said so.
    const question = messages.shown.find((m) => m.buttons.includes('Start Another'));
    assert.ok(question, 'no question before a second emulator was started');
    assert.match(question.text, new RegExp(`already uses the local emulator \`npm start\` runs at ${emulatorInfo().origin.replace(/[.]/g, '\\.')}`));
    for (const result of await api.connection.testConnection()) {
      assert.equal(result.ok, true, `${result.module}: ${result.message}`);
      assert.equal(result.endpoint?.startsWith(`${outcome.origin}/`), true, `${result.module} points at ${result.endpoint}`);
    }
  });

  it("names the emulator in use and whose it is; Stop Local Emulator on npm start's says how to stop it; Start asks before a second one", async () => {
    await vscode.commands.executeCommand('sphereEngine.useLocalEmulator', emulatorInfo().origin, emulatorInfo().token);
    const origin = emulatorInfo().origin;
    const tooltip = api.connection.statusBar().tooltip.replace(/\\(.)/g, '$1');
    assert.ok(tooltip.includes(`This window uses the local emulator at ${origin} that \`npm start\` runs: stop it with Ctrl-C in the terminal where npm start runs.`), tooltip);

    messages.clear();
    assert.equal(await vscode.commands.executeCommand('sphereEngine.stopLocalEmulator'), false);
    const said = await waitFor(() => messages.shown.find((m) => /local emulator/.test(m.text)), { what: 'what Stop Local Emulator says' });
    assert.doesNotMatch(said.text, /no local emulator is running/);
    assert.match(said.text, /Ctrl-C in the terminal where npm start runs/);
    assert.equal((await fetch(`${origin}/compilers/api/v4/test?access_token=${encodeURIComponent(emulatorInfo().token)}`)).status, 200, "npm start's emulator still runs");

    // Start Local Emulator, answered "no": nothing is started, the window stays on npm start's.
    messages.clear();
    assert.equal(await vscode.commands.executeCommand('sphereEngine.startLocalEmulator'), undefined);
    assert.ok(
      messages.shown.some((m) => m.buttons.includes('Start Another')),
      'it did not ask',
    );
    assert.equal(api.localEmulator.state(), undefined, 'a second emulator was started unasked');
    for (const result of await api.connection.testConnection()) assert.equal(result.endpoint?.startsWith(`${origin}/`), true, result.endpoint);
  });

  it("names an emulator another window started, which this one reuses, as that window's", async () => {
    const { storageDir, script } = api.localEmulator.paths();
    const otherWindow = new LocalEmulator({ script, storageDir, onUnexpectedExit: () => undefined });
    const theirs = await otherWindow.start();
    messages.clear();
    messages.press('Start Another'); // asked when this window is on npm start's
    const outcome = await vscode.commands.executeCommand<StartOutcome | undefined>('sphereEngine.startLocalEmulator');
    assert.equal(outcome?.reused, true);
    assert.equal(outcome?.origin, theirs.origin);
    const tooltip = api.connection.statusBar().tooltip.replace(/\\(.)/g, '$1');
    assert.ok(tooltip.includes(`This window uses the local emulator at ${theirs.origin} that another VS Code window started`), tooltip);
  });

  it('a run started while the emulator is auto-starting waits for it, instead of saying "not running"', async () => {
    const { storageDir, script } = api.localEmulator.paths();
    // What a reload finds: the emulator profile points at an emulator that has ended since.
    const otherWindow = new LocalEmulator({ script, storageDir, onUnexpectedExit: () => undefined });
    const running = await otherWindow.start();
    await vscode.commands.executeCommand('sphereEngine.useLocalEmulator', running.origin, running.token);
    assert.ok(await otherWindow.stop());
    messages.clear();

    const opened = api.localEmulator.checkAsOnOpen(); // autoStart is on by default
    // The moment the window knows the emulator is gone (the old window then said "not running").
    const text = await waitFor(
      () => {
        const bar = api.connection.statusBar().text;
        return /starting|not running/.test(bar) && bar;
      },
      { what: 'the status bar to say the emulator is gone or starting' },
    );
    const sum = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'sum.py');
    const report = await vscode.commands.executeCommand<RunReport>('sphereEngine.compilers.runActiveFile', sum);
    assert.deepEqual(
      messages.shown.filter((m) => /not running/.test(m.text)).map((m) => m.text),
      [],
      'said "not running" while it was starting',
    );
    assert.equal(report?.ok, true, JSON.stringify(report?.error ?? report));
    assert.match(text, /Local emulator \(starting…\)/, 'the status bar said the emulator was starting');
    assert.equal(await opened, true);
    const started = api.localEmulator.state();
    assert.ok(started, 'the auto-start started it');
    assert.doesNotMatch(api.connection.statusBar().text, /starting|not running/);
  });

  it("Start Local Emulator from an error's button starts it, then says to run again what failed", async () => {
    // The emulator profile, its emulator stopped: a run fails with "not running".
    messages.press('Start Another');
    assert.ok(await vscode.commands.executeCommand('sphereEngine.startLocalEmulator'));
    assert.equal(await vscode.commands.executeCommand('sphereEngine.stopLocalEmulator'), true);
    assert.match(api.connection.statusBar().text, /\(not running\)/);
    messages.clear();
    messages.press('Start Local Emulator');
    const sum = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'sum.py');
    const report = await vscode.commands.executeCommand<RunReport>('sphereEngine.compilers.runActiveFile', sum);
    assert.equal(report?.ok, false);
    const again = await waitFor(() => messages.shown.find((m) => /runs now/.test(m.text)), { timeoutMs: 60_000, what: 'what is said once the emulator runs' });
    assert.match(again.text, /^Sphere Engine: the local emulator runs now\. Run again what failed/);
    assert.ok(api.localEmulator.state(), 'the button did not start it');
  });

  it('Configure Endpoints on the Local emulator profile shows its three endpoints while it runs, read-only', async () => {
    messages.press('Start Another');
    const running = await vscode.commands.executeCommand<StartOutcome | undefined>('sphereEngine.startLocalEmulator');
    assert.ok(running?.signedIn, JSON.stringify(messages.shown));
    const offered: string[] = [];
    let asked = false;
    const restorePick = replace(vscode.window, 'showQuickPick', (async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => {
      const list = await items;
      offered.push(...list.map((item) => `${item.label}: ${item.description}`));
      return list.find((item) => item.label === 'Problems');
    }) as unknown as typeof vscode.window.showQuickPick);
    const restoreInput = replace(vscode.window, 'showInputBox', (async () => {
      asked = true;
      return 'http://elsewhere.invalid';
    }) as typeof vscode.window.showInputBox);
    messages.clear();
    try {
      await vscode.commands.executeCommand('sphereEngine.configureEndpoints');
    } finally {
      restorePick();
      restoreInput();
    }
    assert.deepEqual(
      offered,
      ['containers', 'compilers', 'problems'].map((module, i) => `${['Containers', 'Compilers', 'Problems'][i]}: ${running.origin}/${module} (the local emulator's, read-only)`),
    );
    assert.equal(asked, false, 'it asked for an endpoint to type');
    const note = messages.shown.find((m) => /Problems endpoint of the profile/.test(m.text));
    assert.ok(note, JSON.stringify(messages.shown));
    assert.match(note.text, new RegExp(`is the local emulator's, ${running.origin.replace(/[.]/g, '\\.')}/problems: it follows the emulator`));
    const emulatorProfile = api.connection.profiles().profiles.find((p) => p.id === api.connection.profiles().activeId);
    assert.equal(emulatorProfile?.endpoints.problems, '', 'the endpoint was changed');
  });
});
