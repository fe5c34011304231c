// Workspace files (sphere-workspace://) under faults, as the user sees it: a slow answer, a 5xx
// (reads retried; a failed save keeps the edit), a connection cut mid-upload and mid-download, a
// revoked token (one prompt), the service unreachable; and a folder of 10,000 files.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import { activateExtension, emulatorInfo, setEmulatorFaults, observeQuietFor, waitFor } from './helpers';
import { makeUnreachable, MessageCapture, restoreAll, revokeToken, useShortTimeout } from './faults-support';

const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';
const INIT = [
  'printf \'print("hello")\\n\' > app.py',
  "head -c 1048576 /dev/zero | tr '\\0' x > big.txt",
  'mkdir -p many',
  'for i in $(seq 1 10000); do : > many/f$i.txt; done',
].join('\n');

function apiUrl(p: string): string {
  const { origin, token } = emulatorInfo();
  return `${origin}/containers/api/v1${p}${p.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
}
const b64 = (rel: string) => encodeURIComponent(Buffer.from(rel, 'utf8').toString('base64'));
const serverText = async (id: string, rel: string) => (await fetch(apiUrl(`/workspaces/${id}/files/${b64(rel)}`))).text();

describe('faults: workspace files', function () {
  this.timeout(120_000);
  let files: ExtensionTestApi['workspaceFiles'];
  let id = '';
  const messages = new MessageCapture();

  before(async () => {
    files = (await activateExtension()).workspaceFiles;
    const res = await fetch(apiUrl('/workspaces'), {
      method: 'POST',
      body: new URLSearchParams({ project_id: CONSOLE_PYTHON, workspace_init: INIT, retention_time_stopped: '60' }),
    });
    id = ((await res.json()) as { workspace: { id: string } }).workspace.id;
    await waitFor(async () => ((await (await fetch(apiUrl(`/workspaces/${id}`))).json()) as { state: { code: number } }).state.code === 2, {
      timeoutMs: 30_000,
      intervalMs: 500,
      what: 'the workspace to run',
    });
    await waitFor(async () => (await fetch(apiUrl(`/workspaces/${id}/files/${b64('many/f10000.txt')}`))).ok, { timeoutMs: 60_000, intervalMs: 500, what: 'the init script' });
    messages.install();
  });
  beforeEach(() => messages.clear());
  afterEach(restoreAll);
  after(async () => {
    messages.uninstall();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (id) await fetch(apiUrl(`/workspaces/${id}/remove`), { method: 'PUT' });
  });

  const read = (rel: string) => Promise.resolve(vscode.workspace.fs.readFile(files.uri(id, rel)));

  it('a slow answer: the read fails with a timeout message instead of hanging', async () => {
    await useShortTimeout(1);
    await setEmulatorFaults([{ path: '/files/', method: 'GET', kind: 'latency', ms: 3000 }]);
    await assert.rejects(read('app.py'), (err: Error) => /did not answer in time|timed? ?out/i.test(err.message));
  });

  it('a 5xx once on a read: retried, the file opens', async () => {
    await setEmulatorFaults([{ path: '/files/', method: 'GET', kind: 'status', status: 503, times: 1 }]);
    assert.equal(Buffer.from(await read('app.py')).toString(), 'print("hello")\n');
  });

  it('a connection cut mid-download once: retried, every byte arrives', async () => {
    // A file much longer than the part sent, so the cut falls inside the body (see defect D4).
    // big.txt (1 MiB of "x") is written by the init script, before any listing is cached.
    const big = Buffer.alloc(1024 * 1024, 'x');
    await setEmulatorFaults([{ path: '/files/', method: 'GET', kind: 'drop-response-body', bytes: 1000, times: 1 }]);
    const got = Buffer.from(await read('big.txt'));
    assert.equal(got.length, big.length);
    assert.ok(got.equals(big));
  });

  for (const [what, fault] of [
    ['a 5xx on save', { kind: 'status', status: 500 }],
    ['a connection cut mid-upload', { kind: 'drop-request-body', bytes: 16 }],
  ] as const) {
    it(`${what}: the save fails, the edit stays in the editor, the server copy is unchanged`, async () => {
      const doc = await vscode.workspace.openTextDocument(files.uri(id, 'app.py'));
      const editor = await vscode.window.showTextDocument(doc);
      await editor.edit((e) => e.insert(new vscode.Position(0, 0), `# ${what}\n`));
      await setEmulatorFaults([{ path: '/files$', method: 'POST', ...fault }]);
      const saved = await doc.save();
      assert.equal(saved, false, 'the save must report failure');
      assert.equal(doc.isDirty, true, 'the edit is not lost');
      assert.match(doc.getText(), new RegExp(`^# ${what}`));
      assert.equal(await serverText(id, 'app.py'), 'print("hello")\n');
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });
  }

  it('a revoked token: the read fails saying so, with at most one sign-in prompt', async () => {
    await revokeToken();
    for (let i = 0; i < 3; i++) await assert.rejects(read('app.py'), (err: Error) => /token/i.test(err.message));
    await observeQuietFor(2000, 'no second sign-in prompt');
    assert.ok(messages.signInPrompts().length <= 1, JSON.stringify(messages.shown));
  });

  it('the service unreachable: the read fails with a clear message', async () => {
    await makeUnreachable('containers');
    await assert.rejects(read('app.py'), (err: Error) => /reach|listening|refused|unavailable|connection/i.test(err.message));
  });

  it('a folder of 10,000 files lists completely', async () => {
    const entries = await vscode.workspace.fs.readDirectory(files.uri(id, 'many'));
    assert.equal(entries.length, 10_000);
  });
});
