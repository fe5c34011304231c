// Judge Solutions in Folder inside a real VS Code, against the run's emulator (polling guard on):
// a person confirms one dialog, a folder of Python solutions and a broken C one are judged as one
// job with the right verdict per row and a CSV that says so; a job whose runner stops (as when
// VS Code closes) is offered at the next start, resumed, and each solution is POSTed once.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import { activateExtension, clearEmulatorFaults, clearEmulatorRequests, emulatorRequests, replace, setEmulatorFaults, waitFor } from './helpers';

const ECHO = 2;
const JUDGE = 'sphereEngine.problems.judgeFolder';
const SUBMIT_EACH = 'sphereEngine.containers.submitEachFolder';
const UNIT_TESTS_PROJECT = 'c47a1e2b9d0f4a6b8c3d5e7f9a1b2c3d';
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const ACCEPTED = 'import sys\nsys.stdout.write(sys.stdin.read())\n';
const WRONG = 'print("not an echo")\n';
const TIME_LIMIT = 'while True:\n    pass\n';
const BROKEN_C = 'int main( {\n';

const postsOfSubmissions = async () => (await emulatorRequests()).filter((r) => r.method === 'POST' && /\/problems\/api\/v4\/submissions(\?|$)/.test(r.url));

function makeFolder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-judge-many-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

/** Records every information notice (text and buttons) and answers none, until restored. */
function recordInfo(shown: Array<{ text: string; buttons: string[] }>): () => void {
  return replace(vscode.window, 'showInformationMessage', (async (text: string, ...items: unknown[]) => {
    shown.push({ text, buttons: items.filter((i): i is string => typeof i === 'string') });
    return undefined;
  }) as unknown as typeof vscode.window.showInformationMessage);
}

/** Stands in for the person at the one confirmation: records it and presses its button. */
function confirmWith(asked: string[]): () => void {
  return replace(vscode.window, 'showWarningMessage', (async (message: string, options: vscode.MessageOptions, ...items: string[]) => {
    asked.push(`${message}\n${options?.detail ?? ''}`);
    return items[0];
  }) as typeof vscode.window.showWarningMessage);
}

