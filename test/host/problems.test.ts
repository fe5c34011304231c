// The Problems feature inside a real VS Code, against the run's emulator: the Problems view lists
// the seed problems, a problem opens as a rendered page, and Submit Solution turns every judged
// test case into a Testing view result (asserted through the feature's recorded test runs, since
// VS Code has no API to read test results back), with compile errors as Diagnostics.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useScratch } from '../scratch';
import { activateExtension, clearEmulatorFaults, emulatorRequests, clearEmulatorRequests, setEmulatorFaults, waitFor, workspaceFolder } from './helpers';

interface RecordedResult {
  itemId: string;
  label: string;
  outcome: string;
  message?: string;
  expected?: string;
  actual?: string;
}
interface RecordedRun {
  name: string;
  results: RecordedResult[];
  output: string;
  ended: boolean;
}
interface TestItemSnapshot {
  id: string;
  label: string;
  description?: string;
  children: TestItemSnapshot[];
}
interface Verdict {
  submissionId: number;
  problemId: number;
  statusCode: number;
  summary: string;
  outcome: string;
  tests: Array<{ number: number; outcome: string; message: string }>;
}
interface ProblemsApi {
  tree: { getChildren(node?: unknown): Promise<unknown[]>; getTreeItem(node: unknown): vscode.TreeItem };
  testItems(): TestItemSnapshot[];
  runs(): RecordedRun[];
  lastError(): { message: string; status?: number; errorCode?: number; action?: string } | undefined;
  detailsUri(problemId: number, code?: string): string;
  runItems(itemIds: string[]): Promise<void>;
  showContainersTestsReport(submissionId: number, report: unknown, label?: string): boolean;
}

const ADDTWO = 1;
const FOREIGN = 4;
const fixtures = () => path.resolve(workspaceFolder().uri.fsPath, '..', 'problems');
const fixture = (name: string) => vscode.Uri.file(path.join(fixtures(), name));

function lastRun(api: ProblemsApi): RecordedRun {
  const run = api.runs().at(-1);
  assert.ok(run, 'no test run was recorded');
  assert.equal(run.ended, true, 'the test run did not end');
  return run;
}

/** item id → outcome, for the test case items of one problem. */
function outcomes(run: RecordedRun, problemId: number): Record<string, string> {
  const prefix = `problem:${problemId}:test:`;
  return Object.fromEntries(run.results.filter((r) => r.itemId.startsWith(prefix)).map((r) => [r.itemId.slice(prefix.length), r.outcome]));
}

function submit(options: Record<string, unknown>): Thenable<Verdict | undefined> {
  return vscode.commands.executeCommand<Verdict | undefined>('sphereEngine.problems.submitSolution', options);
}

