// Submit Folder to Project (Containers) under faults, as the user sees it: a slow answer and a
// 5xx on the POST (never sent twice, "check the history"), a 5xx while polling (ridden out), a
// connection cut mid-upload, a revoked token (one prompt), the service unreachable.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, clearEmulatorRequests, emulatorRequests, setEmulatorFaults, observeQuietFor, waitFor } from './helpers';
import { makeUnreachable, MessageCapture, restoreAll, revokeToken, useShortTimeout } from './faults-support';

interface Outcome {
  id?: number;
  statusCode?: number;
  error?: string;
}

const FOLDER = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'containers', 'ok');
const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';
const posts = async () => (await emulatorRequests()).filter((r) => r.method === 'POST' && /^\/containers\/api\/v1\/submissions(\?|$)/.test(r.url));

describe('faults: Submit Folder to Project (Containers)', function () {
  this.timeout(90_000);
  const messages = new MessageCapture();
  let submissionsView: () => { visible(): boolean };

  before(async () => {
    const exported = await activateExtension<{ containersSubmit: { submissions: { visible(): boolean } } }>();
    submissionsView = () => exported.containersSubmit.submissions;
    messages.install();
  });
  beforeEach(async () => {
    messages.clear();
    await clearEmulatorRequests();
  });
  afterEach(restoreAll);
  after(() => messages.uninstall());

  const submit = () =>
    vscode.commands.executeCommand<Outcome>('sphereEngine.containers.submitFolder', vscode.Uri.file(FOLDER), { projectId: CONSOLE_PYTHON, scenario: 'run', confirm: false });
  const shownText = () => messages.shown.map((m) => `${m.text} [${m.buttons.join(', ')}]`).join('\n');

  it('a slow answer to the POST: a timeout message, and one POST only', async () => {
    await useShortTimeout(1);
    await setEmulatorFaults([{ path: '^/containers/api/v1/submissions$', method: 'POST', kind: 'latency', ms: 2500 }]);
    const outcome = await submit();
    assert.equal(outcome.statusCode, undefined);
    assert.match(`${outcome.error}\n${shownText()}`, /did not answer in time/);
    // The emulator logs a request once it has answered it: the slow POST has landed, and a retry
    // would have been sent by the time the client gave up on it.
    await waitFor(async () => ((await posts()).length >= 1 ? true : undefined), { what: 'the slow POST to land on the server' });
    assert.equal((await posts()).length, 1, 'never sent twice');
  });

  it('a 5xx on the POST: not retried (one POST), the failure is shown', async () => {
    await setEmulatorFaults([{ path: '^/containers/api/v1/submissions$', method: 'POST', kind: 'status', status: 503 }]);
    const outcome = await submit();
    assert.equal(outcome.statusCode, undefined);
    assert.ok(messages.errors().length >= 1, 'the failure is shown');
    assert.equal((await posts()).length, 1);
  });

  // D5 (RELIABILITY.md, fixed): src/ui/errors.ts adds the history sentence and its button to every
  // error whose action is checkHistoryBeforeResubmit, so no feature invites a second, paid submission.
  it('a failed POST: the notification says to check the history before resubmitting, with its button (D5)', async () => {
    await setEmulatorFaults([{ path: '^/containers/api/v1/submissions$', method: 'POST', kind: 'status', status: 503 }]);
    // The Submissions view hidden first, so that only the button can have shown it.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(() => !submissionsView().visible(), { what: 'the Submissions view to hide' });
    messages.press('Check Submission History');
    await submit();
    assert.match(shownText(), /may have been created: check the Submissions view before submitting again/, shownText());
    assert.match(shownText(), /\[Check Submission History, Show Log\]/, shownText());
    await waitFor(() => submissionsView().visible(), { what: 'the button to open the Submissions view' });
  });

  it('a connection cut mid-upload: one POST attempt, a clear message', async () => {
    await setEmulatorFaults([{ path: '^/containers/api/v1/submissions$', method: 'POST', kind: 'drop-request-body', bytes: 64 }]);
    const outcome = await submit();
    assert.equal(outcome.statusCode, undefined);
    assert.match(`${outcome.error}\n${shownText()}`, /connection|cut|failed/i);
  });

  it('5xx while polling: ridden out, the result still arrives', async () => {
    await setEmulatorFaults([{ path: '^/containers/api/v1/submissions/\\d+$', method: 'GET', kind: 'status', status: 503, times: 2 }]);
    const outcome = await submit();
    assert.equal(outcome.statusCode, 15, outcome.error);
    assert.equal((await posts()).length, 1);
  });

  it('a revoked token: one message with Set Access Token, not a loop of errors', async () => {
    await revokeToken();
    const outcome = await submit();
    assert.equal(outcome.statusCode, undefined);
    await observeQuietFor(2500, 'no loop of errors or prompts');
    assert.equal(messages.signInPrompts().length, 1, shownText());
    assert.equal(messages.errors().length, 1, `no loop of errors:\n${shownText()}`);
  });

  it('the service unreachable: says nothing is listening and points to the settings', async () => {
    await makeUnreachable('containers');
    const outcome = await submit();
    assert.equal(outcome.statusCode, undefined);
    assert.match(`${outcome.error}\n${shownText()}`, /nothing is listening|cannot be reached|refused/i);
  });
});