describe('judge many: Judge Solutions in Folder', function () {
  this.timeout(90_000);
  let api: ExtensionTestApi['judgeMany'];
  const folders: string[] = [];

  before(async () => {
    const exported = await activateExtension();
    assert.ok(exported.judgeMany, 'exports.judgeMany missing');
    api = exported.judgeMany;
  });
  after(async () => {
    await vscode.workspace.getConfiguration('sphereEngine.problems').update('judgeConcurrency', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('judges 12 solutions as one job: one confirmation, the right verdict per row, the CSV, the results page', async () => {
    const files: Record<string, string> = { 'broken.c': BROKEN_C, 'notes.txt': 'not a solution', 'empty.py': '' };
    for (let i = 1; i <= 6; i++) files[`ok${i}.py`] = ACCEPTED;
    for (let i = 1; i <= 3; i++) files[`wrong${i}.py`] = WRONG;
    for (let i = 1; i <= 2; i++) files[`slow${i}.py`] = TIME_LIMIT;
    const folder = makeFolder(files);
    folders.push(folder);
    await clearEmulatorRequests();
    const asked: string[] = [];
    const infos: Array<{ text: string; buttons: string[] }> = [];
    const restore = confirmWith(asked);
    const restoreInfo = recordInfo(infos);
    let jobId: string | undefined;
    const startedAt = Date.now();
    let elapsed: number;
    try {
      jobId = await vscode.commands.executeCommand<string>(JUDGE, { folder, problemId: ECHO });
      elapsed = Date.now() - startedAt;
    } finally {
      restore();
      restoreInfo();
    }
    assert.equal(asked.length, 1, asked.join('\n---\n'));
    assert.match(asked[0], /Send 12 submissions to problem ECHO/);
    assert.match(asked[0], /Endpoint: http:\/\/127\.0\.0\.1:\d+\/problems/);
    // A local emulator bills nothing: the question does not say it does.
    assert.match(asked[0], /This is a local emulator: nothing is billed\./);
    assert.doesNotMatch(asked[0], /Each submission is billed/);
    assert.match(asked[0], /2 entries cannot be sent/);

    // The job ends with a word: the counts by verdict, and the way to the results.
    const end = infos.find((i) => /finished/.test(i.text));
    assert.ok(end, `no notice at the end: ${JSON.stringify(infos)}`);
    assert.equal(end.text, 'Judge Solutions in Folder for ECHO (Echo lines) finished: 6 accepted, 3 wrong answer, 2 time limit exceeded, 1 compilation error, 2 not sendable.');
    assert.deepEqual(end.buttons, ['Show Judge Results']);
    // Nothing runs any more: the status bar item is gone.
    assert.equal(api.statusText(), undefined);
    // The job's item in the Testing view took as long as the job, not the sum of the solutions' run times.
    const duration = api.testDuration(jobId!);
    assert.ok(duration !== undefined && duration >= elapsed / 2 && duration <= elapsed, `the job took ${elapsed} ms, its item says ${duration} ms`);

    const job = api.jobs().find((j) => j.id === jobId);
    assert.ok(job, 'the job is listed');
    const verdicts = Object.fromEntries(job.rows.map((r) => [r.key, r.result?.status ?? `${r.phase}: ${r.problem ?? ''}`]));
    assert.deepEqual(verdicts, {
      'broken.c': 'compilation error',
      'empty.py': 'skipped: empty file',
      'notes.txt': 'skipped: no language for ".txt"',
      ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`ok${i}.py`, 'accepted'])),
      ...Object.fromEntries([1, 2].map((i) => [`slow${i}.py`, 'time limit exceeded'])),
      ...Object.fromEntries([1, 2, 3].map((i) => [`wrong${i}.py`, 'wrong answer'])),
    });
    assert.equal((await postsOfSubmissions()).length, 12);

    // The CSV without what varies from run to run (ids, time, memory).
    const csv = api
      .csv(jobId!)!
      .trimEnd()
      .split('\r\n')
      .map((line) =>
        line
          .split(',')
          .filter((_, i) => ![3, 7, 8, 9].includes(i) || line.startsWith('solution'))
          .join(','),
      );
    assert.equal(csv[0], 'solution,kind,compiler_id,submission_id,state,verdict,score,time_s,memory_kb,note,test_0,test_1');
    const body = Object.fromEntries(csv.slice(1).map((line) => [line.split(',')[0], line]));
    // ECHO is binary: no score (the service's 0 means nothing there).
    assert.equal(body['ok1.py'], 'ok1.py,file,116,judged,accepted,,accepted,accepted');
    assert.equal(body['wrong1.py'], 'wrong1.py,file,116,judged,wrong answer,,wrong answer,wrong answer');
    assert.match(body['slow1.py'], /^slow1\.py,file,116,judged,time limit exceeded,,time limit exceeded,/);
    assert.match(body['broken.c'], /^broken\.c,file,11,judged,compilation error,,/);
    assert.equal(body['notes.txt'], 'notes.txt,file,,skipped,,,,');
    assert.equal(csv.length, 15);

    // Each solution is a test in the Testing view.
    const outcomes = Object.fromEntries((api.testOutcomes(jobId!) ?? []).map((o) => [o.key, o.outcome]));
    assert.deepEqual([outcomes['ok1.py'], outcomes['wrong1.py'], outcomes['broken.c'], outcomes['notes.txt']], ['passed', 'failed', 'failed', 'errored']);

    // The results page rendered every row (its script reports back).
    await waitFor(() => api.renderedRows(jobId!) === 14, { what: 'the results page to show its 14 rows' });

    // Check Similarity in Folder on the same folder (the page's button runs this command): the page
    // gains a column with each solution's closest partner, and identical solutions are 100 % alike.
    await vscode.commands.executeCommand('sphereEngine.similarity.checkFolder', { folder });
    const SIMILAR = 'Most similar to';
    await waitFor(() => api.renderedTable(jobId!)?.head.includes(SIMILAR) === true, { what: 'the similarity column on the results page' });
    const table = api.renderedTable(jobId!)!;
    const shown = Object.fromEntries(table.sample.map((r) => [r.key, r.cells[table.head.indexOf(SIMILAR)]]));
    for (let i = 1; i <= 6; i++) assert.match(shown[`ok${i}.py`], /^100% · ok[1-6]\.py$/, JSON.stringify(shown));
    assert.doesNotMatch(shown['ok1.py'], /ok1\.py$/, 'a solution is not its own partner');
    assert.equal(shown['notes.txt'], '', 'a file the check skipped has no partner');

    // Export CSV: a clean default name, then a word saying where it went, with a way to open it.
    const target = path.join(folder, 'export.csv');
    let defaultName: string | undefined;
    const restoreSave = replace(vscode.window, 'showSaveDialog', (async (options?: vscode.SaveDialogOptions) => {
      defaultName = options?.defaultUri && path.basename(options.defaultUri.fsPath);
      return vscode.Uri.file(target);
    }) as typeof vscode.window.showSaveDialog);
    const exported: Array<{ text: string; buttons: string[] }> = [];
    const restoreExportInfo = recordInfo(exported);
    try {
      assert.equal(await api.exportCsv(jobId!), target);
    } finally {
      restoreSave();
      restoreExportInfo();
    }
    assert.equal(defaultName, `${path.basename(folder)}-ECHO_Echo_lines.csv`);
    assert.equal(fs.readFileSync(target, 'utf8'), api.csv(jobId!));
    assert.deepEqual(exported, [{ text: `Exported 14 rows to ${target}.`, buttons: ['Open File', 'Reveal in File Explorer'] }]);

    // A link at the chosen name (a folder from a pull request may hold one): refused, naming it; the linked file unchanged.
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'se-export-outside-'));
    folders.push(outside);
    fs.writeFileSync(path.join(outside, 'mine.txt'), 'mine\n');
    const linked = path.join(folder, 'linked.csv');
    fs.symlinkSync(path.join(outside, 'mine.txt'), linked);
    const restoreLinked = replace(vscode.window, 'showSaveDialog', (async () => vscode.Uri.file(linked)) as typeof vscode.window.showSaveDialog);
    const errors: string[] = [];
    const restoreError = replace(vscode.window, 'showErrorMessage', (async (text: string) => {
      errors.push(text);
      return undefined;
    }) as unknown as typeof vscode.window.showErrorMessage);
    try {
      assert.equal(await api.exportCsv(jobId!), undefined);
    } finally {
      restoreLinked();
      restoreError();
    }
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.ok(errors[0].startsWith(`${linked} is a link: nothing was written there`), errors[0]);
    assert.equal(fs.readFileSync(path.join(outside, 'mine.txt'), 'utf8'), 'mine\n');
  });

  it('a job stopped after some POSTs is offered at the next start; resumed, each solution is POSTed once', async () => {
    await vscode.workspace.getConfiguration('sphereEngine.problems').update('judgeConcurrency', 1, vscode.ConfigurationTarget.Global);
    const files: Record<string, string> = {};
    for (let i = 1; i <= 6; i++) files[`s${i}.py`] = i === 4 ? WRONG : ACCEPTED;
    const folder = makeFolder(files);
    folders.push(folder);
    await clearEmulatorRequests();
    const asked: string[] = [];
    const restore = confirmWith(asked);
    const before = new Set(api.jobs().map((j) => j.id));
    let running: Thenable<unknown>;
    // Slow POSTs, so that the job is caught with some sent and some not, whatever the machine's speed.
    await setEmulatorFaults([{ path: '/problems/api/v4/submissions$', method: 'POST', kind: 'latency', ms: 400 }]);
    try {
      running = vscode.commands.executeCommand(JUDGE, { folder, problemId: ECHO });
      await waitFor(() => api.jobs().find((j) => !before.has(j.id) && j.rows.filter((r) => r.submissionId).length >= 2), { what: 'two POSTs' });
      // VS Code closes mid-job.
      await api.stopRunners();
      await running;
    } finally {
      restore();
      await clearEmulatorFaults();
    }
    // Every entry can be sent: the question does not speak of any that cannot.
    assert.doesNotMatch(asked[0], /cannot be sent/);
    const sentBefore = (await postsOfSubmissions()).length;
    assert.ok(sentBefore >= 2 && sentBefore < 6, `${sentBefore} POSTs before the stop`);

    // The next start finds it and asks; the person resumes.
    const offers: string[] = [];
    const restoreInfo = replace(vscode.window, 'showInformationMessage', (async (message: string, ...items: string[]) => {
      offers.push(message);
      return items.find((i) => i === 'Resume Sending');
    }) as unknown as typeof vscode.window.showInformationMessage);
    try {
      assert.equal(await api.offerUnfinished(), 1);
    } finally {
      restoreInfo();
    }
    assert.match(offers[0], /did not finish: \d solutions not sent yet/);
    const done = await waitFor(() => api.jobs().find((j) => !before.has(j.id) && j.rows.every((r) => r.phase === 'judged')), {
      what: 'every verdict of the resumed job',
      timeoutMs: 30_000,
    });
    assert.deepEqual(
      done.rows.map((r) => r.result!.status),
      ['accepted', 'accepted', 'accepted', 'wrong answer', 'accepted', 'accepted'],
    );
    const posts = await postsOfSubmissions();
    assert.equal(posts.length, 6, 'exactly one POST per solution');
    assert.ok(posts.every((p) => p.status === 201));
    assert.equal(new Set(done.rows.map((r) => r.submissionId)).size, 6);
  });

  it('Submit Each Folder to Project: 4 project folders against the unit-tests project, a tests report per row', async () => {
    const good = fs.readFileSync(path.join(REPO_ROOT, 'emulator', 'projects', 'python-unit-tests', 'files', 'solution.py'), 'utf8');
    const folder = makeFolder({});
    folders.push(folder);
    const projects: Record<string, string> = {
      alice: good,
      bob: fs.readFileSync(path.join(REPO_ROOT, 'test', 'fixtures', 'containers', 'failing-tests', 'solution.py'), 'utf8'),
      carol: good.replace('cleaned == cleaned[::-1]', 'False'),
      dave: 'def add(:\n',
    };
    for (const [name, source] of Object.entries(projects)) {
      fs.mkdirSync(path.join(folder, name));
      fs.writeFileSync(path.join(folder, name, 'solution.py'), source);
    }
    await clearEmulatorRequests();
    const asked: string[] = [];
    const restore = confirmWith(asked);
    let jobId: string | undefined;
    // Its own setting, not Judge Solutions in Folder's (left at 1 by the test before): one upload
    // at a time, seen as POSTs that never overlap while each takes 300 ms more.
    await vscode.workspace.getConfiguration('sphereEngine.problems').update('judgeConcurrency', 4, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('sphereEngine.containers').update('submitConcurrency', 1, vscode.ConfigurationTarget.Global);
    await setEmulatorFaults([{ path: '/containers/api/v1/submissions$', method: 'POST', kind: 'latency', ms: 300 }]);
    // Its own words throughout: the progress and the last notice say which command ran.
    const titles: string[] = [];
    const originalProgress = vscode.window.withProgress;
    const restoreProgress = replace(vscode.window, 'withProgress', ((options: vscode.ProgressOptions, task: never) => {
      if (options.title) titles.push(options.title);
      return originalProgress(options, task);
    }) as typeof vscode.window.withProgress);
    const infos: Array<{ text: string; buttons: string[] }> = [];
    const restoreInfo = recordInfo(infos);
    try {
      jobId = await vscode.commands.executeCommand<string>(SUBMIT_EACH, vscode.Uri.file(folder), { projectId: UNIT_TESTS_PROJECT, scenario: 'test' });
    } finally {
      restoreProgress();
      restoreInfo();
      restore();
      await clearEmulatorFaults();
      await vscode.workspace.getConfiguration('sphereEngine.containers').update('submitConcurrency', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal(asked.length, 1, asked.join('\n---\n'));
    assert.match(asked[0], /Send 4 project folders to Python Unit Tests \(scenario "test"\)\?/);
    assert.match(asked[0], /Endpoint: http:\/\/127\.0\.0\.1:\d+\/containers/);

    const job = api.jobs().find((j) => j.id === jobId);
    assert.ok(job, 'the job is listed');
    const failing = (key: string) =>
      job.rows
        .find((r) => r.key === key)!
        .result!.tests.filter((t) => t.status !== 'ok')
        .map((t) => t.name);
    assert.deepEqual(
      job.rows.map((r) => [r.key, r.result?.status]),
      [
        ['alice', 'ok'],
        ['bob', 'fail'],
        ['carol', 'fail'],
        ['dave', 'fail'],
      ],
    );
    assert.equal(job.rows[0].result!.tests.length, 4);
    assert.deepEqual(failing('alice'), []);
    assert.deepEqual(failing('bob'), ['AddTest.test_negative_numbers', 'AddTest.test_small_numbers']);
    assert.deepEqual(failing('carol'), ['PalindromeTest.test_sentence_with_spaces', 'PalindromeTest.test_simple_word']);
    assert.deepEqual(failing('dave'), ['_FailedTest.tests.test_solution']);
    const posts = (await emulatorRequests()).filter((r) => r.method === 'POST' && /\/containers\/api\/v1\/submissions(\?|$)/.test(r.url));
    assert.equal(posts.length, 4);
    const byStart = [...posts].sort((a, b) => a.at - b.at);
    for (let i = 1; i < byStart.length; i++) {
      assert.ok(byStart[i].at >= byStart[i - 1].at + byStart[i - 1].ms, `uploads overlapped with sphereEngine.containers.submitConcurrency 1: ${JSON.stringify(byStart)}`);
    }

    const csv = api.csv(jobId!)!.split('\r\n');
    assert.match(
      csv[0],
      /,note,test_AddTest\.test_negative_numbers,test_AddTest\.test_small_numbers,test_PalindromeTest\.test_sentence_with_spaces,test_PalindromeTest\.test_simple_word,/,
    );
    assert.match(
      csv.find((l) => l.startsWith('carol,'))!,
      /,fail,50,.*,ok,ok,failure,failure,$/,
    );
    const outcomes = Object.fromEntries((api.testOutcomes(jobId!) ?? []).map((o) => [o.key, o.outcome]));
    assert.deepEqual(outcomes, { alice: 'passed', bob: 'failed', carol: 'failed', dave: 'failed' });
    await waitFor(() => api.renderedRows(jobId!) === 4, { what: 'the results page to show its 4 rows' });

    assert.ok(titles.includes('Submit Each Folder: 4 project folders to Python Unit Tests (scenario "test")'), JSON.stringify(titles));
    assert.ok(!titles.some((t) => /Judging/.test(t)), JSON.stringify(titles));
    assert.deepEqual(
      infos.filter((i) => /finished/.test(i.text)).map((i) => i.text),
      ['Submit Each Folder to Python Unit Tests (scenario "test") finished: 3 fail, 1 ok.'],
    );

    // Each submission is in the Submissions view, as Submit Folder's are, with its verdict.
    const submissions = (
      await activateExtension<{
        containersSubmit: { submissions: { getChildren(): Array<{ id: number; projectName: string; statusName: string; folder: string; scenario: string }> } };
      }>()
    ).containersSubmit.submissions;
    const listed = await waitFor(
      () => {
        const byId = new Map(submissions.getChildren().map((e) => [e.id, e]));
        const mine = job.rows.map((r) => byId.get(r.submissionId!));
        return mine.every((e) => e && e.statusName !== 'waiting') && mine;
      },
      { what: 'the 4 submissions in the Submissions view' },
    );
    assert.deepEqual(
      listed.map((e) => [path.basename(e!.folder), e!.projectName, e!.scenario, e!.statusName]),
      [
        ['alice', 'Python Unit Tests', 'test', 'ok'],
        ['bob', 'Python Unit Tests', 'test', 'fail'],
        ['carol', 'Python Unit Tests', 'test', 'fail'],
        ['dave', 'Python Unit Tests', 'test', 'fail'],
      ],
    );
  });
});
