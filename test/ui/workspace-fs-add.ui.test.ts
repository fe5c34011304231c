// A running workspace's files added to this window, through the workbench: "Sphere Engine: Open
// Workspace Files" from the palette, the workspace and "Add to This Window" picked; the Explorer
// then shows the workspace as a folder under its project's name (never its id), main.py opens from
// there with the seed project's text, the breadcrumb names the folder and the file, and an edit
// saved in the editor is what the workspace holds. The folder is removed from the window at the end.
//
// The window is a multi-root workspace from the start (a .code-workspace with the sample folder).
// Added to a window of ONE folder, the files make VS Code enter a new workspace, and in the browser
// (code-server 4.139.1) that races with VS Code's own relauncher, which reloads a remote window 10 ms
// after its first folder changed: the window came back at the old folder without the new one, or
// as a workspace with no folder at all, in 10 of 15 tries. Added to a workspace, the first folder
// stays, nothing reloads, and what the test sees depends on the extension alone.
// Opened at a .code-workspace, code-server under load can still reload the page once by itself just
// after it first shows (a CI run lost the command's second quick pick to it): the test waits for
// the sample folder and a quiet page first, and runs the command again if the page reloaded under it.
//
// The second describe starts from that ONE-folder window: in the browser the extension now writes a
// .code-workspace with both folders and opens it in this window (src/features/containers/fs/
// web-workspace-file.ts); the page reloads once and comes back with the sample folder and the files.
// Known rest (code-server 4.139.1, machine under load): the reloaded page sometimes shows the
// workspace with no folders until it is reloaded again (VS Code's first read of the new file fails
// with "An unknown error occurred"; the file is intact). The test then reloads once, as a person
// would, says so in its output, and asserts the same; a wrong file would still fail it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { containersClient, startWorkspace, type WorkspaceApi } from './containers-api';
import { openWorkspaceFiles } from './open-workspace-files';
import { useWorkbench } from './suite';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const SAMPLE_FOLDER = path.join(REPO_ROOT, 'test', 'fixtures', 'workspace');
/** What a new Console Python workspace holds (the emulator's seed project). */
const SEED_MAIN_PY = fs.readFileSync(path.join(REPO_ROOT, 'emulator', 'projects', 'console-python', 'files', 'main.py'), 'utf8');
const EDIT = '# added to this window and saved from VS Code';

/** A .code-workspace with the sample folder, and the workbench address that opens it. */
function sampleWorkspace(dir: string): string {
  const file = path.join(dir, 'sample.code-workspace');
  fs.writeFileSync(file, JSON.stringify({ folders: [{ path: SAMPLE_FOLDER }] }, null, 2));
  const url = new URL(process.env.SPHERE_UI_URL ?? '');
  url.search = new URLSearchParams({ workspace: file }).toString();
  return url.toString();
}

