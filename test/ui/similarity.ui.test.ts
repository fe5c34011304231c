// Check Similarity in Folder through the workbench, as a teacher does it: the palette command,
// the class folder in the folder dialog, the report (drawn in its webview), a click on the top
// pair, and the side-by-side view with the matched regions marked; a click on a region on the left
// marks its partner on the right. Takes the README's screenshot of the side-by-side view (into
// media/screenshots when SPHERE_UI_README_SCREENSHOTS=1, else into test-output).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { useWorkbenchOnCopyOf } from './suite';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const README_SCREENSHOTS =
  process.env.SPHERE_UI_README_SCREENSHOTS === '1' ? path.join(REPO_ROOT, 'media', 'screenshots') : path.join(REPO_ROOT, 'test-output', 'readme-screenshots');
const CORPUS = path.join(REPO_ROOT, 'test', 'fixtures', 'similarity', 'islands');
const CLASS: Record<string, string> = {
  'ada.py': 'originals/s01.py',
  'ben.py': 'copies/s01-combined.py',
  'cleo.py': 'originals/s02.py',
  'dan.c': 'originals/s03.c',
  'eva.java': 'originals/s05.java',
  'finn.js': 'originals/s07.js',
};

/** The webview frame (nested inside VS Code's own iframes) that shows `selector`. */
async function frameWith(page: Page, selector: string): Promise<Frame> {
  // Up to 45 s: on a loaded machine a webview's first page can take most of that.
  for (const deadline = Date.now() + 45_000; Date.now() < deadline;) {
    for (const frame of page.frames())
      if (
        await frame
          .locator(selector)
          .count()
          .catch(() => 0)
      )
        return frame;
    await page.waitForTimeout(200);
  }
  throw new Error(`no webview shows ${selector}`);
}

describe('Check Similarity in Folder (UI)', function () {
  this.timeout(120_000);
  const source = path.join(os.tmpdir(), `se-ui-similarity-source-${process.pid}`);
  before(() => {
    fs.mkdirSync(path.join(source, 'week2'), { recursive: true });
    for (const [name, from] of Object.entries(CLASS)) fs.copyFileSync(path.join(CORPUS, from), path.join(source, 'week2', name));
  });
  const { workbench, folder } = useWorkbenchOnCopyOf(source);
  after(() => fs.rmSync(source, { recursive: true, force: true }));

  it('opens the top pair side by side and a click on a region reveals its partner', async () => {
    const page = workbench().page;
    await workbench().runCommand('Sphere Engine: Check Similarity in Folder');
    const pathBox = page.locator('.quick-input-widget input');
    await pathBox.waitFor({ timeout: 20_000 });
    const rows = page.locator('.quick-input-widget .monaco-list-row');
    // The dialog opens on the workspace folder; a path typed before it has listed it is overwritten.
    await rows.filter({ hasText: 'week2' }).first().waitFor({ timeout: 20_000 });
    await pathBox.fill(`${folder()}/week2/`);
    // It lists folders only: inside week2 that is just ".."; once week2 is gone from the list the
    // dialog is in it, and its button picks it (clicked earlier, it picks the parent).
    await rows.filter({ hasText: '..' }).first().waitFor({ timeout: 20_000 });
    await rows.filter({ hasText: 'week2' }).first().waitFor({ state: 'hidden', timeout: 20_000 });
    await page.locator('.quick-input-widget .monaco-button').filter({ hasText: 'Check Similarity in This Folder' }).first().click();

    const report = await frameWith(page, '#pairs');
    assert.match(await report.locator('#caution').innerText(), /not proof/);
    const top = report.locator('#pairs tbody tr').first();
    assert.match((await top.innerText()).replace(/\s+/g, ' '), /ada\.py ben\.py|ben\.py ada\.py/);
    await top.click();

    const pair = await frameWith(page, '.sides');
    const left = pair.locator('section[data-side="a"] mark');
    assert.ok((await left.count()) >= 2);
    const first = left.first();
    const id = await first.getAttribute('data-r');
    await first.click();
    await pair.locator(`section[data-side="b"] mark.active[data-r="${id}"]`).waitFor({ timeout: 10_000 });
    // The side-by-side view alone for the picture (the report stays open in its own group).
    await workbench().runCommand('View: Toggle Maximize Editor Group');
    fs.mkdirSync(README_SCREENSHOTS, { recursive: true });
    await page.locator('.part.editor').screenshot({ path: path.join(README_SCREENSHOTS, 'similarity-pair.png') });
  });
});
