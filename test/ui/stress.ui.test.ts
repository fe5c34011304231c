// Stress Test Against Reference through the workbench, as a learner does it: sum.py (an off-by-one
// from 7 numbers on) open, the palette command, gen.py and brute.py picked in the quick picks (and
// no checker), and the result as it shows: the diff editor "Reference ↔ sum.py" with both
// outputs, and the warning naming the seed and size with Save as Test. Takes the README's screenshot of the diff (into
// media/screenshots when SPHERE_UI_README_SCREENSHOTS=1, else into test-output).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { useWorkbenchOnCopyOf } from './suite';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const README_SCREENSHOTS =
  process.env.SPHERE_UI_README_SCREENSHOTS === '1' ? path.join(REPO_ROOT, 'media', 'screenshots') : path.join(REPO_ROOT, 'test-output', 'readme-screenshots');
const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'stress');

describe('Stress Test Against Reference (UI)', function () {
  this.timeout(120_000);
  const { workbench } = useWorkbenchOnCopyOf(FIXTURES);

  it('finds the failing input and shows reference and solution side by side in the diff editor', async () => {
    const page = workbench().page;
    await workbench().activityBarEntry('Sphere Engine').waitFor({ timeout: 60_000 });
    await workbench().openExplorerFile('sum.py');
    await workbench().runCommand('Sphere Engine: Stress Test Against Reference');
    await workbench().answerQuickInput('gen.py', 'Stress Test: generator');
    await workbench().answerQuickInput('brute.py', 'Stress Test: reference solution');
    // A checker is optional: the first item, comparing the outputs, is the default.
    await workbench().answerQuickInput('No checker: compare the outputs', 'Stress Test: checker (optional)');

    // The diff editor's tab names both sides and the case; its two sides hold the two sums.
    const tab = page.locator('.tabs-container .tab').filter({ hasText: /Reference ↔ sum\.py \(seed \d+, size 7\)/ });
    await tab.first().waitFor({ timeout: 90_000 });
    // The input that makes them differ, in its own tab next to the diff's.
    await page
      .locator('.tabs-container .tab')
      .filter({ hasText: /stress input \(seed \d+, size 7\)\.txt/ })
      .first()
      .waitFor({ timeout: 15_000 });
    const warning = await workbench().waitForNotification(/Stress test: the outputs differ at line 1 on seed \d+, size 7\./, 30_000);
    assert.match(warning, /Save as Test/);
    // Wide enough to show both sides of the diff (beside a secondary side bar it renders inline).
    if (await page.locator('.part.auxiliarybar').isVisible()) await workbench().runCommand('View: Hide Secondary Side Bar');
    const side = (which: 'original' | 'modified') => page.locator(`.monaco-diff-editor .editor.${which} .view-lines`).first();
    await side('original').waitFor({ timeout: 15_000 });
    const [expected, actual] = [(await side('original').innerText()).trim(), (await side('modified').innerText()).trim()];
    assert.match(expected, /^\d+$/, `reference side: ${expected}`);
    assert.match(actual, /^\d+$/, `solution side: ${actual}`);
    assert.ok(Number(actual) < Number(expected), `the solution skips the last number: ${actual} against ${expected}`);

    fs.mkdirSync(README_SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(README_SCREENSHOTS, 'stress-test.png') });
  });
});
