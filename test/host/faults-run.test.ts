// Run Active File (Compilers) under faults, as the user sees it: a slow answer, a 5xx (on the
// POST: no retry and "check the history"; while polling: ridden out), a revoked token (one
// prompt), the service unreachable.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, clearEmulatorRequests, emulatorRequests, setEmulatorFaults, observeQuietFor, waitFor } from './helpers';
import { makeUnreachable, MessageCapture, restoreAll, revokeToken, useShortTimeout } from './faults-support';

interface RunReport {
  ok: boolean;
  status?: { code: number };
  stdout?: string;
  error?: { message: string; status?: number; errorCode?: number; action?: string };
}

const RUN = 'sphereEngine.compilers.runActiveFile';
const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'compilers');
const posts = async () => (await emulatorRequests()).filter((r) => r.method === 'POST' && r.url.startsWith('/compilers/api/v4/submissions'));

describe('faults: Run Active File (Compilers)', function () {
  this.timeout(90_000);
  let work: string;
  let greet: vscode.Uri;
  const messages = new MessageCapture();

  before(async () => {
    await activateExtension();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-run-'));
    fs.cpSync(path.join(FIXTURES, 'python-input'), work, { recursive: true });
    greet = vscode.Uri.file(path.join(work, 'greet.py'));
    messages.install();
  });
  beforeEach(async () => {
    messages.clear();
    await clearEmulatorRequests();
  });
  afterEach(restoreAll);
  after(() => {
    messages.uninstall();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const run = () => vscode.commands.executeCommand<RunReport>(RUN, greet);

  it('a slow answer to the POST: a timeout message, one POST, the check-history action', async () => {
    await useShortTimeout(1);
    await setEmulatorFaults([{ path: '^/compilers/api/v4/submissions$', method: 'POST', kind: 'latency', ms: 2500 }]);
    const report = await run();
    assert.equal(report.ok, false);
    assert.match(report.error?.message ?? '', /did not answer in time/);
    assert.equal(report.error?.action, 'checkHistoryBeforeResubmit');
    // The emulator logs a request once it has answered it: the slow POST has landed, and a retry
    // would have been sent by the time the client gave up on it.
    await waitFor(async () => ((await posts()).length >= 1 ? true : undefined), { what: 'the slow POST to land on the server' });
    assert.equal((await posts()).length, 1, 'never sent twice');
  });

  it('a 5xx on the POST: not retried (one POST), the report carries the check-history action', async () => {
    await setEmulatorFaults([{ path: '^/compilers/api/v4/submissions$', method: 'POST', kind: 'status', status: 502 }]);
    const report = await run();
    assert.equal(report.error?.status, 502, JSON.stringify(report));
    assert.equal(report.error?.action, 'checkHistoryBeforeResubmit');
    assert.equal((await posts()).length, 1);
  });

  // D5 (RELIABILITY.md, fixed): src/ui/errors.ts adds the history sentence and its button to every
  // error whose action is checkHistoryBeforeResubmit, so no feature invites a second, paid submission.
  it('a failed POST: the notification says to check the history before resubmitting, with its button (D5)', async () => {
    await setEmulatorFaults([{ path: '^/compilers/api/v4/submissions$', method: 'POST', kind: 'status', status: 502 }]);
    await run();
    const shown = messages
      .errors()
      .map((m) => `${m.text} [${m.buttons.join(', ')}]`)
      .join('\n');
    assert.match(shown, /may have been created: check the Sphere Engine Run output before submitting again/, shown);
    assert.match(shown, /\[Check Submission History, Show Log\]/, shown);
  });

  it('5xx while polling: ridden out, the run still ends accepted', async () => {
    await setEmulatorFaults([{ path: '^/compilers/api/v4/submissions/\\d+$', method: 'GET', kind: 'status', status: 503, times: 2 }]);
    const report = await run();
    assert.equal(report.status?.code, 15, JSON.stringify(report));
    assert.equal(report.stdout, 'Hello, Ada!\nHello, Linus!\n');
  });

  it('a revoked token: one message with Set Access Token, not a loop of errors', async () => {
    await revokeToken();
    const report = await run();
    assert.equal(report.error?.status, 401, JSON.stringify(report));
    assert.equal(report.error?.action, 'setToken');
    await observeQuietFor(2500, 'no loop of errors: anything still running in the background would show more now');
    assert.equal(messages.signInPrompts().length, 1, JSON.stringify(messages.shown));
    assert.equal(messages.errors().length, 1, 'no loop of errors');
    assert.equal((await posts()).length, 1, 'one POST, no retry');
  });

  it('the service unreachable: says nothing is listening and points to the settings', async () => {
    await makeUnreachable('compilers');
    const report = await run();
    assert.equal(report.ok, false);
    assert.match(report.error?.message ?? '', /nothing is listening|cannot be reached|refused/i);
    assert.equal(report.error?.action, 'openSettings');
  });
});
