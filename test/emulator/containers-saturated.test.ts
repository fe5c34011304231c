// Containers stages with the machine saturated: three CPU hogs per core run beside the emulator for
// the whole file. A stage's timeout limits the CPU time of the stage's processes (as the runner
// limits a Compilers run), with the runner's wall-clock guard (3 x the timeout + 1 s) for stages
// that sleep or block, so a busy machine changes how long a stage takes, never its status.
import * as assert from 'node:assert/strict';
import { useSaturatedEmulator } from './cpu-hogs';
import { PROJECTS, submitAndWait } from './containers-support';

const HOGS_PER_CORE = 3;
const HOG_LIFETIME_MS = 6 * 60_000;
/** The Console Python project's run stage timeout (emulator/projects/console-python). */
const RUN_TIMEOUT_SEC = 5;

describe('containers: stage timeouts on a saturated machine (three CPU hogs per core)', function () {
  const machine = useSaturatedEmulator(this, HOGS_PER_CORE, HOG_LIFETIME_MS);

  it('Python Unit Tests: the test stage passes (15, score 100)', async () => {
    const s = await submitAndWait(machine.emu, PROJECTS.unitTests, {}, 'test');
    assert.equal(s.result.status.code, 15, JSON.stringify(s.result));
    assert.equal(s.result.score, 100);
  });

  it('a run stage using a third of its timeout in CPU is ok, 6 times out of 6', async () => {
    // The program counts its own CPU time; python's start comes on top, far below the rest.
    const third = RUN_TIMEOUT_SEC / 3;
    const main = `import time\nt = time.process_time()\nwhile time.process_time() - t < ${third}: pass\nprint("done")\n`;
    const runs = await Promise.all(Array.from({ length: 6 }, () => submitAndWait(machine.emu, PROJECTS.python, { 'main.py': main })));
    assert.deepEqual(
      runs.map((s) => s.result.status.code),
      Array(6).fill(15),
      runs.map((s) => `${s.result.status.code} (run stage ${s.stages.run.time} s)`).join(', '),
    );
  });

  it('a run stage that spins past its timeout is 13, stopped by its CPU time', async () => {
    const s = await submitAndWait(machine.emu, PROJECTS.python, { 'main.py': 'while True: pass\n' });
    assert.equal(s.result.status.code, 13, JSON.stringify(s.result));
    const debug = await (await fetch(s.streams.debug_log.uri)).text();
    // Beside the hogs the loop may get too little CPU to reach 5 s before the guard: 13 either way.
    assert.match(debug, /stage run (exceeded its timeout of 5 s of CPU time \(used [\d.]+ s\): make it do less work, or raise "timeout"|was stopped by the wall-clock guard)/);
  });

  it('a run stage that sleeps past its timeout is 13, ended by the wall-clock guard', async () => {
    const started = Date.now();
    const s = await submitAndWait(machine.emu, PROJECTS.python, { 'main.py': 'import time\ntime.sleep(120)\n' });
    const seconds = (Date.now() - started) / 1000;
    assert.equal(s.result.status.code, 13, JSON.stringify(s.result));
    assert.equal(s.stages.run.status_changed_to.code, 13);
    // The guard is 3 x 5 + 1 = 16 s; the rest is the emulator's own work on a saturated machine.
    assert.ok(s.stages.run.time >= RUN_TIMEOUT_SEC, `run stage ${s.stages.run.time} s`);
    assert.ok(seconds < 60, `judged after ${seconds} s`);
    const debug = await (await fetch(s.streams.debug_log.uri)).text();
    assert.match(debug, /stage run was stopped by the wall-clock guard after [\d.]+ s, having used [\d.]+ s of its 5 s of CPU time: it slept or waited/);
  });
});
