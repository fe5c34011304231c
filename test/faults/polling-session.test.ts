// A long scripted session with the polling protection on (as the real service: one fetch of a
// submission per second at most): runs in all three modules, polled by our poller at the spec's
// rhythm, with transient faults on the way. The emulator must count 0 trips at the end.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { packFolder } from '../../src/core/packer';
import { COMPILERS_POLL_MS, CONTAINERS_POLL_MS, PROBLEMS_POLL_MS, pollUntilDone } from '../../src/core/poller';
import { PROJECTS } from '../emulator/containers-support';
import { clearFaults, clients, listFaults, pollGuard, requests, setFaults, startTestEmulator, type ClientKit, type TestEmulator } from './support';

const PYTHON = 116;
const ROUNDS = Number(process.env.FAULTS_POLL_ROUNDS ?? 2);

describe('faults: polling protection through a long session', function () {
  this.timeout(300_000);
  let emu: TestEmulator;
  let kit: ClientKit;
  before(async () => {
    emu = await startTestEmulator({ pollMinIntervalMs: 1000 });
    // Real backoff sleeps here: the point is the real timing of retries against the guard.
    // The extension's own retry settings (sphereEngine.http.retries = 2, the api's default backoff).
    kit = clients(emu, { sleep: undefined, retry: { attempts: 3 } });
  });
  after(async () => {
    await kit.close();
    await emu.close();
  });

  async function compilersRun(source: string): Promise<number> {
    const { id } = await kit.compilers.createSubmission({ compilerId: PYTHON, source });
    const done = await pollUntilDone({ intervalMs: COMPILERS_POLL_MS, fetch: (s) => kit.compilers.getSubmission(id, s), isExecuting: (x) => x.executing });
    return done.result.status.code;
  }

  async function problemsRun(): Promise<number> {
    const source = 'import sys\nsys.stdout.write(sys.stdin.read())';
    const { id } = await kit.problems.createSubmission({ problemId: 2, compilerId: PYTHON, source });
    const done = await pollUntilDone({ intervalMs: PROBLEMS_POLL_MS, fetch: (s) => kit.problems.getSubmission(id, s), isExecuting: (x) => x.executing });
    return done.result.status.code;
  }

  async function containersRun(): Promise<number> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-faults-poll-'));
    fs.writeFileSync(path.join(dir, 'main.py'), 'print(42)\n');
    const packed = await packFolder(dir);
    try {
      const { id } = await kit.containers.createSubmission({ projectId: PROJECTS.python, sourcePath: packed.file });
      const done = await pollUntilDone({ intervalMs: CONTAINERS_POLL_MS, fetch: (s) => kit.containers.getSubmission(id, s), isExecuting: (x) => x.executing });
      return done.result.status.code;
    } finally {
      await packed.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it(`${ROUNDS} rounds of runs in all three modules, with 5xx bursts while polling: 0 trips`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const codes = await Promise.all([compilersRun('print(1)'), compilersRun('import time\ntime.sleep(3)\nprint(2)'), problemsRun(), containersRun()]);
      assert.deepEqual(codes, [15, 15, 15, 15], `round ${round}`);
    }
    // A 503 from in front of the service while polling: the poller waits it out.
    await setFaults(emu, [{ path: '^/compilers/api/v4/submissions/\\d+$', method: 'GET', kind: 'status', status: 503, times: 2 }]);
    assert.equal(await compilersRun('import time\ntime.sleep(4)\nprint(3)'), 15);
    await clearFaults(emu);
    const polls = await requests(emu, /^\/(compilers|problems)\/api\/v4\/submissions\/\d+$|^\/containers\/api\/v1\/submissions\/\d+$/, 'GET');
    assert.ok(polls.length >= ROUNDS * 4, `${polls.length} polls`);
    const guard = await pollGuard(emu);
    assert.equal(guard.minIntervalMs, 1000, 'the protection stayed on');
    assert.equal(guard.trips, 0, `the client polled too fast ${guard.trips} time(s)`);
  });

  // Was defect D1: a submission GET whose answer is cut after the server counted it was retried by
  // the HTTP layer 375-625 ms later, inside the 1 s polling protection; the retry got 403 and the
  // run failed. Now the clients send a fetch of a submission once and the poller waits it out.
  it('a dropped answer while polling is retried no sooner than the guard allows', async () => {
    await setFaults(emu, [{ path: '^/compilers/api/v4/submissions/\\d+$', method: 'GET', kind: 'drop-response-body', bytes: 10, times: 1 }]);
    try {
      assert.equal(await compilersRun('import time\ntime.sleep(4)\nprint(4)'), 15);
      assert.deepEqual(
        (await listFaults(emu)).map((f) => f.times),
        [0],
        'the cut hit a poll',
      );
    } finally {
      await clearFaults(emu);
    }
    assert.equal((await pollGuard(emu)).trips, 0);
  });
});
