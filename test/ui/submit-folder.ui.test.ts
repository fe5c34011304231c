// Submit Folder to Project through the workbench: the palette command, the project pick, the
// "what will be sent" dialog, then the verdict in the Submissions output channel and view; a
// build error's messages in the Problems panel on the local file.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { containersClient, type WorkspaceApi } from './containers-api';
import { useWorkbench, useWorkbenchOnCopyOf } from './suite';

const CONTAINER_SAMPLES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'containers');

describe('Submit Folder to Project (UI)', function () {
  this.timeout(120_000);
  const workbench = useWorkbench();

  it('submits the open folder and shows every stage and the result in the output', async () => {
    await workbench().openView('Sphere Engine');
    await workbench().runCommand('Sphere Engine: Submit Folder to Project');
    // The project pick fills in once the projects are listed.
    const row = workbench().quickInput().locator('.monaco-list-row').filter({ hasText: 'Console Python' }).first();
    await row.waitFor({ timeout: 20_000 });
    await workbench().answerQuickInput('Console Python');

    // Console Python has one scenario, so no scenario pick: the confirmation comes next.
    const dialog = workbench().page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 20_000 });
    const question = (await dialog.innerText()).replace(/\s+/g, ' ');
    assert.match(question, /Send \d+ files?, [\d.]+ (B|KiB) to Console Python/);
    await workbench().screenshot('submit-folder-confirm');
    await dialog.locator('.monaco-button', { hasText: 'Submit' }).first().click();

    const result = await workbench().waitForOutputLine(/Result:\s/, 60_000);
    assert.match(result, /Result: ok \(15\)/);
    const text = await workbench().outputText();
    assert.match(text, /memory: /);
    await workbench().screenshot('submit-folder-output');

    const submissionRow = await workbench().waitForTreeRow(/#\d+ Console Python/, 15_000);
    assert.match((await submissionRow.innerText()).replace(/\s+/g, ' '), /ok/);
    await workbench().screenshot('submit-folder-submissions-view');
  });
});

describe('Submit Folder to Project with a build error (UI)', function () {
  this.timeout(150_000);
  // A copy of the build-error sample opened as the window's folder: the diagnostics land on its main.cpp.
  const { workbench } = useWorkbenchOnCopyOf(path.join(CONTAINER_SAMPLES, 'build-error'));

  it('shows the build error verdict in the output and the g++ messages in the Problems panel on main.cpp', async () => {
    const page = workbench().page;
    await workbench().openView('Sphere Engine');
    await workbench().runCommand('Sphere Engine: Submit Folder to Project');
    await workbench().quickInput().locator('.monaco-list-row').filter({ hasText: 'Console C++' }).first().waitFor({ timeout: 20_000 });
    await workbench().answerQuickInput('Console C++');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 20_000 });
    assert.match((await dialog.innerText()).replace(/\s+/g, ' '), /Send 1 file, [\d.]+ B to Console C\+\+/);
    await dialog.locator('.monaco-button', { hasText: 'Submit' }).first().click();

    await workbench().waitForOutputLine(/Result:\sbuild\serror\s\(11\)/, 90_000);

    // The Problems panel lists main.cpp with g++'s messages, as a person opens it.
    await workbench().runCommand('View: Focus Problems (Errors, Warnings, Infos)');
    const rows = page.locator('.markers-panel .monaco-list-row');
    await rows.filter({ hasText: 'main.cpp' }).first().waitFor({ timeout: 20_000 });
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.ok(
      texts.some((t) => /expected\W{0,3};/.test(t)),
      `no "expected ';'" message: ${JSON.stringify(texts)}`,
    );
    assert.ok(
      texts.some((t) => /totl/.test(t) && /not declared|undeclared/.test(t)),
      `no message on the misspelt totl: ${JSON.stringify(texts)}`,
    );
    await workbench().screenshot('submit-folder-build-error-problems');

    // A message opens main.cpp at its line.
    await rows.filter({ hasText: /totl/ }).first().dblclick();
    await page.locator('.tabs-container .tab.active').filter({ hasText: 'main.cpp' }).waitFor({ timeout: 15_000 });
  });
});

