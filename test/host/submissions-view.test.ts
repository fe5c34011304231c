// The Submissions view: a submission appears with its status icon and the actions a person has
// on it (show the output again, resubmit, open the tests report, open a stream) work.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionTestApi } from '../../src/test-api';
import { useScratch } from '../scratch';
import { MessageCapture } from './faults-support';
import { activateExtension, clearEmulatorRequests, emulatorRequests } from './helpers';

const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'containers');
const UNIT_TESTS_PROJECT = 'c47a1e2b9d0f4a6b8c3d5e7f9a1b2c3d';

interface Entry {
  id: number;
  endpoint: string;
  projectName: string;
  folder: string;
  executing: boolean;
  statusCode: number;
  hasTestsReport?: boolean;
}
describe('Submissions view', function () {
  this.timeout(60_000);
  const scratch = useScratch();
  let submitApi: ExtensionTestApi['containersSubmit'];
  let first: { id?: number; statusCode?: number; error?: string; text?: string };

  before(async () => {
    submitApi = (await activateExtension()).containersSubmit;
    first = await vscode.commands.executeCommand('sphereEngine.containers.submitFolder', vscode.Uri.file(path.join(FIXTURES, 'failing-tests')), {
      projectId: UNIT_TESTS_PROJECT,
      scenario: 'test',
      confirm: false,
    });
    assert.equal(first.statusCode, 14, first.error);
  });

  it('lists the submission, newest first, with its status, icon and actions', () => {
    const rows = submitApi.submissions.getChildren();
    // Later tests resubmit: in any order, the list is newest first and still holds this one.
    const ids = rows.map((r) => r.id ?? 0);
    assert.deepEqual(
      ids,
      [...ids].sort((x, y) => y - x),
      'newest first',
    );
    const row = rows.find((r) => r.id === first.id);
    assert.ok(row, `submission ${first.id} is listed: ${JSON.stringify(ids)}`);
    const item = submitApi.submissions.getTreeItem(row);
    assert.equal(item.label, `#${first.id} Python Unit Tests`);
    assert.match(String(item.description), /^fail · score [\d.]+ · test · failing-tests · Local emulator$/);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'error');
    // Once in CI the final submission came without its tests_report: the output then says why.
    assert.equal(item.contextValue, 'submission:failed+testsReport', first.text);
    assert.equal(item.command?.command, 'sphereEngine.submissions.showOutput');
  });

  it('says in its header what it lists, beside the list (Compilers runs and Problems submissions are elsewhere)', () => {
    assert.ok(submitApi.submissions.getChildren().length > 0, 'the list is empty: the header would stand beside the welcome text');
    assert.equal(submitApi.submissions.description(), 'to Containers projects');
  });

  it('shows the output again', async () => {
    const before = submitApi.outputText().length;
    const again = await vscode.commands.executeCommand<{ text?: string }>('sphereEngine.submissions.showOutput', submitApi.submissions.getChildren()[0]);
    assert.match(again.text ?? '', new RegExp(`Submission ${first.id} · Python Unit Tests · scenario "test"`));
    assert.ok(submitApi.outputText().slice(before).includes(`Submission ${first.id} · Python Unit Tests`));
  });

  it('opens the tests report as a readable table', async () => {
    const table = await vscode.commands.executeCommand<string>('sphereEngine.submissions.openTestsReport', submitApi.submissions.getChildren()[0]);
    assert.match(table, /FAIL +test_negative_numbers/);
    assert.match(table, /PASS +test_simple_word/);
    const editor = vscode.window.activeTextEditor;
    assert.match(editor?.document.getText() ?? '', new RegExp(`Tests report of submission ${first.id}`));
    // Read-only and named for what it holds: nothing to save when it is closed.
    assert.equal(editor?.document.isDirty, false, 'the tests report shows as an unsaved document');
    assert.equal(path.posix.basename(editor?.document.uri.path ?? ''), `submission ${first.id} tests report.txt`);
  });

  it('saves the source stream on request', async () => {
    const target = path.join(scratch('se-stream-'), 'source.tar.gz');
    const saved = await vscode.commands.executeCommand<string>('sphereEngine.submissions.openStream', first.id, 'source', { saveTo: target });
    assert.equal(saved, target);
    const bytes = fs.readFileSync(target);
    assert.deepEqual([bytes[0], bytes[1]], [0x1f, 0x8b]);
  });

  it('resubmits the same folder to the same project and scenario', async () => {
    const again = await vscode.commands.executeCommand<{ id?: number; statusCode?: number; error?: string }>(
      'sphereEngine.submissions.resubmit',
      submitApi.submissions.getChildren()[0],
      { confirm: false },
    );
    assert.equal(again.statusCode, 14, again.error);
    assert.notEqual(again.id, first.id);
    const rows = submitApi.submissions.getChildren();
    assert.deepEqual(
      rows.slice(0, 2).map((r) => r.id),
      [again.id, first.id],
    );
    assert.equal(rows[0].folder, path.join(FIXTURES, 'failing-tests'));
  });

  describe('Resubmit asks first, like Submit Folder', () => {
    // The confirmation is a modal notification: the capture reads it and answers as the person would.
    const messages = new MessageCapture();
    type Outcome = { id?: number; statusCode?: number; error?: string; cancelled?: boolean };
    const resubmit = (entry: Entry) => vscode.commands.executeCommand<Outcome>('sphereEngine.submissions.resubmit', entry);
    const question = () => messages.shown.find((m) => /^Send /.test(m.text));

    before(() => messages.install());
    after(() => messages.uninstall());
    beforeEach(async () => {
      messages.clear();
      await clearEmulatorRequests();
    });

    it('shows how many files and bytes go to which project; declining sends nothing', async () => {
      const rowsBefore = submitApi.submissions.getChildren().length;
      const outcome = await resubmit(submitApi.submissions.getChildren()[0]);
      assert.equal(outcome?.cancelled, true, outcome?.error);
      assert.match(question()?.text ?? '(no question)', /^Send 1 file, [\d.]+ (B|KiB) to Python Unit Tests \(scenario "test"\)\?$/);
      assert.deepEqual(question()?.buttons, ['Submit']);
      assert.equal((await submissionPosts()).length, 0, 'declined, yet something was sent');
      assert.equal(submitApi.submissions.getChildren().length, rowsBefore);
    });

    it('accepting sends exactly one POST and the new submission runs', async () => {
      messages.press('Submit');
      const previous = submitApi.submissions.getChildren()[0];
      const outcome = await resubmit(previous);
      assert.ok(question(), 'no confirmation was shown');
      assert.equal(outcome?.statusCode, 14, outcome?.error);
      assert.notEqual(outcome?.id, previous.id);
      assert.equal((await submissionPosts()).length, 1);
      assert.equal(submitApi.submissions.getChildren()[0].id, outcome?.id);
    });

    it('a folder that no longer exists: a clear message and no request at all', async () => {
      const dir = scratch('se-gone-');
      fs.copyFileSync(path.join(FIXTURES, 'failing-tests', 'solution.py'), path.join(dir, 'solution.py'));
      const sent = await vscode.commands.executeCommand<Outcome>('sphereEngine.containers.submitFolder', vscode.Uri.file(dir), {
        projectId: UNIT_TESTS_PROJECT,
        scenario: 'test',
        confirm: false,
      });
      assert.equal(sent.statusCode, 14, sent.error);
      fs.rmSync(dir, { recursive: true, force: true });
      await clearEmulatorRequests();
      messages.clear();

      const entry = submitApi.submissions.getChildren().find((e) => e.id === sent.id);
      assert.ok(entry, 'the submission of the removed folder is not in the view');
      const outcome = await resubmit(entry);
      assert.equal(outcome?.id, undefined);
      assert.match(outcome?.error ?? '', new RegExp(`The folder ${escapeRegExp(dir)} no longer exists .*Nothing was sent\\.`));
      assert.ok(
        messages.errors().some((m) => m.text.includes(`${dir} no longer exists`)),
        'the person was not told',
      );
      assert.equal(question(), undefined, 'asked to send a folder that is gone');
      const calls = (await emulatorRequests()).filter((r) => /^\/containers\/api\/v1\/(projects|submissions)\b/.test(r.url));
      assert.deepEqual(calls, [], 'requests were sent for a folder that is gone');
    });
  });
});

const submissionPosts = async () => (await emulatorRequests()).filter((r) => r.method === 'POST' && /^\/containers\/api\/v1\/submissions(\?|$)/.test(r.url));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
