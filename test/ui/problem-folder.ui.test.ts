// Push Problem Folder as a person sees it: the window's folder is a problem folder pulled from the
// UI suite's emulator; one expected output is edited; the palette's Push Problem Folder shows the
// change in a modal before anything is sent; Push sends it and says so.
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
    /* eslint-disable @typescript-eslint/no-require-imports */
    const api = require(path.join(REPO_ROOT, 'out', 'src', 'api', 'index.js')) as { ProblemsClient: new (o: object) => ProblemsApi };
    const core = require(path.join(REPO_ROOT, 'out', 'src', 'core', 'problem-folder', 'index.js')) as { pullProblem(c: ProblemsApi, o: object): Promise<unknown> };
    /* eslint-enable @typescript-eslint/no-require-imports */
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

  it('shows the push preview with the edited test, then sends it', async () => {
    fs.writeFileSync(path.join(folder(), 'tests', '0.out'), '3\n');
    // The command is offered once the extension is signed in to Problems: its view lists them.
    await workbench().openView('Sphere Engine');
    await workbench().waitForTreeRow(/UI folder/, 30_000);
    await workbench().runCommand('Sphere Engine: Push Problem Folder');
    const dialog = workbench().page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    const text = (await dialog.innerText()).replace(/\s+/g, ' ');
    assert.match(text, new RegExp(`Push 1 changes to problem ${problemId} “UI folder”\\?`));
    assert.match(text, /Update test 0: expected output/);
    await workbench().screenshot('problem-folder-push-preview');
    await dialog.locator('.monaco-button', { hasText: /^Push$/ }).first().click();
    await workbench().waitForNotification(new RegExp(`Pushed 1 changes to problem ${problemId}`), 30_000);
    assert.equal((await client.getTestCaseFile(problemId, 0, 'output')).toString(), '3\n');
  });
});