describe('Submit Folder to Project: what is left out, the remembered project, stop waiting (UI)', function () {
  this.timeout(180_000);
  // A copy of the `ok` sample: its .sphereignore leaves notes/ out.
  let client: WorkspaceApi;
  before(() => {
    client = containersClient();
  });
  const { workbench } = useWorkbenchOnCopyOf(path.join(CONTAINER_SAMPLES, 'ok'));
  after(async () => {
    await client?.close();
  });

  const dialog = () => workbench().page.locator('.monaco-dialog-box');
  const dialogButton = (label: string) => dialog().locator('.monaco-button', { hasText: label }).first();

  async function startSubmit(): Promise<void> {
    await workbench().openView('Sphere Engine');
    await workbench().runCommand('Sphere Engine: Submit Folder to Project');
    await workbench().quickInput().locator('.monaco-list-row').filter({ hasText: 'Console Python' }).first().waitFor({ timeout: 20_000 });
  }

  it('lists what the ignore rules leave out on request, then sends, with the submission in the status bar', async () => {
    const page = workbench().page;
    await startSubmit();
    await workbench().answerQuickInput('Console Python');
    await dialog().waitFor({ timeout: 20_000 });
    assert.match((await dialog().innerText()).replace(/\s+/g, ' '), /Send 4 files, [\d.]+ (B|KiB), 1 left out by ignore rules to Console Python/);

    await dialogButton('Show Left Out').click();
    // The list opens in an editor, and the question comes back.
    const lines = page.locator('.editor-instance .view-lines .view-line');
    await lines
      .filter({ hasText: /^Left\sout\sof\s/ })
      .first()
      .waitFor({ timeout: 15_000 });
    const listed = (await lines.allInnerTexts()).map((l) => l.replace(/\u00a0/g, ' ')).join('\n');
    assert.match(listed, /Left out of .*se-ui-ok-.* \(1\):/);
    assert.match(listed, /notes/);
    assert.match(listed, /\.sphereignore/, `the list does not say which rule left notes out:\n${listed}`);
    // A read-only document named for what it holds: no "unsaved" dot, nothing to save on close.
    const tab = page.locator('.tabs-container .tab.active');
    assert.match(((await tab.textContent()) ?? '').trim(), /^left out of se-ui-ok-\w+\.txt/);
    assert.doesNotMatch((await tab.getAttribute('class')) ?? '', /\bdirty\b/, 'the list shows as unsaved');
    await dialog().waitFor({ timeout: 15_000 });
    await workbench().screenshot('submit-folder-left-out');
    await dialogButton('Submit').click();

    // While it runs, the status bar names the submission (the first poll comes after 5 s).
    const status = page
      .locator('.statusbar-item')
      .filter({ hasText: /Submission \d+: / })
      .first();
    await status.waitFor({ timeout: 15_000 });
    const result = await workbench().waitForOutputLine(/Result:\s/, 60_000);
    assert.match(result, /Result: ok \(15\)/);
    await status.waitFor({ state: 'hidden', timeout: 15_000 });
  });

  it('offers the project last used for this folder first, marked as such', async () => {
    await startSubmit();
    const first = workbench().quickInput().locator('.monaco-list-row').first();
    await first.filter({ hasText: 'last used' }).waitFor({ timeout: 15_000 });
    assert.match((await first.innerText()).replace(/\s+/g, ' '), /^Console Python\s*last used/);
    await workbench().page.keyboard.press('Escape');
    await workbench().quickInput().waitFor({ state: 'hidden', timeout: 10_000 });
  });

  it('offers the folder commands on a folder in the Explorer', async () => {
    // Their when clauses admit file: (local windows, and code-server's Explorer) and vscode-remote:
    // (SSH, WSL and dev container windows; the manifest test checks that part). Opening the view
    // activates the extension, which says which modules are signed in.
    await workbench().openView('Sphere Engine');
    const entries = await workbench().explorerMenuEntries('lib', 'Submit Each Folder to Project…');
    for (const expected of ['Submit Folder to Project…', 'Submit Each Folder to Project…', 'Judge Solutions in Folder…', 'Run Folder (Multi-File)']) {
      assert.ok(entries.includes(expected), `the Explorer menu of a folder lacks ${expected}: ${JSON.stringify(entries)}`);
    }
  });

  it('stops waiting on Cancel in the notification; the submission runs on and its output is there later', async () => {
    const page = workbench().page;
    await startSubmit();
    await workbench().answerQuickInput('Console Python');
    await dialog().waitFor({ timeout: 20_000 });
    await dialogButton('Submit').click();

    const waiting = page
      .locator('.notifications-toasts .notification-toast')
      .filter({ hasText: /Submission \d+ \(Console Python\)/ })
      .first();
    await waiting.waitFor({ timeout: 20_000 });
    const id = Number(/Submission (\d+) \(Console Python\)/.exec(await waiting.innerText())?.[1]);
    assert.ok(id > 0, 'no submission number in the notification');
    await waiting.hover();
    await waiting.locator('.monaco-button, .action-label').filter({ hasText: 'Cancel' }).first().click();
    await workbench().waitForOutputLine(new RegExp(`Stopped\\swaiting\\sfor\\ssubmission\\s${id};\\sit\\skeeps\\srunning`), 15_000);
    const said = await workbench().notificationCentre();
    assert.ok(
      said.some((t) => t.includes(`Stopped waiting for submission ${id}. It keeps running on the service`)),
      `notifications: ${JSON.stringify(said)}`,
    );
    await workbench().page.keyboard.press('Escape');

    // The service goes on: the submission ends with its own verdict. (Checked every 2 s with the
    // same token: the emulator, like the service, refuses fetching one submission too often.)
    let submission = await client.getSubmission(id);
    for (const deadline = Date.now() + 60_000; submission.executing && Date.now() < deadline;) {
      await page.waitForTimeout(2000);
      submission = await client.getSubmission(id);
    }
    await page.waitForTimeout(2000);
    assert.equal(submission.result.status.code, 15, `submission ${id} did not end ok on the service: ${JSON.stringify(submission.result.status)}`);

    // Its output, from the Submissions view (a click on the row shows it); the row then has the verdict.
    const row = await workbench().waitForTreeRow(new RegExp(`#${id} Console Python`), 15_000);
    await row.click();
    await workbench().waitForTreeRow(new RegExp(`#${id} Console Python\\s*ok`), 30_000);
    // The whole block in view: the panel maximised, as a person reads a long output.
    await workbench().runCommand('View: Toggle Maximized Panel');
    await workbench().waitForOutputLine(new RegExp(`Submission\\s${id}\\s·\\sConsole\\sPython`), 15_000);
    let block = '';
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await page.waitForTimeout(500)) {
      // Only the lines in view are in the page; the maximised panel lays out a moment later.
      block = (await workbench().outputText()).split(`Submission ${id} · Console Python`).slice(1).join('');
      if (/Result: ok \(15\)/.test(block)) break;
    }
    assert.match(block, /hello from Sphere Engine/);
    assert.match(block, /Result: ok \(15\)/);
    await workbench().runCommand('View: Toggle Maximized Panel');
  });
});
