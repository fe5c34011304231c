// Transport faults through our own API clients and poller, on the emulator's fault injection:
// slow answers, 5xx, dropped connections, a restart mid-submission, a revoked token, and a
// service that is not there at all. Each must end in a SphereApiError that says what happened
// and what to do; GETs are retried with growing waits, POSTs never.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pollUntilDone } from '../../src/core/poller';
import { runningWorkspace } from '../emulator/containers-support';
import { useScratch } from '../scratch';
import {
  apiError,
  assertUserFacing,
  clearFaults,
  clearRequests,
  clients,
  requests,
  setFaults,
  setTokens,
  sleep,
  startTestEmulator,
  TOKEN,
  type ClientKit,
  type TestEmulator,
} from './support';

const PYTHON = 116;

describe('faults: the API clients under transport faults', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  let kit: ClientKit;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());
  beforeEach(async () => {
    await clearFaults(emu);
    await clearRequests(emu);
    kit = clients(emu, { timeouts: { connectMs: 1000, headersMs: 400, bodyMs: 400 } });
  });
  afterEach(async () => {
    await clearFaults(emu);
    await setTokens(emu, [TOKEN]);
    await kit.close();
  });

  describe('slow answers', () => {
    it('GET: ends in a timeout error (retried, then given up) instead of waiting for ever', async () => {
      await setFaults(emu, [{ path: '/compilers/api/v4/compilers$', kind: 'latency', ms: 1500 }]);
      const err = await apiError(kit.compilers.listCompilers());
      assert.equal(err.kind, 'timeout');
      assertUserFacing(err, /did not answer in time/);
      assert.equal(err.actionLabel, 'Retry');
      assert.equal(kit.sleeps.waits.length, 2, 'two retries after the first attempt');
    });

    it('POST: a timeout is not retried and says to check the history before resubmitting', async () => {
      await setFaults(emu, [{ path: '/compilers/api/v4/submissions$', method: 'POST', kind: 'latency', ms: 1500 }]);
      const err = await apiError(kit.compilers.createSubmission({ compilerId: PYTHON, source: 'print(1)' }));
      assert.equal(err.kind, 'timeout');
      assert.equal(err.action, 'checkHistoryBeforeResubmit');
      assert.equal(err.actionLabel, 'Check Submission History');
      assert.deepEqual(kit.sleeps.waits, [], 'no retry');
      await sleep(1800); // the slow request completes on the server: exactly one submission exists
      assert.equal((await requests(emu, /\/submissions$/, 'POST')).length, 1);
    });
  });

  describe('5xx', () => {
    it('GET: retried with growing waits, and succeeds once the service recovers', async () => {
      await setFaults(emu, [{ path: '/compilers/api/v4/compilers$', kind: 'status', status: 503, times: 2 }]);
      const list = await kit.compilers.listCompilers();
      assert.ok(list.items.length > 0);
      const seen = await requests(emu, /\/compilers$/);
      assert.deepEqual(
        seen.map((r) => r.status),
        [503, 503, 200],
      );
      assert.equal(kit.sleeps.waits.length, 2);
      assert.ok(kit.sleeps.waits[1] > kit.sleeps.waits[0], `backoff grows: ${kit.sleeps.waits}`);
    });

    it('GET: gives up after the configured attempts with the status and a retry action', async () => {
      await setFaults(emu, [{ path: '/containers/api/v1/projects$', kind: 'status', status: 500 }]);
      const err = await apiError(kit.containers.listProjects());
      assert.equal(err.status, 500);
      assertUserFacing(err, /HTTP 500/);
      assert.equal((await requests(emu, /\/projects$/)).length, 3);
    });

    for (const [module, send] of [
      ['compilers', (k: ClientKit) => k.compilers.createSubmission({ compilerId: PYTHON, source: 'print(1)' })],
      ['problems', (k: ClientKit) => k.problems.createSubmission({ problemId: 1, compilerId: PYTHON, source: 'print(1)' })],
    ] as const) {
      it(`POST (${module} submission): not retried, and the user is told to check the history first`, async () => {
        await setFaults(emu, [{ path: `/${module}/api/v4/submissions$`, method: 'POST', kind: 'status', status: 502 }]);
        const err = await apiError(send(kit));
        assert.equal(err.status, 502);
        assert.equal(err.action, 'checkHistoryBeforeResubmit');
        assertUserFacing(err, /HTTP 502/);
        assert.equal((await requests(emu, /\/submissions$/, 'POST')).length, 1, 'exactly one POST');
        assert.deepEqual(kit.sleeps.waits, []);
      });
    }
  });

  describe('connections dropped in the middle', () => {
    let ws: any;
    let wsRoot: string;
    before(async () => {
      ws = await runningWorkspace(emu);
      wsRoot = path.join(emu.dataDir, 'containers', 'workspaces', ws.id, 'workspace');
    });

    it('mid-upload: one attempt, a clear network error, and no half-written file', async () => {
      await setFaults(emu, [{ path: '/files$', method: 'POST', kind: 'drop-request-body', bytes: 256 * 1024 }]);
      const err = await apiError(kit.containers.uploadFile(ws.id, 'upload-cut.bin', Buffer.alloc(4 * 1024 * 1024, 1)));
      assert.ok(['network', 'timeout'].includes(err.kind), err.kind);
      assertUserFacing(err, /connection|answer/i);
      // An upload is not billed and sending it again just replaces the file: "try again" is the
      // advice, not the submission history (defect D3).
      assert.equal(err.action, 'retry', 'an upload is not a submission');
      assert.deepEqual(kit.sleeps.waits, [], 'not retried');
      assert.ok(!fs.existsSync(path.join(wsRoot, 'upload-cut.bin')), 'nothing half-written');
    });

    it('mid-download once: the GET is retried and returns every byte', async () => {
      const data = Buffer.alloc(3 * 1024 * 1024, 7);
      await kit.containers.uploadFile(ws.id, 'download-cut.bin', data);
      await setFaults(emu, [{ path: '/files/', method: 'GET', kind: 'drop-response-body', bytes: 100_000, times: 1 }]);
      const got = await kit.containers.downloadFile(ws.id, 'download-cut.bin');
      assert.equal(got.length, data.length);
      assert.ok(got.equals(data));
      assert.equal(kit.sleeps.waits.length, 1);
    });

    it('mid-download every time: a network error, never a truncated file handed over', async () => {
      await setFaults(emu, [{ path: '/files/', method: 'GET', kind: 'drop-response-body', bytes: 100_000 }]);
      const err = await apiError(kit.containers.downloadFile(ws.id, 'download-cut.bin'));
      assert.ok(['network', 'timeout'].includes(err.kind), err.kind);
      assertUserFacing(err, /connection|answer/i);
    });

    it('the connection dropped with no answer at all (GET): retried, then a network error', async () => {
      await setFaults(emu, [{ path: '/compilers/api/v4/test$', kind: 'drop' }]);
      const err = await apiError(kit.compilers.test());
      assert.equal(err.kind, 'network');
      assert.equal(kit.sleeps.waits.length, 2);
    });
  });

  describe('the token revoked mid-session', () => {
    it('one 401 with a set-token action, not retried, and the next call works once the token is back', async () => {
      assert.ok((await kit.compilers.test()).message !== undefined);
      await setTokens(emu, ['someone-else']);
      const err = await apiError(kit.compilers.listCompilers());
      assert.equal(err.status, 401);
      assert.equal(err.action, 'setToken');
      assertUserFacing(err, /token was rejected/);
      assert.equal((await requests(emu, /\/compilers$/)).length, 1, '401 is not retried');
      await setTokens(emu, [TOKEN]);
      assert.ok((await kit.compilers.listCompilers()).items.length > 0);
    });

    it('a poller stops at the first 401 instead of looping on it', async () => {
      const { id } = await kit.compilers.createSubmission({ compilerId: PYTHON, source: 'import time\ntime.sleep(3)' });
      await setTokens(emu, ['someone-else']);
      let fetches = 0;
      const err = await apiError(pollUntilDone({ intervalMs: 200, fetch: (s) => (fetches++, kit.compilers.getSubmission(id, s)), isExecuting: (x) => x.executing }));
      assert.equal(err.status, 401);
      assert.equal(fetches, 1);
    });
  });

  describe('the service unreachable at start', () => {
    it('connection refused: says nothing is listening and points to the settings', async () => {
      const dead = { endpoints: { containers: 'http://127.0.0.1:9/containers', compilers: 'http://127.0.0.1:9/compilers', problems: 'http://127.0.0.1:9/problems' } };
      const offline = clients(dead, { timeouts: { connectMs: 500, headersMs: 500, bodyMs: 500 } });
      try {
        for (const call of [() => offline.containers.test(), () => offline.compilers.test(), () => offline.problems.test()]) {
          const err = await apiError(call());
          assert.equal(err.kind, 'connectionRefused');
          assert.equal(err.action, 'openSettings');
          assertUserFacing(err, /nothing is listening/);
        }
      } finally {
        await offline.close();
      }
    });

    it('a host that does not resolve: a DNS error, not a hang', async () => {
      const dead = {
        endpoints: {
          containers: 'https://no-such-host.invalid/containers',
          compilers: 'https://no-such-host.invalid/compilers',
          problems: 'https://no-such-host.invalid/problems',
        },
      };
      const offline = clients(dead, { timeouts: { connectMs: 2000, headersMs: 2000, bodyMs: 2000 } });
      try {
        const err = await apiError(offline.compilers.test());
        assert.ok(['dns', 'timeout', 'network'].includes(err.kind), err.kind);
        assert.ok(err.explanation.length > 20);
      } finally {
        await offline.close();
      }
    });
  });
});

