// Submit Folder to Project, driven as a person would through the command (with arguments where a
// prompt would ask), against the run's emulator with its polling protection on. Each sample
// folder of test/fixtures/containers ends with the outcome its project produces; we check what
// the person sees: the command's outcome, the Submissions output channel and the Problems panel.
import * as assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import { ProgressCapture } from './faults-support';
import { activateExtension, clearEmulatorFaults, clearEmulatorRequests, emulatorFaults, emulatorInfo, emulatorRequests, replace, setEmulatorFaults } from './helpers';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'containers');
const SUBMIT = 'sphereEngine.containers.submitFolder';
const PROJECTS = {
  python: '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61',
  cpp: '8b2e4d6f1a3c4e5f8091a2b3c4d5e6f7',
  unitTests: 'c47a1e2b9d0f4a6b8c3d5e7f9a1b2c3d',
  badConfig: 'f1e2d3c4b5a697887766554433221100',
};

interface Outcome {
  id?: number;
  statusCode?: number;
  statusName?: string;
  text?: string;
  diagnostics?: number;
  error?: string;
  cancelled?: boolean;
}
async function api(): Promise<ExtensionTestApi['containersSubmit']> {
  const exports = await activateExtension();
  return exports.containersSubmit;
}

function submit(fixture: string, projectId: string, scenario = ''): Thenable<Outcome> {
  return vscode.commands.executeCommand<Outcome>(SUBMIT, vscode.Uri.file(path.join(FIXTURES, fixture)), { projectId, scenario, confirm: false });
}

function diagnosticsOf(file: string): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(vscode.Uri.file(file)).filter((d) => d.source?.startsWith('Sphere Engine'));
}

