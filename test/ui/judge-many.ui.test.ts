// Judge Solutions in Folder through the workbench, as a teacher does it: the palette command, the
// folder of the class's solutions in the folder dialog, the problem, one confirmation, and the
// results page (its table and chart, drawn in the webview) once every verdict is in. It takes the
// README's screenshot, so it runs only when those are retaken (`SPHERE_UI_README_SCREENSHOTS=1`).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { useWorkbenchOnCopyOf } from './suite';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const README_RETAKE = process.env.SPHERE_UI_README_SCREENSHOTS === '1';
const README_SCREENSHOTS = README_RETAKE ? path.join(REPO_ROOT, 'media', 'screenshots') : path.join(REPO_ROOT, 'test-output', 'readme-screenshots');

const ECHO_OK = 'import sys\nsys.stdout.write(sys.stdin.read())\n';
const SOLUTIONS: Record<string, string> = {
  'ada.py': ECHO_OK,
  'ben.py': 'print("hello")\n',
  'cleo.py': ECHO_OK,
  'dan.py': 'while True:\n    pass\n',
  'eva.py': ECHO_OK,
  'finn.c': 'int main( {\n',
  'gus.py': ECHO_OK,
  'hana.py': 'import sys\nprint(sys.stdin.read().upper())\n',
  'ivo.py': ECHO_OK,
  'notes.txt': 'not a solution',
};

describe('Judge Solutions in Folder (UI)', function () {
  this.timeout(120_000);
  // Written before the window opens on a copy of it (hooks run in the order they are registered).
  const source = path.join(os.tmpdir(), `se-ui-judge-source-${process.pid}`);
  before(() => {
    fs.mkdirSync(path.join(source, 'week1'), { recursive: true });
    for (const [name, text] of Object.entries(SOLUTIONS)) fs.writeFileSync(path.join(source, 'week1', name), text);
  });
  const { workbench, folder } = useWorkbenchOnCopyOf(source);
  after(() => fs.rmSync(source, { recursive: true, force: true }));

  // About 20 s of a real job in the browser: run when the README's screenshots are retaken, not in
  // every CI run (the host test "judges 12 solutions as one job" covers the same path).
  (README_RETAKE ? it : it.skip)('judges a folder from the palette and shows the results with the chart', async () => {
    const page = workbench().page;
    // From the palette: the Explorer's menu entry is for local (file:) folders, and code-server's are remote.
    await workbench().openView('Sphere Engine');
    await workbench().runCommand('Sphere Engine: Judge Solutions in Folder');
    // code-server's own folder dialog: a path box in the quick input.
    const pathBox = page.locator('.quick-input-widget input');
    await pathBox.waitFor({ timeout: 20_000 });
    await pathBox.fill(`${folder()}/week1/`);
    // It lists folders only: inside week1 that is just "..", and then its button picks week1.
    const rows = page.locator('.quick-input-widget .monaco-list-row');
    await rows.filter({ hasText: '..' }).first().waitFor({ timeout: 20_000 });
    await rows.filter({ hasText: 'week1' }).first().waitFor({ state: 'hidden', timeout: 20_000 });
    await page.locator('.quick-input-widget .monaco-button').filter({ hasText: 'Judge Solutions in This Folder' }).first().click();
    await workbench().quickInput().locator('.monaco-list-row').filter({ hasText: 'ECHO' }).first().waitFor({ timeout: 20_000 });
    await workbench().focusQuickPickRow('ECHO');
    await page.keyboard.press('Enter');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 20_000 });
    assert.match((await dialog.innerText()).replace(/\s+/g, ' '), /Send 9 submissions to problem ECHO/);
    await dialog.locator('.monaco-button', { hasText: 'Submit 9' }).first().click();

    const results = page.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
    await results
      .locator('#summary')
      .filter({ hasText: /judged 9, pending 0/ })
      .waitFor({ timeout: 60_000 });
    assert.equal(await results.locator('#body tr').count(), 10);
    assert.equal(await results.locator('#chart svg').count(), 2);
    fs.mkdirSync(README_SCREENSHOTS, { recursive: true });
    await page.locator('.part.editor').screenshot({ path: path.join(README_SCREENSHOTS, 'judge-results.png') });
  });
});