describe('faults: the emulator restarted while a submission runs', function () {
  this.timeout(120_000);
  const scratch = useScratch();

  it('the poller rides out the outage with backoff and reports 20 internal error', async () => {
    // Its own data directory: the first emulator's close() would remove one made for it.
    const first = await startTestEmulator({ dataDir: scratch('se-restart-') });
    const port = Number(new URL(first.origin).port);
    const kit = clients(first, { timeouts: { connectMs: 500, headersMs: 2000, bodyMs: 2000 } });
    let second: TestEmulator | undefined;
    try {
      const { id } = await kit.compilers.createSubmission({ compilerId: PYTHON, source: 'import time\ntime.sleep(20)', timeLimit: 30 });
      const outages: number[] = [];
      const polling = pollUntilDone({
        intervalMs: 300,
        maxBackoffMs: 2000,
        fetch: (s) => kit.compilers.getSubmission(id, s),
        isExecuting: (x) => x.executing,
        onTransientError: (_e, next) => outages.push(next),
      });
      await sleep(1000);
      await first.close();
      await sleep(1500);
      second = await startTestEmulator({ dataDir: first.dataDir, port });
      const final = await polling;
      assert.equal(final.executing, false);
      assert.equal(final.result.status.code, 20);
      assert.ok(outages.length >= 1, 'the outage was noticed');
      assert.ok(
        outages.every((d, i) => i === 0 || d >= outages[i - 1]),
        `the wait grows while it lasts: ${outages}`,
      );
    } finally {
      await kit.close();
      await second?.close();
    }
  });
});
