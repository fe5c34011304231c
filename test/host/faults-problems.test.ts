// Submit Solution (Problems) under faults, as the user sees it: a slow answer, a 5xx (POST: no
// retry, "check the history"; while polling: ridden out), a revoked token (one prompt), the
// service unreachable. Also the Problems view under a 5xx and with the service unreachable.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import { activateExtension, clearEmulatorRequests, emulatorRequests, setEmulatorFaults, observeQuietFor, waitFor, workspaceFolder } from './helpers';
import { makeUnreachable, MessageCapture, restoreAll, revokeToken, useShortTimeout } from './faults-support';

const ADDTWO = 1;
const fixture = (name: string) => vscode.Uri.file(path.join(path.resolve(workspaceFolder().uri.fsPath, '..', 'problems'), name));
const posts = async () => (await emulatorRequests()).filter((r) => r.method === 'POST' && /^\/problems\/api\/v4\/submissions(\?|$)/.test(r.url));

describe('faults: Submit Solution (Problems)', function () {
  this.timeout(90_000);
  let api: ExtensionTestApi['problems'];
  const messages = new MessageCapture();

  before(async () => {
    api = (await activateExtension()).problems;
    assert.ok(api, 'exports.problems missing');
    messages.install();
  });
  beforeEach(async () => {
    messages.clear();
    await clearEmulatorRequests();
  });
  afterEach(restoreAll);
  after(() => messages.uninstall());

  const submit = () => vscode.commands.executeCommand<unknown>('sphereEngine.problems.submitSolution', { file: fixture('addtwo-accepted.py'), problemId: ADDTWO, compilerId: 116 });

  it('a slow answer to the POST: a timeout message, one POST, the check-history action', async () => {
    await useShortTimeout(1);
    await setEmulatorFaults([{ path: '^/problems/api/v4/submissions$', method: 'POST', kind: 'latency', ms: 2500 }]);
    assert.equal(await submit(), undefined);
    const error = api.lastError();
    assert.match(error?.message ?? '', /did not answer in time/, JSON.stringify(error));
    assert.equal(error?.action, 'checkHistoryBeforeResubmit');
    // The emulator logs a request once it has answered it: the slow POST has landed, and a retry
    // would have been sent by the time the client gave up on it.
    await waitFor(async () => ((await posts()).length >= 1 ? true : undefined), { what: 'the slow POST to land on the server' });
    assert.equal((await posts()).length, 1, 'never sent twice');
  });

  it('a 5xx on the POST: not retried (one POST), the error carries the check-history action', async () => {
    await setEmulatorFaults([{ path: '^/problems/api/v4/submissions$', method: 'POST', kind: 'status', status: 500 }]);
    assert.equal(await submit(), undefined);
    const error = api.lastError();
    assert.equal(error?.status, 500, JSON.stringify(error));
    assert.equal(error?.action, 'checkHistoryBeforeResubmit');
    assert.equal((await posts()).length, 1);
  });

  // D5 (RELIABILITY.md, fixed): src/ui/errors.ts adds the history sentence and its button to every
  // error whose action is checkHistoryBeforeResubmit, so no feature invites a second, paid submission.
  it('a failed POST: the notification says to check the history before resubmitting, with its button (D5)', async () => {
    await setEmulatorFaults([{ path: '^/problems/api/v4/submissions$', method: 'POST', kind: 'status', status: 500 }]);
    await submit();
    const shown = messages
      .errors()
      .map((m) => `${m.text} [${m.buttons.join(', ')}]`)
      .join('\n');
    assert.match(shown, /may have been created: check the problem's results in the Testing view before submitting again/, shown);
    assert.match(shown, /\[Check Submission History, Show Log\]/, shown);
  });

  it('5xx while polling: ridden out, the verdict still arrives', async () => {
    await setEmulatorFaults([{ path: '^/problems/api/v4/submissions/\\d+$', method: 'GET', kind: 'status', status: 503, times: 2 }]);
    const verdict = await submit();
    assert.ok(verdict, `no verdict; last error: ${JSON.stringify(api.lastError())}`);
  });

  it('a revoked token: one message with Set Access Token, not a loop of errors', async () => {
    await revokeToken();
    assert.equal(await submit(), undefined);
    const error = api.lastError();
    assert.equal(error?.status, 401, JSON.stringify(error));
    assert.equal(error?.action, 'setToken');
    await observeQuietFor(2500, 'no loop of errors or prompts');
    assert.equal(messages.signInPrompts().length, 1, JSON.stringify(messages.shown));
    assert.equal(messages.errors().length, 1, 'no loop of errors');
  });

  it('the service unreachable: says nothing is listening and points to the settings', async () => {
    await makeUnreachable('problems');
    assert.equal(await submit(), undefined);
    const error = api.lastError();
    assert.match(error?.message ?? '', /nothing is listening|cannot be reached|refused/i, JSON.stringify(error));
    assert.equal(error?.action, 'openSettings');
  });

  it('the Problems view: a 5xx once is retried; unreachable shows a message, not an endless spinner', async () => {
    const labelsNow = async () => Promise.all((await api.tree.getChildren()).map(async (r) => String((await api.tree.getTreeItem(r)).label ?? '')));
    // Start from a healthy view: the previous test changed the endpoint and back.
    await waitFor(async () => (await vscode.commands.executeCommand('sphereEngine.problems.refresh'), (await labelsNow()).some((l) => /ADDTWO|Add two/.test(l))), {
      what: 'a healthy Problems view',
    });
    await setEmulatorFaults([{ path: '^/problems/api/v4/problems$', method: 'GET', kind: 'status', status: 503, times: 1 }]);
    await vscode.commands.executeCommand('sphereEngine.problems.refresh');
    const rows = await api.tree.getChildren();
    const labels = await Promise.all(rows.map(async (r) => String((await api.tree.getTreeItem(r)).label ?? '')));
    assert.ok(
      labels.some((l) => /ADDTWO|Add two numbers/.test(l)),
      JSON.stringify(labels),
    );
    await makeUnreachable('problems');
    await vscode.commands.executeCommand('sphereEngine.problems.refresh');
    const offline = await api.tree.getChildren();
    const offlineLabels = await Promise.all(
      offline.map(async (r) => {
        const item = await api.tree.getTreeItem(r);
        return `${String(item.label ?? '')} ${String(item.description ?? '')} ${String(item.tooltip ?? '')}`;
      }),
    );
    const seen = offlineLabels.join(' | ') + ' | ' + messages.shown.map((m) => m.text).join(' | ');
    assert.match(seen, /reach|listening|refused|offline|connection/i, seen);
  });
});
