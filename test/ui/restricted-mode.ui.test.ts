// Restricted Mode as a person meets it: a cloned folder whose .vscode/settings.json sets the
// restricted setting (sphereEngine.compilers.outputFilenames) is opened in a VS Code with Workspace
// Trust on, where it opens in Restricted Mode (code-server asks nothing at startup). The extension must still
// run (the view lists the emulator's projects, Run Active File runs sum.py) with the user's value of
// the setting, not the folder's; once the folder is trusted from Manage Workspace Trust, the next
// run takes the folder's value.
//
// The UI suite's server trusts every window (--disable-workspace-trust, a server-wide switch that
// no window can undo), so this file starts its own small server that asks; the emulator is the UI
// suite's. A UI test: it runs under `npm run test:host` (code-server), not under test:electron,
// which runs the host tests only (scripts/test-electron.js says so).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { useWorkbench } from './suite';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const FIXTURE_WORKSPACE = path.join(REPO_ROOT, 'test', 'fixtures', 'workspace');
const SETTING = 'sphereEngine.compilers.outputFilenames';

const { ensureHost } = require(path.join(REPO_ROOT, 'scripts', 'install-host.js'));
const { startCodeServer, workbenchUrl, TEST_USER_SETTINGS } = require(path.join(REPO_ROOT, 'scripts', 'lib', 'code-server.js'));
const { anyFreePort } = require(path.join(REPO_ROOT, 'scripts', 'lib', 'free-port.js'));
const { linkExtension } = require(path.join(REPO_ROOT, 'scripts', 'lib', 'ui-suite.js'));

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
}

describe('Restricted Mode (UI)', function () {
  this.timeout(120_000);
  let workDir = '';
  let folder = '';
  let server: { url: string; port: number; stop(): Promise<void> } | undefined;

  before(async function () {
    const emulator = process.env.SPHERE_ENGINE_EMULATOR;
    if (!emulator) throw new Error('SPHERE_ENGINE_EMULATOR is not set: run with `npm run test:ui`');
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-restricted-'));
    folder = path.join(workDir, 'cloned-repo');
    fs.cpSync(FIXTURE_WORKSPACE, folder, { recursive: true });
    writeJson(path.join(folder, '.vscode', 'settings.json'), { [SETTING]: ['from-folder.txt'] });
    const stateDir = path.join(workDir, 'code-server');
    // A user value as well, so that both states show a value and the test tells which one applied.
    writeJson(path.join(stateDir, 'user-data', 'User', 'settings.json'), { [SETTING]: ['from-user.txt'] });
    linkExtension(path.join(stateDir, 'extensions'));
    server = await startCodeServer({
      host: await ensureHost(),
      port: await anyFreePort(),
      stateDir,
      folder,
      workspaceTrust: true,
      userSettings: TEST_USER_SETTINGS,
      env: { SPHERE_ENGINE_EMULATOR: emulator },
    });
  });

  const workbench = useWorkbench(() => ({ url: workbenchUrl(server, folder) }));

  after(async () => {
    await server?.stop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  const page = () => workbench().page;
  const restrictedIndicator = () => page().locator('.statusbar-item').filter({ hasText: 'Restricted Mode' }).first();

  /** Runs sum.py from its editor-title button; returns the Output panel once that run, asking for `files`, is done. */
  async function runSumPy(files: string): Promise<string> {
    await workbench().openExplorerFile('sum.py');
    await page().locator('.editor-actions [aria-label*="Run Active File"]').first().click();
    // The run's header names the output files it asks for (the panel may wrap it anywhere); [Done] ends that run.
    return workbench().waitForOutputText(new RegExp(`output\\s+files\\s+${files.replace('.', '\\.')}[\\s\\S]*\\[Done\\] accepted`));
  }

  it('opens the untrusted folder in Restricted Mode', async () => {
    // code-server's web workbench asks nothing at startup (desktop VS Code shows a dialog): the
    // folder opens in Restricted Mode with its banner, as a person sees it.
    await page().getByText('Restricted Mode is intended for safe code browsing').first().waitFor({ timeout: 60_000 });
    await restrictedIndicator().waitFor({ timeout: 15_000 });
  });

  it('lists the projects and runs a file there, with the user value of the restricted setting', async () => {
    await workbench().openView('Sphere Engine');
    await workbench().waitForTreeRow('Console Python', 30_000);
    const text = await runSumPy('from-user.txt');
    assert.doesNotMatch(text, /from-folder\.txt/, text);
    assert.match(text, /^42$/m, text);
    await workbench().screenshot('restricted-mode-run');
  });

  it("takes the folder's value once the folder is trusted", async () => {
    await workbench().runCommand('Workspaces: Manage Workspace Trust');
    await page()
      .locator('.monaco-button')
      .filter({ hasText: /^Trust$/ })
      .first()
      .click();
    await restrictedIndicator().waitFor({ state: 'hidden', timeout: 15_000 });
    // The Workspace Trust editor is a modal over the window: a click beside it closes it.
    const modal = page().locator('.monaco-modal-editor-block');
    await modal.click({ position: { x: 5, y: 5 } });
    await modal.waitFor({ state: 'detached', timeout: 10_000 });
    await runSumPy('from-folder.txt');
    await workbench().screenshot('restricted-mode-trusted-run');
  });
});
