// A hostile Containers answer in the real VS Code (issue 26, item 19): Open Workspace IDE with a
// workspace_url of another scheme than http(s) opens nothing and says why; a project or workspace
// tooltip made of server fields holding an image and a command: link is an untrusted
// MarkdownString whose text renders neither.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Project, Workspace } from '../../src/api';
import { treeItemFor } from '../../src/features/containers/tree/provider';
import { activateExtension, recordNotices } from './helpers';

const IMAGE = '![t](https://tracker.example/p.png)';
const COMMAND = '[x](command:workbench.action.quit)';

describe('hostile server fields (host)', function () {
  this.timeout(30_000);
  before(() => activateExtension());

  it('Open Workspace IDE refuses a command: address, opening nothing and saying why', async () => {
    const opened: string[] = [];
    const env = vscode.env as { openExternal: typeof vscode.env.openExternal };
    const original = env.openExternal;
    env.openExternal = async (uri: vscode.Uri) => {
      opened.push(uri.toString());
      return true;
    };
    const { shown, restore } = recordNotices('showErrorMessage');
    try {
      const ws = { id: 'hostile-ws-1', state: { code: 2 }, permissions: { enter: true, stop: true, remove: true }, workspace_url: 'command:workbench.action.quit' };
      const outcome = await vscode.commands.executeCommand<{ ok: boolean }>('sphereEngine.workspaces.openIde', ws);
      assert.equal(outcome?.ok, false);
      assert.deepEqual(opened, []);
      assert.match(
        shown.join('\n'),
        /The IDE of workspace hostile- was not opened: the service gave the address “command:workbench\.action\.quit”, which is not a web address \(http or https\)/,
      );
    } finally {
      restore();
      env.openExternal = original;
    }
  });

  it('project and workspace tooltips: untrusted, and server fields show as text, not as an image or a link', () => {
    const project = { id: `p\`${COMMAND}`, name: 'P', created_at: IMAGE, slots: COMMAND, stack: '', template: false } as unknown as Project;
    const ws = { id: 'w', project: { id: 'p', name: 'P' }, state: { code: 2 }, created_at: IMAGE, last_usage: COMMAND, inactivity_timeout: IMAGE } as unknown as Workspace;
    for (const node of [
      { kind: 'project', key: 'k1', project },
      { kind: 'workspace', key: 'k2', workspace: ws, flat: false },
    ]) {
      const tooltip = treeItemFor(node as never).tooltip as vscode.MarkdownString;
      assert.ok(tooltip instanceof vscode.MarkdownString);
      assert.ok(!tooltip.isTrusted, 'not trusted');
      // Every [ ] ( ) ! of the server's text is escaped: no Markdown link or image syntax is left.
      assert.doesNotMatch(tooltip.value, /(^|[^\\])!?\[[^\]]*(^|[^\\])\]\(/, tooltip.value);
      assert.ok(tooltip.value.includes('tracker\\.example'), tooltip.value);
    }
  });
});
