// The Projects & Workspaces view as a person uses it: the projects (each with an icon that draws), a
// project opened to show its details and workspaces in several states (icons, descriptions), the
// menu a row offers, and removing a workspace through its confirmation dialog. Saves a screenshot
// of the tree.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { waitFor } from '../host/helpers/wait';
import { emulatorEnv } from './containers-api';
import { useWorkbench } from './suite';

const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';
const BROKEN_INIT = '0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a';

async function api<T>(method: string, route: string, body?: unknown): Promise<T> {
  const { origin, token } = emulatorEnv();
  const sep = route.includes('?') ? '&' : '?';
  const res = await fetch(`${origin}/containers/api/v1${route}${sep}access_token=${encodeURIComponent(token)}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function untilState(id: string, code: number): Promise<void> {
  await waitFor(async () => (await api<{ state: { code: number } }>('GET', `/workspaces/${id}`)).state.code === code, {
    timeoutMs: 50_000,
    intervalMs: 250,
    what: `workspace ${id} to reach state ${code}`,
  });
}

const createWorkspace = async (projectId: string) =>
  (await api<{ workspace: { id: string } }>('POST', '/workspaces', { project_id: projectId, retention_time_stopped: 60 })).workspace.id;

describe('containers view', function () {
  const ids: Record<'running' | 'stopped' | 'error' | 'initFailed', string> = { running: '', stopped: '', error: '', initFailed: '' };

  before(async () => {
    // Workspaces in several states, made through the API (the tree is what is under test here).
    ids.running = await createWorkspace(CONSOLE_PYTHON);
    ids.stopped = await createWorkspace(CONSOLE_PYTHON);
    ids.error = await createWorkspace(CONSOLE_PYTHON);
    ids.initFailed = await createWorkspace(BROKEN_INIT);
    for (const id of Object.values(ids)) await untilState(id, 2);
    await api('PUT', `/workspaces/${ids.stopped}/stop`);
    await api('POST', `/__emulator/workspaces/${ids.error}/error`, { error_reason: 'container crashed (demo)' });
  });

  // Tall, so a project opened to its details and workspaces fits without scrolling.
  const workbench = useWorkbench({ viewport: { width: 1400, height: 1500 } });

  it('lists the projects in the Sphere Engine side bar', async () => {
    await workbench().openView('Sphere Engine');
    await workbench().waitForTreeRow('Console Python', 30_000);
    const rows = await workbench().treeRows();
    for (const name of ['Console Python', 'Console C++', 'Broken Init (demo)']) {
      assert.ok(
        rows.some((r) => r.includes(name)),
        `no row for ${name}: ${JSON.stringify(rows)}`,
      );
    }
  });

  it('draws an icon for every project, template or not', async () => {
    // A codicon id VS Code does not know leaves the icon element empty: no glyph before it.
    const glyph = (name: string) =>
      workbench()
        .page.locator('.part.sidebar .monaco-list-row')
        .filter({ hasText: name })
        .first()
        .locator('.custom-view-tree-node-item-icon')
        .first()
        .evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown, pseudo: string): { content: string } }).getComputedStyle(el, '::before').content);
    // Console Python and Console C++ are templates; Broken Init is not.
    for (const name of ['Console Python', 'Console C++', 'Broken Init (demo)']) {
      const content = await glyph(name);
      assert.ok(content && content !== 'none' && content !== 'normal' && content !== '""', `the icon of ${name} is blank (content ${content})`);
    }
  });

  it('opens a project to its details and its workspaces in several states', async () => {
    await (await workbench().waitForTreeRow(/^Broken Init/)).click();
    await workbench().waitForTreeRow(new RegExp(`${ids.initFailed.slice(0, 8)}.*init failed`));
    await (await workbench().waitForTreeRow(/^Console Python/)).click();
    await workbench().waitForTreeRow(/Stack\s*python/);
    await workbench().waitForTreeRow(ids.running.slice(0, 8));
    const rows = await workbench().treeRows();
    const row = (id: string) => rows.find((r) => r.includes(id.slice(0, 8))) ?? '';
    assert.match(row(ids.running), /running/);
    assert.match(row(ids.stopped), /stopped/);
    assert.match(row(ids.error), /error · container crashed \(demo\)/);
    // The state icons: a codicon per state.
    const icon = (id: string) =>
      workbench()
        .page.locator('.part.sidebar .monaco-list-row')
        .filter({ hasText: id.slice(0, 8) })
        .first()
        .locator('.codicon')
        .first()
        .getAttribute('class');
    assert.match((await icon(ids.running)) ?? '', /codicon-vm-running/);
    assert.match((await icon(ids.stopped)) ?? '', /codicon-debug-pause/);
    assert.match((await icon(ids.error)) ?? '', /codicon-error/);

    const file = await workbench().screenshot('containers-tree-workspace-states');
    assert.ok(fs.statSync(file).size > 0);
  });

  it('offers only the actions a running workspace allows in its menu', async () => {
    await (await workbench().waitForTreeRow(/^Broken Init/)).click(); // collapse: keep the list short
    const row = await workbench().waitForTreeRow(ids.running.slice(0, 8));
    await row.click({ button: 'right' });
    const menu = workbench().page.locator('.context-view .monaco-menu');
    await menu.waitFor({ timeout: 10_000 });
    const entries = (await menu.locator('.action-label').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    await workbench().screenshot('containers-workspace-menu');
    await workbench().page.keyboard.press('Escape');
    for (const expected of ['Open Workspace IDE in Browser', 'Stop Workspace', 'Copy Workspace Id', 'Remove Workspace…']) {
      assert.ok(entries.includes(expected), `menu lacks ${expected}: ${JSON.stringify(entries)}`);
    }
    assert.ok(!entries.includes('Resume Workspace'), 'a running workspace cannot be resumed');
  });

  it('removes a workspace only after the confirmation dialog', async () => {
    const row = await workbench().waitForTreeRow(ids.stopped.slice(0, 8));
    await row.click({ button: 'right' });
    const menu = workbench().page.locator('.context-view .monaco-menu');
    await menu.waitFor({ timeout: 10_000 });
    const entry = menu.locator('.action-label').filter({ hasText: 'Remove Workspace…' }).first();
    await entry.hover();
    await entry.click();
    const dialog = workbench().page.locator('.monaco-dialog-box');
    // A menu entry highlighted by the pointer also runs with Enter, should the click not land.
    if (!(await dialog.isVisible().catch(() => false))) {
      await dialog.waitFor({ timeout: 2_000 }).catch(() => workbench().page.keyboard.press('Enter'));
    }
    await dialog.waitFor({ timeout: 10_000 });
    assert.match(await dialog.innerText(), /cannot be undone/);
    await workbench().screenshot('containers-remove-confirmation');
    await dialog
      .locator('.monaco-button')
      .filter({ hasText: /^Remove$/ })
      .first()
      .click();
    await untilState(ids.stopped, 4);
    await workbench()
      .page.locator('.part.sidebar .monaco-list-row')
      .filter({ hasText: ids.stopped.slice(0, 8) })
      .waitFor({ state: 'detached', timeout: 15_000 });
  });
});