describe('workspace files added to this window (UI)', function () {
  this.timeout(240_000);
  let client: WorkspaceApi;
  let workspaceId: string;
  let workDir: string;
  let workbenchUrl: string;

  before(async function () {
    this.timeout(120_000);
    if (!process.env.SPHERE_UI_URL) throw new Error('SPHERE_UI_URL is not set: run with `npm run test:ui`');
    client = containersClient();
    workspaceId = await startWorkspace(client, 'Console Python');
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-ui-add-'));
    workbenchUrl = sampleWorkspace(workDir);
  });

  // Registered before the workbench's own hooks: runs while the window is still open.
  after(async () => {
    await removeFolderFromWindow().catch((err) => console.log(`    could not remove the folder from the window: ${err}`));
  });

  const workbench = useWorkbench(() => ({ url: workbenchUrl }));

  after(async () => {
    if (workspaceId) await client.removeWorkspace(workspaceId).catch(() => undefined);
    await client?.close();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  const explorerRow = (text: string | RegExp) => workbench().page.locator('.explorer-folders-view .monaco-list-row').filter({ hasText: text }).first();
  const folderRow = () => explorerRow(/^Console Python · /);

  /** Removes the workspace's folder from the window from the palette, as a person tidies up. */
  async function removeFolderFromWindow(): Promise<void> {
    if (!(await folderRow().isVisible())) return;
    await workbench().runCommand('Workspaces: Remove Folder from Workspace...');
    await workbench().focusQuickPickRow('Console Python · ');
    await workbench().page.keyboard.press('Enter');
    await folderRow().waitFor({ state: 'detached', timeout: 15_000 });
  }

  it('adds a running workspace to this window under its project name, and saves an edit of main.py into it', async () => {
    const page = workbench().page;
    // The sample folder shows and the page has stopped reloading itself (see Workbench.settle).
    const sampleFolderShown = async () => {
      await workbench().openView('Explorer');
      await explorerRow(/^sum\.py$/).waitFor({ timeout: 30_000 });
    };
    await workbench().settle(sampleFolderShown);
    const loadsBefore = workbench().loads;
    try {
      await openWorkspaceFiles(workbench(), workspaceId, 'Add to This Window');
    } catch (err) {
      // A reload under the command loses it with the page; a person runs it again. Without a reload it is a failure.
      if (workbench().loads === loadsBefore) throw err;
      console.log('    the workbench reloaded itself under the command: running it again');
      await workbench().settle(sampleFolderShown);
      await openWorkspaceFiles(workbench(), workspaceId, 'Add to This Window');
    }

    // The Explorer lists the workspace as a folder named after its project, not its id.
    await folderRow().waitFor({ timeout: 60_000 });
    const folderLabel = (await folderRow().innerText()).replace(/\s+/g, ' ').trim();
    assert.match(folderLabel, /^Console Python · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    assert.ok(!folderLabel.includes(workspaceId), `the folder is named by its id: ${folderLabel}`);
    assert.ok(await explorerRow(/^sum\.py$/).isVisible(), 'the sample folder left the window');

    // Expand it (the extension may do so itself, even just after a look: a click then would fold it
    // again, as one CI run showed) and open main.py from it. Only a folded row is clicked.
    const mainPy = explorerRow(/^main\.py$/);
    for (const deadline = Date.now() + 30_000; !(await mainPy.isVisible()) && Date.now() < deadline;) {
      if ((await folderRow().getAttribute('aria-expanded')) === 'false') await folderRow().click();
      await mainPy.waitFor({ timeout: 3_000 }).catch(() => undefined);
    }
    await mainPy.waitFor({ timeout: 1_000 });
    await mainPy.click();
    const tab = page.locator('.tabs-container .tab.active');
    await tab.filter({ hasText: 'main.py' }).waitFor({ timeout: 20_000 });

    // The editor shows the seed project's main.py.
    const lines = page.locator('.editor-instance .view-lines .view-line');
    const firstSeedLine = SEED_MAIN_PY.split('\n')[0];
    await lines.filter({ hasText: firstSeedLine }).first().waitFor({ timeout: 15_000 });
    const shown = (await lines.allInnerTexts()).map((l) => l.replace(/\u00a0/g, ' '));
    for (const line of SEED_MAIN_PY.trimEnd().split('\n')) assert.ok(shown.includes(line), `the editor lacks ${JSON.stringify(line)}:\n${shown.join('\n')}`);

    // Tab and breadcrumb name the folder and the file; the id shows nowhere (resource label formatter).
    const tabLabel = ((await tab.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    assert.match(tabLabel, /^main\.py\b/);
    // The tab's hover is the file's full label: the formatter's path, where VS Code would show the URI.
    await tab.hover();
    const hover = page.locator('.workbench-hover, .monaco-hover').filter({ hasText: 'main.py' }).first();
    await hover.waitFor({ timeout: 10_000 });
    const hoverText = (await hover.innerText()).replace(/\s+/g, ' ').trim();
    assert.match(hoverText, /^main\.py\b/);
    await page.mouse.move(0, 0);
    const crumbs = (await page.locator('.breadcrumbs-below-tabs .monaco-breadcrumb-item').allInnerTexts()).map((c) => c.replace(/\s+/g, ' ').trim()).filter(Boolean);
    assert.deepEqual(crumbs.slice(0, 2), [folderLabel, 'main.py'], `breadcrumb: ${JSON.stringify(crumbs)}`);
    for (const [where, text] of [
      ['tab', tabLabel],
      ['breadcrumb', crumbs.join(' › ')],
      ['tab hover', hoverText],
      ['window title', await page.title()],
    ]) {
      assert.ok(!text.includes(workspaceId), `the ${where} shows the workspace id: ${text}`);
    }
    await workbench().screenshot('workspace-fs-added-to-this-window');

    // Edit and save: the workspace holds the edit.
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type(`${EDIT}\n`);
    await page.keyboard.press('Control+S');
    let saved = '';
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await page.waitForTimeout(500)) {
      saved = (await client.downloadFile(workspaceId, 'main.py')).toString('utf8');
      if (saved.startsWith(EDIT)) break;
    }
    assert.equal(saved, `${EDIT}\n${SEED_MAIN_PY}`, 'the workspace does not hold the edit on top of the seed main.py');
    assert.doesNotMatch((await tab.getAttribute('class')) ?? '', /\bdirty\b/, 'the tab still shows unsaved changes');

    await removeFolderFromWindow();
    assert.ok(await explorerRow(/^sum\.py$/).isVisible(), 'removing the workspace folder took the sample folder too');
  });
});

describe('workspace files added to this window of one folder (UI)', function () {
  this.timeout(240_000);
  let client: WorkspaceApi;
  let workspaceId: string;

  before(async function () {
    this.timeout(120_000);
    if (!process.env.SPHERE_UI_URL) throw new Error('SPHERE_UI_URL is not set: run with `npm run test:ui`');
    client = containersClient();
    workspaceId = await startWorkspace(client, 'Console Python');
  });

  // SPHERE_UI_URL opens the sample folder alone: the window that used to come back without the files.
  // Its state folder is a fresh one per run, so the .code-workspace written here goes with it.
  const workbench = useWorkbench();

  after(async () => {
    if (workspaceId) await client.removeWorkspace(workspaceId).catch(() => undefined);
    await client?.close();
  });

  const explorerRow = (text: string | RegExp) => workbench().page.locator('.explorer-folders-view .monaco-list-row').filter({ hasText: text }).first();

  it('keeps the sample folder and adds the workspace files when added to this window of one folder', async () => {
    const page = workbench().page;
    await explorerRow(/^sum\.py$/).waitFor({ timeout: 30_000 });
    await openWorkspaceFiles(workbench(), workspaceId, 'Add to This Window');

    // The window becomes a workspace: the page reloads once, at the workspace file.
    await page.waitForURL(/[?&]workspace=/, { timeout: 60_000 });

    // Both folders are there, the workspace's under its project's name (never its id). The known
    // rest (see the header): should the window show no folders, settle reloads it once, as a
    // person would; the folders must then be there.
    const sampleRow = explorerRow(/^workspace$/);
    const folderRow = explorerRow(/^Console Python · /);
    await workbench().settle(async () => {
      await workbench().openView('Explorer');
      await folderRow.waitFor({ timeout: 30_000 });
    });
    await sampleRow.waitFor({ timeout: 15_000 });
    const folderLabel = (await folderRow.innerText()).replace(/\s+/g, ' ').trim();
    assert.match(folderLabel, /^Console Python · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const roots = (await page.locator('.explorer-folders-view .monaco-list-row[aria-level="1"]').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.deepEqual(roots, ['workspace', folderLabel], `Explorer roots: ${JSON.stringify(roots)}`);

    // The sample folder still holds its files.
    if ((await sampleRow.getAttribute('aria-expanded')) === 'false') await sampleRow.click();
    await explorerRow(/^sum\.py$/).waitFor({ timeout: 15_000 });

    // main.py opens from the workspace folder with the seed project's text.
    const mainPy = explorerRow(/^main\.py$/);
    if ((await folderRow.getAttribute('aria-expanded')) === 'false') await folderRow.click();
    await mainPy.waitFor({ timeout: 30_000 });
    await mainPy.click();
    await page.locator('.tabs-container .tab.active').filter({ hasText: 'main.py' }).waitFor({ timeout: 20_000 });
    const lines = page.locator('.editor-instance .view-lines .view-line');
    await lines
      .filter({ hasText: SEED_MAIN_PY.split('\n')[0] })
      .first()
      .waitFor({ timeout: 15_000 });
    const shown = (await lines.allInnerTexts()).map((l) => l.replace(/\u00a0/g, ' '));
    for (const line of SEED_MAIN_PY.trimEnd().split('\n')) assert.ok(shown.includes(line), `the editor lacks ${JSON.stringify(line)}:\n${shown.join('\n')}`);

    // The breadcrumb names the folder (resource label formatter); the id shows nowhere.
    const crumbs = (await page.locator('.breadcrumbs-below-tabs .monaco-breadcrumb-item').allInnerTexts()).map((c) => c.replace(/\s+/g, ' ').trim()).filter(Boolean);
    assert.deepEqual(crumbs.slice(0, 2), [folderLabel, 'main.py'], `breadcrumb: ${JSON.stringify(crumbs)}`);
    for (const [where, text] of [
      ['Explorer', roots.join(' | ')],
      ['breadcrumb', crumbs.join(' › ')],
      ['window title', await page.title()],
    ]) {
      assert.ok(!text.includes(workspaceId), `the ${where} shows the workspace id: ${text}`);
    }
    await workbench().screenshot('workspace-fs-added-to-this-window-of-one-folder');
  });
});
