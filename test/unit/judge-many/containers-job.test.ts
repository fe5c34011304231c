// The job model against a Containers project: every subfolder packed with Submit Folder's rules
// and sent once, each waited for on its own (no ids= list in that API) with a bounded number at
// once, and each tests report turned into per-test results, in the state file as in the CSV.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { ContainersClient } from '../../../src/api';
import { containersBackend, JudgeJob, planProjectFolders, toCsv } from '../../../src/core/judge-many';
import { replay } from '../../../src/core/judge-many/journal';
import type { JobTarget } from '../../../src/core/judge-many/types';
import { TOKEN } from '../../emulator/harness';
import { makeTree, removeTree } from '../core/helpers';
import { clearRequestLog, FAST_INTERVAL_MS, requestLog, setFaults, startJobFixture, type JobFixture } from './support';

const UNIT_TESTS: JobTarget = { kind: 'containers', projectId: 'c47a1e2b9d0f4a6b8c3d5e7f9a1b2c3d', scenario: 'test' };
/** Above the fixture's poll guard, which refuses a submission polled again sooner. */
const FAST_POLL_MS = FAST_INTERVAL_MS;
const GOOD = 'def add(a, b):\n    return a + b\n\n\ndef is_palindrome(text):\n    t = [c.lower() for c in text if c.isalnum()]\n    return t == t[::-1]\n';
const ADD_BUG = GOOD.replace('a + b', 'a - b');
const POSTS = /\/containers\/api\/v1\/submissions(\?|$)/;

