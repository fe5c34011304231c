// A running workspace's files in the editor, through the workbench: "Sphere Engine: Open Workspace
// Files" from the palette, the workspace and "Open in New Window" picked, main.py opened from the
// new window's Explorer, edited and saved; the workspace then holds the edit, and reading the file
// back from the workspace (File: Revert File) shows it.
//
// The workspace is created through the API beforehand (creating one through the UI is covered by
// the containers and walkthrough UI tests); everything about the files goes through the UI.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clearEmulatorRequests, emulatorRequests } from '../host/helpers/emulator';
import { containersClient, startWorkspace, type WorkspaceApi } from './containers-api';
import { openWorkspaceFiles } from './open-workspace-files';
import { useWorkbench } from './suite';

const EDIT = '# saved from VS Code through the workspace file system';

describe('workspace files in the editor (UI)', function () {
  this.timeout(240_000);
  let client: WorkspaceApi;
  let workspaceId: string;
  let filesWindow: Page | undefined;

  before(async function () {
    this.timeout(120_000);
    client = containersClient();
    workspaceId = await startWorkspace(client, 'Console Python');
  });

  const workbench = useWorkbench({}, () => ({ 'files-window': filesWindow }));

  after(async () => {
    if (workspaceId) await client.removeWorkspace(workspaceId).catch(() => undefined);
    await client?.close();
  });

  it('opens a running workspace in a new window, edits main.py and saves it into the workspace', async () => {
    const page = workbench().page;
    // The new window is a new page of the browser; its wait also spans the picks before it.
    const opened = page.context().waitForEvent('page', { timeout: 90_000 });
    await clearEmulatorRequests();
    await openWorkspaceFiles(workbench(), workspaceId, 'Open in New Window');
    filesWindow = await opened;
    const files = filesWindow;
    await files.locator('.monaco-workbench').waitFor({ timeout: 60_000 });

    // The new window's Explorer lists the workspace's files: open main.py from there.
    const row = files.locator('.explorer-folders-view .monaco-list-row').filter({ hasText: 'main.py' }).first();
    await row.waitFor({ timeout: 60_000 });

    // What opening the folder cost, VS Code's own probes (.vscode/settings.json, .git, ...)
    // included: the root's one listing, and no file read before the person opens one.
    await files.waitForTimeout(3_000);
    const ofThisWorkspace = (await emulatorRequests()).filter((r) => r.url.includes(`/workspaces/${workspaceId}/`));
    const listings = ofThisWorkspace.filter((r) => r.url.includes('/list_files'));
    const reads = ofThisWorkspace.filter((r) => r.method === 'GET' && r.url.includes('/files/'));
    const seen = ofThisWorkspace.map((r) => `${r.method} ${r.url.split('?')[0]}`);
    console.log(`    opening the folder in a new window: ${listings.length} list_files, ${reads.length} downloads (${seen.length} requests in all)`);
    assert.equal(listings.length, 1, `one listing of the root, the probes answered from it: ${JSON.stringify(seen)}`);
    assert.equal(reads.length, 0, `a file was read before any was opened: ${JSON.stringify(seen)}`);

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
    assert.equal(saved, `${EDIT}\n${original}`, 'the workspace does not hold the edit on top of its main.py');

    // Read back from the workspace: what the editor shows is what the workspace holds.
    await files.keyboard.press('F1');
    await files.locator('.quick-input-widget input').fill('>File: Revert File');
    await files.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Revert File' }).first().waitFor({ timeout: 10_000 });
    await files.keyboard.press('Enter');
    const firstLine = files.locator('.editor-instance .view-lines .view-line').first();
    await firstLine.filter({ hasText: 'saved from VS Code' }).waitFor({ timeout: 15_000 });
    await files.screenshot({
      path: await workbench()
        .screenshot('workspace-fs-saved')
        .then((f) => f.replace(/\.png$/, '-files-window.png')),
    });
  });
});
