// Problem folders as a person sees them: the window's folder is a problem folder pulled from the
// UI suite's emulator. Check Problem Folder judges its reference solutions and the Testing view
// shows each against its expected verdict. Then one expected output is edited; the palette's Push
// Problem Folder shows the change in a modal before anything is sent; Push sends it and says so.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { emulatorEnv } from './containers-api';
import { useWorkbenchOnCopyOf } from './suite';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

interface ProblemsApi {
  createProblem(p: object): Promise<{ id: number }>;
  createTestCase(id: number, t: object): Promise<{ number: number }>;
  getTestCaseFile(id: number, n: number, f: 'output'): Promise<Buffer>;
  deleteProblem(id: number): Promise<void>;
  close(): Promise<void>;
}

describe('problem folders (UI)', function () {
  this.timeout(150_000);
  // Filled by the before hook below, which runs before the workbench copies it.
  const source = path.join(os.tmpdir(), `se-ui-problem-folder-${process.pid}`);
  let client: ProblemsApi;
  let problemId: number;

  before(async () => {
    const emulator = emulatorEnv();
    const endpoint = `${emulator.origin}/problems`;
    const api = require(path.join(REPO_ROOT, 'out', 'src', 'api', 'index.js')) as { ProblemsClient: new (o: object) => ProblemsApi };
    const core = require(path.join(REPO_ROOT, 'out', 'src', 'core', 'problem-folder', 'index.js')) as { pullProblem(c: ProblemsApi, o: object): Promise<unknown> };
    client = new api.ProblemsClient({ endpoint, token: emulator.token });
    problemId = (await client.createProblem({ name: 'UI folder', masterjudgeId: 1000 })).id;
    await client.createTestCase(problemId, { input: '1\n', output: '2\n', judgeId: 1 });
    await core.pullProblem(client, { endpoint, problemId, dir: source });
  });
  const { workbench, folder } = useWorkbenchOnCopyOf(source);
  after(async () => {
    await client?.deleteProblem(problemId).catch(() => undefined);
    await client?.close();
    fs.rmSync(source, { recursive: true, force: true });
  });

  it('checks the reference solutions: the Testing view shows the one the tests do not catch as failed', async () => {
    // A right solution filed as accepted, and the same one filed as wrong answer: the tests accept it,
    // which is a failure of the problem.
    for (const rel of ['solutions/accepted/double.py', 'solutions/wrong_answer/same.py']) {
      fs.mkdirSync(path.dirname(path.join(folder(), rel)), { recursive: true });
      fs.writeFileSync(path.join(folder(), rel), 'print(2 * int(input()))\n');
    }
    await workbench().openView('Sphere Engine');
    await workbench().waitForTreeRow(/UI folder/, 30_000);
    await workbench().runCommand('Sphere Engine: Check Problem Folder');
    // Two submissions: asked first, as Judge Solutions in Folder asks.
    const question = workbench().page.locator('.monaco-dialog-box');
    await question.waitFor({ timeout: 20_000 });
    assert.match((await question.innerText()).replace(/\s+/g, ' '), /send its 2 reference solutions to problem/);
    await question.locator('.monaco-button', { hasText: 'Submit 2' }).first().click();
    await workbench().waitForNotification(/1 of 2 solutions did not get their expected verdict: solutions\/wrong_answer\/same\.py/, 60_000);
    await workbench().openView('Testing');
    const row = (text: string) => workbench().page.locator('.part.sidebar .monaco-list-row').filter({ hasText: text }).first();
    await row('Check: UI folder').waitFor({ timeout: 15_000 });
    if ((await row('Check: UI folder').getAttribute('aria-expanded')) !== 'true') {
      await row('Check: UI folder').click();
      await workbench().page.keyboard.press('ArrowRight');
    }
    await row('same.py').waitFor({ timeout: 15_000 });
    assert.equal(await row('double.py').locator('.codicon-testing-passed-icon').count(), 1, 'the accepted solution is not shown as passed');
    assert.equal(await row('same.py').locator('.codicon-testing-failed-icon').count(), 1, 'the wrong-answer solution that passes is not shown as failed');
    assert.match(await row('same.py').innerText(), /expected: wrong answer/);
    await workbench().screenshot('problem-folder-check');
    fs.rmSync(path.join(folder(), 'solutions'), { recursive: true });
  });

  it('shows the push preview with the edited test, then sends it', async () => {
    fs.writeFileSync(path.join(folder(), 'tests', '0.out'), '3\n');
    // The command is offered once the extension is signed in to Problems: its view lists them.
    await workbench().openView('Sphere Engine');
    await workbench().waitForTreeRow(/UI folder/, 30_000);
    await workbench().runCommand('Sphere Engine: Push Problem Folder');
    const dialog = workbench().page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    const text = (await dialog.innerText()).replace(/\s+/g, ' ');
    assert.match(text, new RegExp(`Push 1 change to problem ${problemId} “UI folder”\\?`));
    assert.match(text, /Update test 0: expected output/);
    await workbench().screenshot('problem-folder-push-preview');
    await dialog
      .locator('.monaco-button', { hasText: /^Push$/ })
      .first()
      .click();
    await workbench().waitForNotification(new RegExp(`Pushed 1 change to problem ${problemId}`), 30_000);
    assert.equal((await client.getTestCaseFile(problemId, 0, 'output')).toString(), '3\n');
  });
});