describe('judge many: a folder of project folders against a Containers project', function () {
  this.timeout(60_000);
  let fx: JobFixture;
  let client: ContainersClient;
  const folders: string[] = [];

  before(async () => {
    fx = await startJobFixture();
    client = new ContainersClient({ endpoint: fx.emu.endpoints.containers, token: TOKEN });
  });
  after(async () => {
    await client.close();
    await fx.close();
    for (const dir of folders) await removeTree(dir);
  });
  afterEach(async () => {
    await setFaults(fx.emu, []);
    await clearRequestLog(fx.emu);
  });

  async function newJob(files: Record<string, string>): Promise<JudgeJob> {
    const folder = await makeTree(files);
    folders.push(folder);
    const plan = await planProjectFolders(folder);
    assert.ok(plan.kind === 'planned');
    return JudgeJob.create(fx.storage, { folder, problemLabel: 'Python Unit Tests', endpoint: fx.emu.endpoints.containers, target: UNIT_TESTS }, plan.solutions);
  }

  it('asks before scanning a folder of more entries than the limit, and stops when declined', async () => {
    const folder = await makeTree(Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`p${i}/run.sh`, 'echo\n'])));
    folders.push(folder);
    const asked: number[] = [];
    assert.deepEqual(await planProjectFolders(folder, { askAboveEntries: 2, confirmMany: async (n) => (asked.push(n), false) }), { kind: 'declined', count: 3 });
    const accepted = await planProjectFolders(folder, { askAboveEntries: 2, confirmMany: async () => true });
    assert.deepEqual(accepted.kind === 'planned' && accepted.solutions.map((s) => s.key), ['p0', 'p1', 'p2']);
    assert.deepEqual(asked, [3]);
  });

  it('sends each subfolder once, waits for a bounded number at once and keeps every tests report', async () => {
    const job = await newJob({
      'alice/solution.py': GOOD,
      'bob/solution.py': ADD_BUG,
      'bob/.sphereignore': 'scratch.txt\n',
      'bob/scratch.txt': 'left out',
      'carol/solution.py': 'def add(:\n',
      'dave/solution.py': GOOD,
      'README.md': 'not a project',
      'erin/.gitignore': '*\n',
    });
    // Counts the submissions being waited for at once: fetched and not yet seen finished.
    const active = new Set<number>();
    let most = 0;
    const counting = Object.assign(Object.create(client) as ContainersClient, {
      getSubmission: async (id: number, signal?: AbortSignal) => {
        active.add(id);
        most = Math.max(most, active.size);
        const s = await client.getSubmission(id, signal);
        if (!s.executing) active.delete(id);
        return s;
      },
    });
    await job.start(containersBackend(counting, job.snapshot.folder, UNIT_TESTS, { inFlight: 2 }), { send: true, intervalMs: FAST_POLL_MS, concurrency: 4 });

    const rows = Object.fromEntries(job.rows.map((r) => [r.key, r]));
    assert.equal(rows['README.md'].phase, 'skipped');
    assert.match(rows['erin'].problem!, /nothing to submit: every file is ignored/);
    assert.equal(rows['alice'].result?.status, 'ok');
    assert.deepEqual(
      rows['alice'].result?.tests.map((t) => [t.name, t.status, t.passed]),
      [
        ['AddTest.test_negative_numbers', 'ok', true],
        ['AddTest.test_small_numbers', 'ok', true],
        ['PalindromeTest.test_sentence_with_spaces', 'ok', true],
        ['PalindromeTest.test_simple_word', 'ok', true],
      ],
    );
    assert.equal(rows['bob'].result?.status, 'fail');
    assert.deepEqual(
      rows['bob'].result?.tests.filter((t) => !t.passed).map((t) => t.name),
      ['AddTest.test_negative_numbers', 'AddTest.test_small_numbers'],
    );
    assert.equal(rows['carol'].result?.passed, false);
    // unittest cannot import it: one error in place of the tests.
    assert.deepEqual(
      rows['carol'].result?.tests.map((t) => [t.name, t.status]),
      [['_FailedTest.tests.test_solution', 'error']],
    );
    assert.equal(rows['dave'].result?.status, 'ok');
    assert.ok(most <= 2 && most >= 1, `at most 2 waited for at once, saw ${most}`);

    const posts = (await requestLog(fx.emu)).filter((r) => r.method === 'POST' && POSTS.test(r.url));
    assert.equal(posts.length, 4, 'one POST per project folder');
    assert.deepEqual(replay(fs.readFileSync(job.journal.file, 'utf8')).rows, job.rows);

    const csv = toCsv(job.snapshot).split('\r\n');
    assert.match(
      csv[0],
      /,test_AddTest\.test_negative_numbers,test_AddTest\.test_small_numbers,test_PalindromeTest\.test_sentence_with_spaces,test_PalindromeTest\.test_simple_word,test__FailedTest\.tests\.test_solution$/,
    );
    assert.match(
      csv.find((l) => l.startsWith('bob,'))!,
      /,fail,.*,failure,failure,ok,ok,$/,
    );
  });

  it('a 402 stops sending and keeps the rest pending; the resume sends only those', async () => {
    const job = await newJob({ 'a/solution.py': GOOD, 'b/solution.py': GOOD, 'c/solution.py': GOOD });
    await setFaults(fx.emu, [{ path: '/containers/api/v1/submissions$', method: 'POST', kind: 'status', status: 402, errorCode: 2 }]);
    await job.start(containersBackend(client, job.snapshot.folder, UNIT_TESTS), { send: true, intervalMs: FAST_POLL_MS, concurrency: 1 });
    assert.equal(job.counts().pending, 3);
    assert.match(job.snapshot.stopReason ?? '', /./);
    await setFaults(fx.emu, []);

    const resumed = JudgeJob.load(job.journal);
    await resumed.start(containersBackend(client, job.snapshot.folder, UNIT_TESTS), { send: true, intervalMs: FAST_POLL_MS, concurrency: 2 });
    assert.deepEqual(
      resumed.rows.map((r) => r.result?.status),
      ['ok', 'ok', 'ok'],
    );
    const created = (await requestLog(fx.emu)).filter((r) => r.method === 'POST' && POSTS.test(r.url) && r.status < 300);
    assert.equal(created.length, 3);
  });
});