describe('Submit Folder to Project', function () {
  this.timeout(60_000);

  before(async () => {
    await api();
  });

  afterEach(async () => {
    await clearEmulatorFaults();
  });

  it('ok: the output shows every stage and the result; left-out files are not sent', async () => {
    const outcome = await submit('ok', PROJECTS.python);
    assert.equal(outcome.statusCode, 15, outcome.error ?? outcome.text);
    const channel = (await api()).outputText();
    assert.match(channel, new RegExp(`Submission ${outcome.id} sent to Console Python from .*ok \\(4 files`));
    assert.match(channel, new RegExp(`Submission ${outcome.id} · Console Python · scenario "run"`));
    assert.match(channel, /\[run\] time [\d.]+ s · exit code 0 · signal - · skipped no/);
    assert.match(channel, /hello from Sphere Engine/);
    assert.match(channel, /Result: ok \(15\)\n {2}score: [\d.]+\n {2}time: [\d.]+ s\n {2}memory: /);
  });

  it('a folder of 8,000 files is packed with a worker thread in this host, and every file is sent', async () => {
    // Above fragmentTuning.workersAfterEntries (2000): the packer starts its worker here, in
    // the real extension host, from the script beside the bundle (started once the folder is
    // read, ready well before the last of 8,000 files is packed).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-many-'));
    try {
      fs.cpSync(path.join(FIXTURES, 'ok'), dir, { recursive: true });
      for (let d = 0; d < 80; d++) {
        fs.mkdirSync(path.join(dir, 'data', `d${d}`), { recursive: true });
        for (let f = 0; f < 100; f++) fs.writeFileSync(path.join(dir, 'data', `d${d}`, `f${f}.txt`), `file ${d}/${f}\n`);
      }
      const runsBefore = (await api()).packingWorkerRuns();
      const outcome = await vscode.commands.executeCommand<Outcome>(SUBMIT, vscode.Uri.file(dir), { projectId: PROJECTS.python, scenario: 'run', confirm: false });
      assert.equal(outcome.statusCode, 15, outcome.error ?? outcome.text);
      assert.match((await api()).outputText(), new RegExp(`Submission ${outcome.id} sent to Console Python \\(scenario "run"\\) from .*se-many-\\w+ \\(8004 files`));
      assert.ok((await api()).packingWorkerRuns() > runsBefore, 'a worker thread packed part of the folder');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks for the scenario as free text when the project lists none, and offers the one typed last time', async () => {
    // A project whose configuration lists no scenarios (the service does not always show them):
    // Console Python as the service returns it, with its project_config left out.
    const { origin, token } = emulatorInfo();
    const res = await fetch(`${origin}/containers/api/v1/projects/${PROJECTS.python}?access_token=${encodeURIComponent(token)}`);
    const project = (await res.json()) as { config?: { project_config?: string } };
    assert.ok(project.config?.project_config, 'the emulator shows the project configuration');
    project.config = { ...project.config, project_config: undefined };

    const win = vscode.window as { showInputBox: typeof vscode.window.showInputBox };
    const original = win.showInputBox;
    const asked: vscode.InputBoxOptions[] = [];
    win.showInputBox = async (options?: vscode.InputBoxOptions) => {
      asked.push(options ?? {});
      return 'run';
    };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'se-free-scenario-'));
    try {
      fs.writeFileSync(path.join(folder, 'main.py'), 'print("typed scenario")\n');
      const first = await vscode.commands.executeCommand<Outcome>(SUBMIT, vscode.Uri.file(folder), { project, confirm: false });
      assert.equal(first.statusCode, 15, first.error ?? first.text);
      assert.match(first.text ?? '', /scenario "run"/);
      assert.equal(asked.length, 1, 'the scenario was not asked for');
      assert.match(asked[0].prompt ?? '', /lists no scenarios: type one, or leave empty/);
      assert.equal(asked[0].value, '', 'nothing typed before, nothing offered');

      await vscode.commands.executeCommand<Outcome>(SUBMIT, vscode.Uri.file(folder), { project, confirm: false });
      assert.equal(asked.length, 2);
      assert.equal(asked[1].value, 'run', 'the scenario typed for this folder last time is offered');
    } finally {
      win.showInputBox = original;
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('build error: g++ messages appear in the Problems panel on main.cpp', async () => {
    const outcome = await submit('build-error', PROJECTS.cpp);
    assert.equal(outcome.statusCode, 11, outcome.error ?? outcome.text);
    assert.match(outcome.text ?? '', /Result: build error \(11\)/);
    const found = diagnosticsOf(path.join(FIXTURES, 'build-error', 'main.cpp'));
    assert.ok(found.length >= 1, 'no diagnostics on main.cpp');
    assert.ok(found.every((d) => d.severity === vscode.DiagnosticSeverity.Error || d.severity === vscode.DiagnosticSeverity.Warning));
    assert.ok(
      found.some((d) => d.range.start.line === 5 || d.range.start.line === 7),
      found.map((d) => `${d.range.start.line}: ${d.message}`).join('\n'),
    );
  });

  it('runtime error: the traceback is a diagnostic on lib/compute.py line 2', async () => {
    const outcome = await submit('runtime-error', PROJECTS.python);
    assert.equal(outcome.statusCode, 12, outcome.error ?? outcome.text);
    assert.match(outcome.text ?? '', /ZeroDivisionError/);
    const found = diagnosticsOf(path.join(FIXTURES, 'runtime-error', 'lib', 'compute.py'));
    assert.equal(found.length, 1);
    assert.equal(found[0].range.start.line, 1);
    assert.match(found[0].message, /ZeroDivisionError: division by zero/);
  });

  it('time limit: the verdict is time limit exceeded', async () => {
    const outcome = await submit('time-limit', PROJECTS.python);
    assert.equal(outcome.statusCode, 13, outcome.error ?? outcome.text);
    assert.match((await api()).outputText(), /Result: time limit exceeded \(13\)/);
  });

  it('failing tests: the tests report is a table and is handed to the Testing view', async () => {
    const outcome = await submit('failing-tests', PROJECTS.unitTests, 'test');
    assert.equal(outcome.statusCode, 14, outcome.error ?? outcome.text);
    assert.match(outcome.text ?? '', /STATUS +TEST +CLASS +TIME/);
    assert.match(outcome.text ?? '', /FAIL +test_small_numbers/);
    assert.match(outcome.text ?? '', /4 tests: 2 passed, 2 failed, 0 errors/);
    const event = (await api()).finished.find((e) => e.submission.id === outcome.id);
    assert.deepEqual(event?.testsReport?.summary && { failed: event.testsReport.summary.failed, passed: event.testsReport.summary.passed }, { failed: 2, passed: 2 });
    // The same report is one item in the Testing view, one child per test, as the person sees it there.
    const testing = (await activateExtension<{ problems: { testItems(): Array<{ id: string; label: string; children: Array<{ label: string }> }> } }>()).problems;
    const item = testing.testItems().find((i) => i.id === `containers:${outcome.id}`);
    assert.ok(item, 'the Containers submission is not in the Testing view');
    assert.equal(item.label, `Python Unit Tests #${outcome.id}`);
    assert.equal(item.children.length, 4);
  });

  it('project error: the debug log is shown and no diagnostics are made', async () => {
    const outcome = await submit('project-error', PROJECTS.badConfig);
    assert.equal(outcome.statusCode, 22, outcome.error ?? outcome.text);
    assert.match(outcome.text ?? '', /Project error: the project configuration made the run fail, not your code\. Debug log:\n.*configuration/);
    assert.equal(outcome.diagnostics, 0);
  });

  it('a resubmission of a fixed folder clears its old diagnostics', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-submit-'));
    try {
      fs.writeFileSync(path.join(dir, 'main.py'), 'raise ValueError("broken")\n');
      const broken = await vscode.commands.executeCommand<Outcome>(SUBMIT, vscode.Uri.file(dir), { projectId: PROJECTS.python, scenario: 'run', confirm: false });
      assert.equal(broken.statusCode, 12, broken.error);
      assert.equal(diagnosticsOf(path.join(dir, 'main.py')).length, 1);
      fs.writeFileSync(path.join(dir, 'main.py'), 'print("fixed")\n');
      const fixed = await vscode.commands.executeCommand<Outcome>(SUBMIT, vscode.Uri.file(dir), { projectId: PROJECTS.python, scenario: 'run', confirm: false });
      assert.equal(fixed.statusCode, 15, fixed.error);
      assert.equal(diagnosticsOf(path.join(dir, 'main.py')).length, 0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('errors', () => {
    it('an unknown scenario is refused before anything is sent, naming the scenarios there are', async () => {
      const outcome = await submit('ok', PROJECTS.python, 'benchmark');
      assert.equal(outcome.id, undefined);
      assert.match(outcome.error ?? '', /no scenario "benchmark"; it has "run"/);
    });

    it('a project that does not exist says so', async () => {
      const outcome = await submit('ok', '00000000000000000000000000000000');
      assert.match(outcome.error ?? '', /project does not exist.*\(HTTP 404\)/);
    });

    it('an empty folder gets a clear message, not an empty archive', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-empty-'));
      try {
        const outcome = await vscode.commands.executeCommand<Outcome>(SUBMIT, vscode.Uri.file(dir), { projectId: PROJECTS.python, scenario: 'run', confirm: false });
        assert.match(outcome.error ?? '', /nothing to submit: the folder has no files/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('a folder too large for the service is refused before sending', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-big-'));
      try {
        // Random bytes do not compress, so the archive stays above 16 MiB.
        const big = fs.openSync(path.join(dir, 'data.bin'), 'w');
        for (let i = 0; i < 17; i++) fs.writeSync(big, crypto.randomBytes(1024 * 1024));
        fs.closeSync(big);
        const outcome = await vscode.commands.executeCommand<Outcome>(SUBMIT, vscode.Uri.file(dir), { projectId: PROJECTS.python, scenario: 'run', confirm: false });
        assert.equal(outcome.id, undefined);
        assert.match(outcome.error ?? '', /above the 16\.0 MiB the service accepts/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    // The spec lists no error codes for creating a submission: 402 comes with the account code 2
    // (service notes), the others with their status as the code, as an unknown code would.
    for (const [status, errorCode, pattern] of [
      [402, 2, /inactive or its submission pool is empty.*Top up or activate the account.*\(HTTP 402\)/],
      [409, 409, /conflicts with the current state on the service\. Refresh and try again.*\(HTTP 409\)/],
      [413, 413, /larger than the service allows \(16 MiB for files\).*\(HTTP 413\)/],
    ] as const) {
      it(`an HTTP ${status} from the upload reaches the person with its explanation, and is not retried`, async () => {
        await setEmulatorFaults([{ path: '/submissions$', method: 'POST', kind: 'status', status, errorCode }]);
        const before = await countPosts();
        const outcome = await submit('ok', PROJECTS.python, 'run');
        assert.match(outcome.error ?? '', pattern);
        assert.equal((await countPosts()) - before, 1, 'the upload was sent more than once');
      });
    }

    it('keeps waiting through a network loss while the submission runs', async () => {
      // One GET of the submission is dropped: a poll is sent once (the HTTP layer never retries
      // polls, so they cannot trip the polling protection), that whole poll fails, and the
      // poller tries again after a longer pause instead of giving up.
      await setEmulatorFaults([{ path: '/submissions/\\d+$', method: 'GET', kind: 'drop', times: 1 }]);
      const outcome = await submit('ok', PROJECTS.python, 'run');
      assert.equal(outcome.statusCode, 15, outcome.error ?? outcome.text);
      const left = (await emulatorFaults()).find((f) => f.kind === 'drop');
      assert.equal(left?.times, 0, 'no poll was dropped: the test did not test a network loss');
    });
  });

  it("from the palette with an editor open in a subfolder: asks which folder, the editor's first, instead of sending the workspace root", async () => {
    const root = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const sub = fs.mkdtempSync(path.join(root, 'se-ask-folder-'));
    const file = path.join(sub, 'main.py');
    fs.writeFileSync(file, 'print(1)\n');
    await vscode.window.showTextDocument(vscode.Uri.file(file));
    const offered: Array<{ label: string; description?: string }[]> = [];
    const titles: Array<string | undefined> = [];
    const fake = async (items: readonly vscode.QuickPickItem[], options?: vscode.QuickPickOptions) => {
      offered.push((await items).map((i) => ({ label: i.label, description: i.description })));
      titles.push(options?.title);
      return undefined;
    };
    const restore = replace(vscode.window, 'showQuickPick', fake as unknown as typeof vscode.window.showQuickPick);
    let outcome: Outcome;
    try {
      outcome = await vscode.commands.executeCommand<Outcome>(SUBMIT);
    } finally {
      restore();
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      fs.rmSync(sub, { recursive: true, force: true });
    }
    assert.deepEqual(outcome, { cancelled: true });
    assert.deepEqual(titles, ['Submit Folder to Project: which folder?']);
    assert.deepEqual(offered[0], [
      { label: path.basename(sub), description: "the active editor's folder" },
      { label: path.basename(root), description: 'workspace folder' },
      { label: 'Another folder…', description: 'choose it in a dialog' },
    ]);
  });
});

describe('Submit Folder to Project: the upload notification', function () {
  this.timeout(60_000);
  const progress = new ProgressCapture();
  const uploadReports = () => progress.reports.filter((r) => r.title === 'Uploading to Console Python');

  before(async () => {
    await api();
    progress.install();
  });
  after(() => progress.uninstall());
  beforeEach(() => progress.clear());

  it('shows the bytes sent out of the archive size with a percentage, and its bar reaches 100%', async () => {
    const outcome = await submit('ok', PROJECTS.python, 'run');
    assert.equal(outcome.statusCode, 15, outcome.error ?? outcome.text);
    const reports = uploadReports();
    assert.ok(reports.length >= 2, `upload reports: ${JSON.stringify(progress.reports)}`);
    for (const r of reports) assert.match(r.message ?? '', /^[\d.]+ (B|KiB|MiB) of [\d.]+ (B|KiB|MiB) \(\d{1,3}%\)$/);
    const percents = reports.map((r) => Number(/\((\d+)%\)$/.exec(r.message ?? '')?.[1]));
    assert.equal(percents[0], 0);
    assert.equal(percents[percents.length - 1], 100);
    assert.deepEqual(
      [...percents].sort((a, b) => a - b),
      percents,
      'the percentage went back',
    );
    assert.equal(
      reports.reduce((sum, r) => sum + (r.increment ?? 0), 0),
      100,
      'the bar does not end full',
    );
  });

  it('cancelling in the middle of the upload: nothing was submitted, and it says so', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-cancel-'));
    try {
      fs.writeFileSync(path.join(dir, 'main.py'), 'print("never run")\n');
      // Random bytes do not compress: about 2 MiB to send, dozens of reports on the way.
      fs.writeFileSync(path.join(dir, 'data.bin'), crypto.randomBytes(2 * 1024 * 1024));
      progress.cancelWhen = (r) => r.title === 'Uploading to Console Python' && /\((?:[1-9]|[1-9]\d)%\)$/.test(r.message ?? '');
      await clearEmulatorRequests();
      const outcome = await vscode.commands.executeCommand<Outcome>(SUBMIT, vscode.Uri.file(dir), { projectId: PROJECTS.python, scenario: 'run', confirm: false });
      assert.ok(progress.cancelled, `never cancelled; reports: ${JSON.stringify(progress.reports)}`);
      assert.equal(outcome.cancelled, true, outcome.error);
      assert.equal(outcome.id, undefined);
      assert.match(outcome.error ?? '', /nothing was submitted/);
      const posts = (await emulatorRequests()).filter((r) => r.method === 'POST' && /\/containers\/api\/v1\/submissions\b/.test(r.url));
      assert.ok(posts.length <= 1 && posts.every((r) => r.status >= 400), `a submission was created: ${JSON.stringify(posts)}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function countPosts(): Promise<number> {
  return (await emulatorRequests()).filter((r) => r.method === 'POST' && /\/containers\/api\/v1\/submissions\b/.test(r.url)).length;
}
