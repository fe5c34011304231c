// Verdicts with the machine saturated: three CPU hogs per core run beside the emulator for the
// whole file, and the Compilers API (plain HTTP, as any client) must still judge as a contest
// judge would. The limit is CPU time, so a program using a third of it is accepted every time,
// however slowly the busy machine lets it through; a busy loop is stopped by its CPU time; a
// program that sleeps by the wall-clock guard (3 x the limit + 1 s); an allocation over the
// memory limit fails at once; deep recursion within the memory limit runs.
//
// The hogs are bounded twice: each ends by itself (HOG_LIFETIME_MS, longer than this file needs
// on a busy machine, shorter than its timeout), and after() kills every one that is left, also
// when a test failed.
import * as assert from 'node:assert/strict';
import { useSaturatedEmulator } from './cpu-hogs';
import { json, streamText, waitUntilDone } from './harness';

const HOGS_PER_CORE = 3;
const HOG_LIFETIME_MS = 8 * 60_000;
const PYTHON3 = 116;
const C = 11;

describe('verdicts on a saturated machine (three CPU hogs per core)', function () {
  const machine = useSaturatedEmulator(this, HOGS_PER_CORE, HOG_LIFETIME_MS);
  const url = (p: string) => machine.emu.url('compilers', p);

  async function submit(body: Record<string, unknown>): Promise<number> {
    const res = await fetch(url('/submissions'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const created = await json(res);
    assert.equal(res.status, 201, JSON.stringify(created));
    return created.id;
  }

  /** Waits until the submission is judged (a busy machine: up to 2 minutes); returns its result and output. */
  async function judged(id: number): Promise<{ result: any; output: string }> {
    const sub = await waitUntilDone(machine.emu, 'compilers', id, 120);
    return { result: sub.result, output: await streamText(sub, 'output') };
  }

  it('accepts a program using a third of its CPU-time limit, 12 times out of 12', async () => {
    // 0.33 s of CPU under a 1 s limit, counted by the program itself (startup comes on top).
    const source = 'import time\nt = time.process_time()\nwhile time.process_time() - t < 0.33: pass\nprint("done")\n';
    const ids = await Promise.all(Array.from({ length: 12 }, () => submit({ compilerId: PYTHON3, source, timeLimit: 1 })));
    const results = await Promise.all(ids.map(judged));
    const verdicts = results.map((r) => `${r.result.status.code} (${r.result.time} s)`);
    assert.deepEqual(
      results.map((r) => r.result.status.code),
      Array(12).fill(15),
      verdicts.join(', '),
    );
    for (const r of results) {
      assert.equal(r.output, 'done\n');
      assert.ok(r.result.time >= 0.33 && r.result.time < 1, `the reported time is the CPU time: ${r.result.time} s`);
    }
  });

  it('stops a busy loop by its CPU time: time limit exceeded', async () => {
    const { result } = await judged(await submit({ compilerId: PYTHON3, source: 'while True: pass\n', timeLimit: 1 }));
    assert.deepEqual(result.status, { code: 13, name: 'time limit exceeded' });
  });

  it('stops a sleeping program with the wall-clock guard within a few seconds: time limit exceeded', async () => {
    const started = Date.now();
    const { result } = await judged(await submit({ compilerId: PYTHON3, source: 'import time\ntime.sleep(60)\n', timeLimit: 1 }));
    const seconds = (Date.now() - started) / 1000;
    assert.deepEqual(result.status, { code: 13, name: 'time limit exceeded' });
    // The guard is 4 s here; the rest is the emulator's own work on a saturated machine.
    assert.ok(seconds < 30, `judged after ${seconds} s`);
  });

  it('fails an allocation over the memory limit: memory limit exceeded or runtime error, never a time limit', async () => {
    const source = 'b = bytearray(512 * 1024 * 1024)\nprint("allocated")\n';
    const { result, output } = await judged(await submit({ compilerId: PYTHON3, source, timeLimit: 5, memoryLimit: 256 * 1024 }));
    assert.ok([12, 17].includes(result.status.code), JSON.stringify(result.status));
    assert.equal(output, '');
  });

  it('runs recursion 300,000 deep within the memory limit', async () => {
    // The local is read after the call, so every frame stays on the stack (no loop or tail call).
    const source = [
      '#include <stdio.h>',
      'int f(int n) { volatile char pad[64]; pad[0] = 1; int r = n ? f(n - 1) : 0; return r + pad[0]; }',
      'int main(void) { printf("%d\\n", f(300000)); return 0; }',
      '',
    ].join('\n');
    const { result, output } = await judged(await submit({ compilerId: C, source, timeLimit: 5, memoryLimit: 256 * 1024 }));
    assert.deepEqual(result.status, { code: 15, name: 'accepted' }, JSON.stringify(result));
    assert.equal(output, '300001\n');
  });
});
