// Submit Folder to Project through the workbench: the palette command, the project pick, the
// "what will be sent" dialog, then the verdict in the Submissions output channel and view.
import * as assert from 'node:assert/strict';
import { useWorkbench } from './suite';

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