describe('problems', function () {
  this.timeout(90_000);
  const scratch = useScratch();
  let api: ProblemsApi;

  before(async () => {
    const exported = await activateExtension<{ problems?: ProblemsApi }>();
    assert.ok(exported.problems, 'exports.problems missing');
    api = exported.problems;
  });

  afterEach(async () => {
    await clearEmulatorFaults();
  });

  it('lists the problems with code, name and type in the Problems view', async () => {
    const nodes = await api.tree.getChildren();
    const items = nodes.map((n) => api.tree.getTreeItem(n));
    const addTwo = items.find((i) => i.label === 'ADDTWO');
    assert.ok(addTwo, `no ADDTWO row in ${items.map((i) => i.label).join(', ')}`);
    assert.equal(addTwo.description, 'Add two numbers · binary');
    assert.equal(addTwo.contextValue, 'sphereEngine.problem');
    const average = items.find((i) => i.label === 'AVERAGE');
    assert.equal(average?.description, 'Average of numbers · maximize');
  });

  it('opens a problem as a page with its description, test cases and master judge', async () => {
    const uri = await vscode.commands.executeCommand<string>('sphereEngine.problems.open', ADDTWO);
    assert.ok(uri, 'Open Problem returned nothing');
    const text = (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri))).getText();
    assert.match(text, /^# ADDTWO — Add two numbers/);
    assert.match(text, /For every pair print a \+ b on its own line\./);
    assert.match(text, /\| 0 \| yes \| 1 s \| Ignores extra whitespaces \(1\) \|/);
    assert.match(text, /\| 2 \| yes \| 2 s \| Ignores extra whitespaces \(1\) \|/);
    assert.match(text, /## Master judge\n\nGeneric masterjudge \(1000\)/);
  });

  it("the problem's page stays on the problem when another Markdown file opens (its own tab, not a preview that follows)", async () => {
    const tabs = () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .filter((t) => t.input instanceof vscode.TabInputWebview)
        .map((t) => t.label);
    const dir = scratch('host-problem-page-');
    const other = path.join(dir, 'notes.md');
    const statement = path.join(dir, 'statement.md');
    fs.writeFileSync(other, '# Notes\n');
    fs.writeFileSync(statement, '# Echo\n\nPrint the input.\n');
    try {
      // A preview that follows the active Markdown editor, as VS Code's own "Open Preview" gives:
      // when it shows statement.md, VS Code has handled the switch, and the page can be looked at.
      await vscode.window.showTextDocument(vscode.Uri.file(other));
      await vscode.commands.executeCommand('markdown.showPreview');
      await waitFor(() => tabs().includes('Preview notes.md'), { what: 'the preview of notes.md' });
      await vscode.commands.executeCommand('sphereEngine.problems.open', ADDTWO);
      await waitFor(() => tabs().includes('[Preview] ADDTWO.md'), { what: `the problem page's tab among ${JSON.stringify(tabs())}` });
      await vscode.window.showTextDocument(vscode.Uri.file(statement));
      await waitFor(() => tabs().includes('Preview statement.md'), { what: `the following preview to show statement.md among ${JSON.stringify(tabs())}` });
      assert.ok(tabs().includes('[Preview] ADDTWO.md'), `the problem page is gone: ${JSON.stringify(tabs())}`);
      // Opened again, the same page comes forward: one tab per problem.
      await vscode.commands.executeCommand('sphereEngine.problems.open', ADDTWO);
      assert.equal(tabs().filter((l) => l === '[Preview] ADDTWO.md').length, 1);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('an accepted solution passes every test case, with the overall status and score on the problem', async () => {
    await clearEmulatorRequests();
    const verdict = await submit({ file: fixture('addtwo-accepted.py'), problemId: ADDTWO });
    assert.ok(verdict, `nothing judged: ${JSON.stringify(api.lastError())}`);
    assert.equal(verdict.statusCode, 15);
    const run = lastRun(api);
    assert.deepEqual(outcomes(run, ADDTWO), { 0: 'passed', 1: 'passed', 2: 'passed' });
    assert.match(run.output, /^Submission \d+ to ADDTWO created with profile "Local emulator";/m, 'the run does not say which profile judged it');
    assert.equal(run.results.find((r) => r.itemId === 'problem:1')?.outcome, 'passed');
    const item = api.testItems().find((i) => i.id === 'problem:1');
    assert.equal(item?.label, 'ADDTWO — Add two numbers');
    // ADDTWO is binary: its master judge gives no score, so none is shown (the service's 0 means nothing).
    assert.match(item?.description ?? '', /^Accepted · [\d.]+ s/);
    assert.doesNotMatch(item?.description ?? '', /score/);
    assert.deepEqual(
      item?.children.map((c) => c.label),
      ['Test 0', 'Test 1', 'Test 2'],
    );
    // A test's time limit says what it is, apart from the run's own time VS Code shows beside it.
    assert.match(item?.children[0].description ?? '', /^time limit [\d.]+ s$/);
    // The compiler came from the file's language (Python 3) and one POST was sent.
    const posts = (await emulatorRequests()).filter((r) => r.method === 'POST' && r.url.startsWith('/problems/api/v4/submissions'));
    assert.equal(posts.length, 1);
  });

  it('one wrong test case among three fails with expected against received', async () => {
    const verdict = await submit({ file: fixture('addtwo-wrong.py'), problemId: ADDTWO });
    assert.equal(verdict?.statusCode, 14);
    const run = lastRun(api);
    assert.deepEqual(outcomes(run, ADDTWO), { 0: 'passed', 1: 'failed', 2: 'passed' });
    const wrong = run.results.find((r) => r.itemId === 'problem:1:test:1')!;
    assert.match(wrong.message ?? '', /^Test 1: wrong answer, time [\d.]+ s, memory/);
    assert.equal(wrong.expected, '-2\n0\n2000000000\n-999999993\n579\n');
    assert.equal(wrong.actual, '-2\n2000000000\n-999999993\n579\n');
  });

  it('a solution too slow for the large test exceeds its time limit there only', async () => {
    const verdict = await submit({ file: fixture('addtwo-slow.py'), problemId: ADDTWO });
    assert.equal(verdict?.statusCode, 13);
    const run = lastRun(api);
    assert.deepEqual(outcomes(run, ADDTWO), { 0: 'passed', 1: 'passed', 2: 'failed' });
    assert.match(run.results.find((r) => r.itemId === 'problem:1:test:2')?.message ?? '', /time limit exceeded, time 2\.00 s \(limit 2 s\)/);
  });

  it("a solution that crashes shows its traceback in the failed test's message", async () => {
    const verdict = await submit({ file: fixture('addtwo-crash.py'), problemId: ADDTWO });
    assert.equal(verdict?.statusCode, 12);
    const run = lastRun(api);
    const crashed = run.results.find((r) => r.itemId === 'problem:1:test:0')!;
    assert.equal(crashed.outcome, 'failed');
    assert.match(crashed.message ?? '', /^Test 0: runtime error/);
    assert.match(crashed.message ?? '', /NameError: name 'undefined_name' is not defined/);
    // Also under the test in the Test Results output and on the problem's own item.
    assert.match(run.output, /Test 0: runtime error[^\n]*\n\s+Traceback[\s\S]*NameError/);
    assert.match(run.results.find((r) => r.itemId === 'problem:1')?.message ?? '', /NameError: name 'undefined_name'/);
  });

  it('a compilation error errors the tests and marks the line in the editor', async () => {
    const file = fixture('addtwo-compile-error.c');
    await vscode.window.showTextDocument(file);
    const verdict = await submit({ file, problemId: ADDTWO });
    assert.equal(verdict?.statusCode, 11);
    const run = lastRun(api);
    assert.deepEqual(outcomes(run, ADDTWO), { 0: 'errored', 1: 'errored', 2: 'errored' });
    assert.match(run.results.find((r) => r.itemId === 'problem:1')?.message ?? '', /‘c’ undeclared|'c' undeclared/);
    const diagnostics = await waitFor(
      () => {
        const found = vscode.languages.getDiagnostics(file);
        return found.length > 0 && found;
      },
      { what: 'diagnostics on the C file' },
    );
    const error = diagnostics.find((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.ok(error, 'no error diagnostic');
    assert.equal(error.range.start.line, 8);
    assert.match(error.message, /undeclared/);
  });

  it('a subset of tests runs only those test cases, and the file remembers its problem', async () => {
    // No problemId: the file was submitted to ADDTWO before (here too, so the test passes alone).
    await submit({ file: fixture('addtwo-accepted.py'), problemId: ADDTWO, tests: [2] });
    const verdict = await submit({ file: fixture('addtwo-accepted.py'), tests: [0, 1] });
    assert.deepEqual(
      verdict?.tests.map((t) => [t.number, t.outcome]),
      [
        [0, 'passed'],
        [1, 'passed'],
      ],
    );
    assert.deepEqual(outcomes(lastRun(api), ADDTWO), { 0: 'passed', 1: 'passed' });
  });

  it('re-running a test case from the Testing view submits the last file again', async () => {
    await submit({ file: fixture('addtwo-accepted.py'), problemId: ADDTWO, tests: [2] }); // the last file, also when this test runs alone
    await clearEmulatorRequests();
    await api.runItems(['problem:1:test:0']);
    assert.deepEqual(outcomes(lastRun(api), ADDTWO), { 0: 'passed' });
    const posts = (await emulatorRequests()).filter((r) => r.method === 'POST' && r.url.startsWith('/problems/api/v4/submissions'));
    assert.equal(posts.length, 1);
  });

  it('creates a problem with two test cases from files and judges a solution to it', async () => {
    const created = await vscode.commands.executeCommand<{ id: number }>('sphereEngine.problems.createProblem', { name: 'Double it', typeId: 0, masterjudgeId: 1000 });
    assert.ok(created?.id, `no problem created: ${JSON.stringify(created)}`);
    for (const n of [1, 2]) {
      const added = await vscode.commands.executeCommand<{ number: number }>('sphereEngine.problems.addTestCase', {
        problemId: created.id,
        input: fixture(`double/${n}.in`),
        output: fixture(`double/${n}.out`),
        timeLimit: 1,
        judgeId: 1,
      });
      assert.equal(added?.number, n - 1);
    }
    const listed = (await api.tree.getChildren()).map((n) => api.tree.getTreeItem(n));
    assert.ok(
      listed.some((i) => typeof i.description === 'string' && i.description.startsWith('Double it')),
      'the new problem is not in the view',
    );
    const verdict = await submit({ file: fixture('double/double.py'), problemId: created.id });
    assert.equal(verdict?.statusCode, 15, JSON.stringify(verdict));
    assert.deepEqual(outcomes(lastRun(api), created.id), { 0: 'passed', 1: 'passed' });
  });

  it("lists judges and shows a judge's source", async () => {
    const judges = await vscode.commands.executeCommand<Array<{ id: number; name: string }>>('sphereEngine.problems.listJudges', { pick: false });
    assert.ok(
      judges?.some((j) => j.id === 1000 && /masterjudge/i.test(j.name)),
      'no generic master judge listed',
    );
    const shown = await vscode.commands.executeCommand<{ text: string }>('sphereEngine.problems.showJudgeSource', 1);
    assert.ok(shown && shown.text.length > 0, 'empty judge source');
    assert.equal(vscode.window.activeTextEditor?.document.getText(), shown.text);
  });

  it('re-judges a submission and reports it again', async () => {
    const first = await submit({ file: fixture('addtwo-wrong.py'), problemId: ADDTWO, tests: [1] });
    assert.ok(first);
    const again = await vscode.commands.executeCommand<Verdict>('sphereEngine.problems.rejudge', first.submissionId);
    assert.equal(again?.submissionId, first.submissionId);
    assert.equal(again?.statusCode, 14);
    assert.match(lastRun(api).name, new RegExp(`Re-judge of submission ${first.submissionId}`));
  });

  it('shows a Containers tests report in the same Testing view', () => {
    const report = {
      tests: [
        { name: 'adds', classname: 'calc', status: 'ok', time: 0.01 },
        { name: 'divides', classname: 'calc', status: 'failure', time: 0.02, message: 'expected 2, got 3' },
      ],
      summary: { total: 2, passed: 1, failed: 1, errors: 0, skipped: 0, time: 0.03 },
    };
    assert.equal(api.showContainersTestsReport(42, report, 'calc-project #42'), true);
    const item = api.testItems().find((i) => i.id === 'containers:42');
    assert.equal(item?.label, 'calc-project #42');
    assert.deepEqual(
      item?.children.map((c) => c.label),
      ['calc › adds', 'calc › divides'],
    );
    const run = lastRun(api);
    assert.deepEqual(
      run.results.filter((r) => r.itemId !== 'containers:42').map((r) => [r.label, r.outcome, r.message]),
      [
        ['calc › adds', 'passed', undefined],
        ['calc › divides', 'failed', 'expected 2, got 3'],
      ],
    );
  });

  describe('errors of the problems endpoints', () => {
    const cases: Array<[string, Record<string, unknown>, number, RegExp]> = [
      ['unknown problem', { problemId: 999_999 }, 200201, /does not exist/],
      ['access denied', { problemId: FOREIGN }, 200202, /denied/],
      ['bad test sequence', { problemId: ADDTWO, tests: [7] }, 205206, /names a test that the problem does not have/],
    ];
    for (const [what, options, code, text] of cases) {
      it(`${what}: says what happened and what to do`, async () => {
        const verdict = await submit({ file: fixture('addtwo-accepted.py'), compilerId: 116, ...options });
        assert.equal(verdict, undefined);
        const error = api.lastError();
        assert.equal(error?.errorCode, code, JSON.stringify(error));
        assert.match(error?.message ?? '', text);
        assert.equal(error?.action, 'fixInput');
      });
    }

    it('compiler unavailable: says so and offers another language', async function () {
      const verdict = await submit({ file: fixture('addtwo-accepted.py'), problemId: ADDTWO, compilerId: 17 });
      assert.equal(verdict, undefined);
      const error = api.lastError();
      if (error?.errorCode === undefined) this.skip(); // Ruby installed here: nothing to refuse.
      assert.ok([201108, 201101].includes(error!.errorCode!), JSON.stringify(error));
      assert.match(error!.message, /Choose another language|Pick a language/);
    });

    it('empty pool: says no submission was created and what to do', async () => {
      await setEmulatorFaults([{ path: '^/problems/api/v4/submissions$', method: 'POST', kind: 'status', status: 402, times: 1 }]);
      const verdict = await submit({ file: fixture('addtwo-accepted.py'), problemId: ADDTWO, compilerId: 116 });
      assert.equal(verdict, undefined);
      const error = api.lastError();
      assert.equal(error?.status, 402);
      assert.match(error?.message ?? '', /submission pool is empty/);
      // An unknown or foreign problem leaves no item behind in the Testing view.
      assert.equal(
        api.testItems().some((i) => i.id === 'problem:999999' || i.id === `problem:${FOREIGN}`),
        false,
      );
    });
  });
});
