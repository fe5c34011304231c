// A running workspace's files in the editor, through the workbench: "Sphere Engine: Open Workspace
// Files" from the palette, the workspace and "Open in New Window" picked, main.py opened from the
// new window's Explorer, edited and saved; the workspace then holds the edit, and reading the file
// back from the workspace (File: Revert File) shows it.
//
// The workspace is created through the API beforehand (creating one through the UI is covered by
// the containers and walkthrough UI tests); everything about the files goes through the UI.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { Workbench } from './workbench';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

interface WorkspaceApi {
  createWorkspace(params: { projectId: string }): Promise<{ workspace: { id: string } }>;
  getWorkspace(id: string): Promise<{ state: { code: number } }>;
  downloadFile(id: string, rel: string): Promise<Buffer>;
  removeWorkspace(id: string): Promise<unknown>;
  iterateProjects(): AsyncGenerator<{ id: string; name: string }>;
  close(): Promise<void>;
}

/** The extension's own Containers client (compiled), pointed at the UI suite's emulator. */
function containersClient(): WorkspaceApi {
  const emulator = JSON.parse(process.env.SPHERE_ENGINE_EMULATOR ?? 'null') as { origin: string; token: string } | null;
  if (!emulator) throw new Error('SPHERE_ENGINE_EMULATOR is not set: run with `npm run test:ui`');
  /* eslint-disable @typescript-eslint/no-require-imports */
  const api = require(path.join(REPO_ROOT, 'out', 'src', 'api', 'index.js')) as { ContainersClient: new (options: object) => WorkspaceApi };
  /* eslint-enable @typescript-eslint/no-require-imports */
  return new api.ContainersClient({ endpoint: `${emulator.origin}/containers`, token: emulator.token });
}

const RUNNING = 2;
const EDIT = '# saved from VS Code through the workspace file system';

describe('workspace files in the editor (UI)', function () {
  this.timeout(240_000);
  let workbench: Workbench;
  let client: WorkspaceApi;
  let workspaceId: string;
  let filesWindow: Page | undefined;

  before(async function () {
    this.timeout(120_000);
    client = containersClient();
    let projectId: string | undefined;
    for await (const project of client.iterateProjects()) if (project.name === 'Console Python') projectId = project.id;
    assert.ok(projectId, 'the emulator has no Console Python project');
    workspaceId = (await client.createWorkspace({ projectId })).workspace.id;
    const deadline = Date.now() + 90_000;
    while ((await client.getWorkspace(workspaceId)).state.code !== RUNNING) {
      if (Date.now() > deadline) throw new Error(`workspace ${workspaceId} did not start`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    workbench = await Workbench.open();
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && workbench) {
      const file = await workbench.screenshot(`failed-${this.currentTest.fullTitle()}`);
      console.log(`    screenshot: ${file}`);
      if (filesWindow) await filesWindow.screenshot({ path: file.replace(/\.png$/, '-files-window.png') });
      if (workbench.errors.length) console.log(`    page errors:\n      ${workbench.errors.slice(-10).join('\n      ')}`);
    }
  });

  after(async () => {
    await workbench?.close();
    if (workspaceId) await client.removeWorkspace(workspaceId).catch(() => undefined);
    await client?.close();
  });

  /** Moves the quick-pick focus onto the row that contains `text` (rows of equal labels differ in detail). */
  async function focusQuickPickRow(page: Page, text: string): Promise<void> {
    const rows = page.locator('.quick-input-widget .monaco-list-row');
    await rows.filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
    for (let i = 0; i < 40; i++) {
      const focused: Locator = page.locator('.quick-input-widget .monaco-list-row.focused');
      if (((await focused.innerText().catch(() => '')) ?? '').includes(text)) return;
      await page.keyboard.press('ArrowDown');
    }
    throw new Error(`no quick-pick row with ${text}`);
  }

  it('opens a running workspace in a new window, edits main.py and saves it into the workspace', async () => {
    const page = workbench.page;
    // Opening the view activates the extension, which enables its commands in the palette.
    await workbench.openView('Sphere Engine');
    await workbench.waitForTreeRow(/^Console Python/, 30_000);
    await workbench.runCommand('Sphere Engine: Open Workspace Files');
    await focusQuickPickRow(page, workspaceId);
    await page.keyboard.press('Enter');

    // This window has a folder, so the extension asks where to open the files.
    await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Open in New Window' }).first().waitFor({ timeout: 15_000 });
    const opened = page.context().waitForEvent('page', { timeout: 30_000 });
    await page.locator('.quick-input-widget input').fill('Open in New Window');
    await page.keyboard.press('Enter');
    filesWindow = await opened;
    const files = filesWindow;
    await files.locator('.monaco-workbench').waitFor({ timeout: 60_000 });

    // The new window's Explorer lists the workspace's files: open main.py from there.
    const row = files.locator('.explorer-folders-view .monaco-list-row').filter({ hasText: 'main.py' }).first();
    await row.waitFor({ timeout: 60_000 });
    await row.click();
    await files.locator('.tabs-container .tab.active').filter({ hasText: 'main.py' }).waitFor({ timeout: 20_000 });
    const original = (await client.downloadFile(workspaceId, 'main.py')).toString('utf8');

    const editor = files.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-lines').click();
    await files.keyboard.press('Control+Home');
    await files.keyboard.type(`${EDIT}\n`);
    await files.keyboard.press('Control+S');
    // Saved (explicitly, or already by auto-save) once the provider uploaded it: ask the workspace.
    const tab = files.locator('.tabs-container .tab.active');
    let saved = '';
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await files.waitForTimeout(500)) {
      saved = (await client.downloadFile(workspaceId, 'main.py')).toString('utf8');
      if (saved.startsWith(EDIT)) break;
    }
    assert.doesNotMatch((await tab.getAttribute('class')) ?? '', /\bdirty\b/, 'the tab still shows unsaved changes');
    assert.ok(saved.startsWith(`${EDIT}\n`), `the workspace's main.py does not start with the edit:\n${saved}`);
    assert.ok(saved.endsWith(original.trimEnd()) || saved.includes(original.split('\n')[0]), 'the rest of main.py was lost');

    // Read back from the workspace: what the editor shows is what the workspace holds.
    await files.keyboard.press('F1');
    await files.locator('.quick-input-widget input').fill('>File: Revert File');
    await files.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Revert File' }).first().waitFor({ timeout: 10_000 });
    await files.keyboard.press('Enter');
    const firstLine = files.locator('.editor-instance .view-lines .view-line').first();
    await firstLine.filter({ hasText: 'saved from VS Code' }).waitFor({ timeout: 15_000 });
    await files.screenshot({ path: await workbench.screenshot('workspace-fs-saved').then((f) => f.replace(/\.png$/, '-files-window.png')) });
  });
});
