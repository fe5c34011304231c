// Running a program from the workbench as a person does: open sum.py of the sample folder, press
// the editor-title run button, read the framed output in the Output panel; then run it again with
// typed input through the palette's "Run Active File With Input…".
import * as assert from 'node:assert/strict';
import { useWorkbench } from './suite';

describe('compilers (UI)', function () {
  this.timeout(120_000);
  const workbench = useWorkbench();

  before(async () => {
    // The extension host loads extensions after the workbench shows: wait until ours is there.
    await workbench().activityBarEntry('Sphere Engine').waitFor({ timeout: 60_000 });
  });

  const waitForOutput = (pattern: RegExp) => workbench().waitForOutputText(pattern);

  it('runs sum.py from the editor title button with sum.in as input', async () => {
    await workbench().openExplorerFile('sum.py');
    const button = workbench().page.locator('.editor-actions [aria-label*="Run Active File"]').first();
    await button.waitFor({ timeout: 15_000 });
    await button.click();
    await waitForOutput(/\[Running\] sum\.py with Python 3, input from sum\.in/);
    const text = await waitForOutput(/\[Done\] accepted/);
    // sum.in holds "1 2" and "40 2".
    assert.match(text, /^3$/m, text);
    assert.match(text, /^42$/m, text);
    await workbench().screenshot('compilers-run-active-file');
  });

  it('runs with typed input chosen from the palette command', async () => {
    await workbench().runCommand('Sphere Engine: Run Active File With Input…');
    await workbench().page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Type input…' }).first().waitFor({ timeout: 10_000 });
    await workbench().answerQuickInput('Type input');
    await workbench().page.locator('.quick-input-widget').filter({ hasText: 'Input for the program' }).waitFor({ timeout: 10_000 });
    await workbench().answerQuickInput('5 6\\n7 8');
    await waitForOutput(/input from typed text/);
    const text = await waitForOutput(/^15$/m);
    assert.match(text, /^11$/m, text);
    await workbench().screenshot('compilers-run-with-typed-input');
  });
});
