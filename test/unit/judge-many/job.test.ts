// A "judge many" job against the emulator over real HTTP, polling guard on: verdict per row,
// batched status requests, the state file, resume without a second POST, 402 and 503.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { JudgeJob, pollBatches, toCsv } from '../../../src/core/judge-many';
import { listJournals, replay } from '../../../src/core/judge-many/journal';
import { removeTree } from '../core/helpers';
import { clearRequestLog, echoBackend, FAST_INTERVAL_MS, guardTrips, newJob, requestLog, setFaults, SOLUTIONS, startJobFixture, type JobFixture } from './support';

const posts = <T extends { method: string; url: string }>(log: T[]) => log.filter((r) => r.method === 'POST' && /\/problems\/api\/v4\/submissions\b/.test(r.url));
const statusGets = (log: Array<{ method: string; url: string }>) => log.filter((r) => r.method === 'GET' && /\/submissions\?/.test(r.url));

describe('judge many: job against the emulator', function () {
  this.timeout(60_000);
  let fx: JobFixture;
  const folders: string[] = [];

  before(async () => (fx = await startJobFixture()));
  after(async () => {
    for (const f of folders) await removeTree(f);
    await fx?.close();
  });
  afterEach(async () => {
    await setFaults(fx.emu, []);
    await clearRequestLog(fx.emu);
  });

  it('judges every row, fetches status only in batches of ids, and keeps it all in the state file', async () => {
    const files: Record<string, string> = { 'notes.txt': 'not code', 'wrong.py': SOLUTIONS.wrong, 'crash.py': SOLUTIONS.runtimeError };
    for (let i = 0; i < 22; i++) files[`ok${i}.py`] = SOLUTIONS.accepted;
    const { job, folder } = await newJob(fx, files);
    folders.push(folder);
    await job.start(echoBackend(fx, job), { send: true, intervalMs: FAST_INTERVAL_MS, concurrency: 3 });

    const verdicts = Object.fromEntries(job.rows.map((r) => [r.key, r.result?.status ?? r.phase]));
    assert.equal(verdicts['wrong.py'], 'wrong answer');
    assert.equal(verdicts['crash.py'], 'runtime error');
    assert.equal(verdicts['notes.txt'], 'skipped');
    for (let i = 0; i < 22; i++) assert.equal(verdicts[`ok${i}.py`], 'accepted', `ok${i}.py`);
    assert.equal(job.rows.find((r) => r.key === 'ok0.py')!.result!.tests.length, 2);

    const log = await requestLog(fx.emu);
    assert.equal(posts(log).length, 24);
    const gets = statusGets(log);
    assert.ok(gets.length > 0);
    for (const get of gets)
      assert.ok(
        decodeURIComponent(get.url)
          .match(/ids=([\d,]+)/)![1]
          .split(',').length <= 20,
        get.url,
      );
    assert.equal(gets.length, job.statusRequests);
    assert.equal(log.filter((r) => r.method === 'GET' && /\/submissions\/\d+$/.test(r.url)).length, 0, 'no per-submission fetch');
    assert.equal(await guardTrips(fx.emu), 0);

    // The state file alone gives the same rows.
    assert.deepEqual(replay(fs.readFileSync(job.journal.file, 'utf8')).rows, job.rows);
    assert.equal(job.counts().judged, 24);
    assert.ok(job.isFinished());
  });

  it('the emulator guards the list endpoint too: polling it faster than allowed is refused', async () => {
    const { id } = await fx.client.createSubmission({ problemId: 2, compilerId: 116, source: SOLUTIONS.timeLimit });
    const before = await guardTrips(fx.emu);
    await assert.rejects(pollBatches(fx.client, { pendingIds: () => [id], moreToCome: () => false, onDone: () => undefined, intervalMs: 10 }), /403|denied/i);
    assert.equal(await guardTrips(fx.emu), before + 1);
  });

  it('resumes a job whose runner stopped after some POSTs without sending any solution twice', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) files[`s${i}.py`] = i === 2 ? SOLUTIONS.wrong : SOLUTIONS.accepted;
    const { job, folder } = await newJob(fx, files);
    folders.push(folder);
    const tripsBefore = await guardTrips(fx.emu);
    const sentTwo = new Promise<void>((resolve) => job.onDidChange(() => job.rows.filter((r) => r.submissionId).length >= 2 && resolve()));
    const run = job.start(echoBackend(fx, job), { send: true, intervalMs: FAST_INTERVAL_MS, concurrency: 1 });
    await sentTwo;
    await job.dispose();
    await assert.rejects(run, /cancel|abort/i);
    assert.ok(
      job.rows.some((r) => r.phase === 'pending'),
      'some rows were left pending',
    );

    // What the next start of VS Code finds: the unfinished job, polled but not sent until resumed.
    const [journal] = listJournals(fx.storage).filter((j) => j.file === job.journal.file);
    const polled = JudgeJob.load(journal);
    const pendingBefore = polled.counts().pending;
    await polled.start(echoBackend(fx, polled), { send: false, intervalMs: FAST_INTERVAL_MS });
    assert.equal(polled.counts().pending, pendingBefore, 'nothing sent without a resume');
    assert.equal(posts(await requestLog(fx.emu)).length, 6 - pendingBefore);

    const resumed = JudgeJob.load(journal);
    await resumed.start(echoBackend(fx, resumed), { send: true, intervalMs: FAST_INTERVAL_MS, concurrency: 2 });
    assert.ok(resumed.isFinished());
    const postLog = posts(await requestLog(fx.emu));
    assert.equal(postLog.length, 6, 'exactly one POST per solution');
    assert.equal(new Set(resumed.rows.map((r) => r.submissionId)).size, 6);
    assert.deepEqual(
      resumed.rows.map((r) => r.result?.status),
      ['accepted', 'accepted', 'wrong answer', 'accepted', 'accepted', 'accepted'],
    );
    assert.equal(await guardTrips(fx.emu), tripsBefore);
  });

  it('stops sending on 402 and keeps the rest pending; 503 on a POST slows down instead of failing', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 5; i++) files[`p${i}.py`] = SOLUTIONS.accepted;
    const { job, folder } = await newJob(fx, files);
    folders.push(folder);
    await setFaults(fx.emu, [{ path: '/problems/api/v4/submissions$', method: 'POST', kind: 'status', status: 503, times: 1 }]);
    let posted = 0;
    const unsub = job.onDidChange(() => {
      const n = job.rows.filter((r) => r.submissionId).length;
      if (n === 2 && posted < 2) void setFaults(fx.emu, [{ path: '/problems/api/v4/submissions$', method: 'POST', kind: 'status', status: 402, errorCode: 2 }]);
      posted = n;
    });
    await job.start(echoBackend(fx, job), { send: true, intervalMs: FAST_INTERVAL_MS, concurrency: 1, slowDownMs: 10 });
    unsub.dispose();
    const counts = job.counts();
    assert.equal(counts.judged, 2);
    assert.equal(counts.pending, 3);
    assert.equal(counts.failed, 0);
    assert.match(job.snapshot.stopReason ?? '', /pool|payment|credit/i);
    const statuses = posts(await requestLog(fx.emu)).map((r) => r.status);
    assert.deepEqual(statuses, [503, 201, 201, 402]);
    assert.match(toCsv(job.snapshot), /p3\.py,file,116,,pending,/);
  });
});
