// What a run says when it goes wrong (issue 40 items 7 to 9), read as the person reads it: the
// run channel, the notification and its button. Against the run's emulator, over real HTTP.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import type { RunReport } from '../../src/features/compilers/context';
import { activateExtension, replace, waitFor } from './helpers';

const RUN = 'sphereEngine.compilers.runActiveFile';
const RUN_WITH_INPUT = 'sphereEngine.compilers.runActiveFileWithInput';
const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'compilers');

interface Notice {
  message: string;
  buttons: string[];
}

/** Records the warnings shown (answering each with `answer`, when it is one of its buttons). */
function recordWarnings(answer?: string): { shown: Notice[]; restore: () => void } {
  const shown: Notice[] = [];
  const restore = replace(vscode.window, 'showWarningMessage', ((message: string, ...rest: unknown[]) => {
    const buttons = rest.filter((b): b is string => typeof b === 'string');
    shown.push({ message, buttons });
    return Promise.resolve(answer !== undefined && buttons.includes(answer) ? answer : undefined);
  }) as typeof vscode.window.showWarningMessage);
  return { shown, restore };
}

describe('compilers: what a failed run says (issue 40)', function () {
  let api: ExtensionTestApi['compilers'];
  let work: string;
  const file = (...parts: string[]) => vscode.Uri.file(path.join(work, ...parts));

  before(async () => {
    api = (await activateExtension()).compilers;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'compilers-words-'));
    fs.cpSync(FIXTURES, work, { recursive: true });
  });

  beforeEach(() => api.clearOutput());

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a program that reads input, run with none: says so and its button runs it with input', async () => {
    const ask = file('reads-input', 'ask.py');
    const asked: unknown[][] = [];
    const original = vscode.commands.executeCommand;
    const warnings = recordWarnings('Run Active File With Input…');
    // The button's command is recorded, not run: it would open the input picker.
    const restoreCommands = replace(vscode.commands, 'executeCommand', ((id: string, ...args: unknown[]) => {
      if (id === RUN_WITH_INPUT) {
        asked.push(args);
        return Promise.resolve(undefined);
      }
      return original(id, ...args);
    }) as typeof vscode.commands.executeCommand);
    try {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(ask));
      const report = await original<RunReport>(RUN);
      assert.equal(report.status?.code, 12, JSON.stringify(report));
      const notice = await waitForValue(() => warnings.shown.find((n) => /ask\.py/.test(n.message)));
      assert.match(notice.message, /ask\.py failed reading its input: it ran with no input/);
      assert.deepEqual(notice.buttons, ['Run Active File With Input…']);
      await waitForValue(() => asked.length > 0);
      assert.equal((asked[0][0] as vscode.Uri).fsPath, ask.fsPath, 'offered for the file that was run');
      assert.match(api.outputText(), /\[Hint\] ask\.py stopped reading standard input: it ran with no input\. Run it with "Run Active File With Input…"/);
    } finally {
      restoreCommands();
      warnings.restore();
    }
  });

  it('a Python exception names the person file, and no signal when there is none', async () => {
    const ask = file('reads-input', 'ask.py');
    const warnings = recordWarnings();
    try {
      const report = await vscode.commands.executeCommand<RunReport>(RUN, ask, { noInput: true });
      assert.equal(report.status?.code, 12, JSON.stringify(report));
      const text = api.outputText();
      assert.match(text, /\[stderr\][\s\S]*File "([^"]*)", line 2/);
      const shownFile = /File "([^"]*)", line 2/.exec(text)![1];
      assert.equal(shownFile, ask.fsPath, 'the traceback names the file in the editor');
      assert.doesNotMatch(text, /\/sandbox\/|prog\.py/);
      assert.match(text, /\[Done\] runtime error, time \d+\.\d\d s, memory [\d.]+ (KB|MB) \(/);
      assert.doesNotMatch(text, /signal/);
    } finally {
      warnings.restore();
    }
  });

  it('a compile error: no time or memory, one problem said in words, and one compiler name', async () => {
    const warnings = recordWarnings();
    try {
      const report = await vscode.commands.executeCommand<RunReport>(RUN, file('cpp-compile-error', 'broken.cpp'));
      assert.equal(report.status?.code, 11, JSON.stringify(report));
      const text = api.outputText();
      assert.match(text, /\[Running\] broken\.cpp with C\+\+, /);
      const done = /^\[Done\].*$/m.exec(text)![0];
      assert.match(done, /^\[Done\] compilation error \(submission \d+/);
      assert.doesNotMatch(done, /time|memory/);
      const notice = await waitForValue(() => warnings.shown.find((n) => /did not compile/.test(n.message)));
      assert.equal(notice.message, 'broken.cpp did not compile. 1 problem is shown in the Problems panel.');
      // Once the account's compiler list is known, the header still names it the same way.
      await vscode.commands.executeCommand('sphereEngine.compilers.refreshCompilers');
      api.clearOutput();
      await vscode.commands.executeCommand<RunReport>(RUN, file('cpp-compile-error', 'broken.cpp'));
      assert.match(api.outputText(), /\[Running\] broken\.cpp with C\+\+, /);
    } finally {
      warnings.restore();
    }
  });
});

function waitForValue<T>(probe: () => T | undefined | false): Promise<T> {
  return waitFor(probe, { what: 'the notification' });
}
