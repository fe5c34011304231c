// Submit Solution started from a problem in the Problems view. The problem's page (a Markdown
// preview, a webview) is then the active editor and VS Code has no active text editor: the
// solution is the source file the person last worked in, else one they pick among the open
// files, else one they choose on disk — never "open the solution file first".
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import { MessageCapture } from './faults-support';
import { activateExtension, replace, waitFor, workspaceFolder } from './helpers';

interface Verdict {
  statusCode: number;
}
const fixture = (name: string) => vscode.Uri.file(path.resolve(workspaceFolder().uri.fsPath, '..', 'problems', name));
const ACCEPTED = 15;

describe('Submit Solution from the Problems view: which file', function () {
  this.timeout(90_000);
  let api: ExtensionTestApi['problems'];
  const messages = new MessageCapture();

  before(async () => {
    api = (await activateExtension()).problems;
    messages.install();
  });

  beforeEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    messages.clear();
  });

  after(async () => {
    messages.uninstall();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** The ADDTWO row of the Problems view, as the view hands it to the command. */
  async function addTwoRow(): Promise<unknown> {
    const nodes = await api.tree.getChildren();
    const row = nodes.find((n) => api.tree.getTreeItem(n).label === 'ADDTWO');
    assert.ok(row, 'no ADDTWO row in the Problems view');
    return row;
  }

  /** Opens the problem's page from its row, as a click does; the page becomes the active editor. */
  async function openProblemPage(row: unknown): Promise<void> {
    await vscode.commands.executeCommand('sphereEngine.problems.open', row);
    await waitFor(() => vscode.window.activeTextEditor === undefined && vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputWebview, {
      what: 'the problem page as the active editor',
    });
  }

  const submitFrom = (row: unknown) => vscode.commands.executeCommand<Verdict | undefined>('sphereEngine.problems.submitSolution', row);

  function tabOf(uri: vscode.Uri): vscode.Tab {
    const tab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());
    assert.ok(tab, `${uri.fsPath} is not open`);
    return tab;
  }

  function assertNotRefused(): void {
    assert.deepEqual(
      messages.shown.filter((m) => /Open the solution file/.test(m.text)),
      [],
      'Submit Solution refused',
    );
  }

  it('submits the source file that was active before the problem page', async () => {
    await vscode.window.showTextDocument(fixture('addtwo-accepted.py'), { preview: false });
    const row = await addTwoRow();
    await openProblemPage(row);
    const verdict = await submitFrom(row);
    assertNotRefused();
    assert.equal(verdict?.statusCode, ACCEPTED, `nothing judged: ${JSON.stringify(api.lastError())}`);
  });

  it('offers the open source files when the last active one was closed', async () => {
    await vscode.window.showTextDocument(fixture('addtwo-accepted.py'), { preview: false });
    await vscode.window.showTextDocument(fixture('addtwo-wrong.py'), { preview: false });
    const row = await addTwoRow();
    await openProblemPage(row);
    await vscode.window.tabGroups.close(tabOf(fixture('addtwo-wrong.py')));
    const offered: string[] = [];
    const restore = replace(vscode.window, 'showQuickPick', (async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => {
      const list = await items;
      offered.push(...list.map((i) => i.label));
      return list.find((i) => i.label === 'addtwo-accepted.py');
    }) as unknown as typeof vscode.window.showQuickPick);
    try {
      const verdict = await submitFrom(row);
      assertNotRefused();
      assert.ok(offered.includes('addtwo-accepted.py'), `offered: ${offered.join(', ')}`);
      assert.ok(!offered.includes('addtwo-wrong.py'), 'a closed file was offered');
      assert.ok(
        offered.some((label) => /Choose File/.test(label)),
        `no Choose File… in ${offered.join(', ')}`,
      );
      assert.equal(verdict?.statusCode, ACCEPTED, `nothing judged: ${JSON.stringify(api.lastError())}`);
    } finally {
      restore();
    }
  });

  it('asks for a file on disk when no source file is open', async () => {
    const row = await addTwoRow();
    await openProblemPage(row);
    let asked = 0;
    const restore = replace(vscode.window, 'showOpenDialog', (async () => {
      asked++;
      return [fixture('addtwo-accepted.py')];
    }) as typeof vscode.window.showOpenDialog);
    try {
      const verdict = await submitFrom(row);
      assertNotRefused();
      assert.equal(asked, 1, 'no open dialog');
      assert.equal(verdict?.statusCode, ACCEPTED, `nothing judged: ${JSON.stringify(api.lastError())}`);
    } finally {
      restore();
    }
  });
});
