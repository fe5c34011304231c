// The emulator's cost per request as its data grows (issue: "state in an embedded database"): a
// new Compilers submission's POST, and POST to final status, on an empty data directory and on one
// that already holds 50,000 past submissions. With the JSON files of before, every write rewrote
// everything stored (236 ms a POST at 50,000 against 4.7 ms empty); with the state database a
// write is one row, so both figures should stay flat. Then 1,000 POSTs at once: all answered
// quickly, judged through the job pool. The emulator runs in its own process (out/emulator/main.js)
// and is watched through its API (?ids= every 5 ms), so its memory is its own.
//   npm run bench -- emulator-store      (STORE_BENCH_RECORDS=N to change the 50,000)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SubmissionStore } from '../emulator/compilers/records';
import { STATUS } from '../emulator/compilers/statuses';
import { Store } from '../emulator/store';
import { startEmulatorProcess, type EmulatorProcess } from './emulator-process';
import type { Benchmark, Figure } from './types';

const PYTHON = 116;
const RUNS = 30;
const RECORDS = Number(process.env.STORE_BENCH_RECORDS ?? 50_000);
const BURST = 1000;

/** Past submissions written straight into the store, as a long-used data directory holds them. */
function seed(dataDir: string, count: number): number {
  const started = performance.now();
  const store = new Store(dataDir);
  const submissions = new SubmissionStore(store);
  store.transaction(() => {
    for (let i = 0; i < count; i++) {
      submissions.create({
        createdAt: Date.now() - (count - i) * 1000,
        compiler: { id: PYTHON, name: 'Python 3', version: { id: 1, name: '3' } },
        multiFile: false,
        timeLimitSec: 5,
        memoryLimitKb: 262144,
        outputFilenames: [],
        status: STATUS.accepted,
        time: 0.01,
        memory: 9000,
        signal: 0,
        streams: { source: 120, output: 40 },
      });
    }
  });
  store.close();
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The emulator process's resident and peak memory (Linux), in MiB. */
function memoryMiB(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

interface Measured {
  post: number[];
  final: number[];
  openMs: number;
  memory: { rss: number; peak: number };
  burst?: Burst;
}

interface Burst {
  acceptedMs: number;
  judgedMs: number;
  accepted: number;
}

/** Ends of `ids` as the API shows them, polled with ?ids= every 5 ms (20 ids a request). */
async function waitFinal(emu: EmulatorProcess, ids: number[]): Promise<void> {
  let open = ids;
  while (open.length) {
    const still: number[] = [];
    for (let i = 0; i < open.length; i += 20) {
      const res = await fetch(emu.api('compilers', `/submissions?ids=${open.slice(i, i + 20).join(',')}`));
      const { items } = (await res.json()) as { items: Array<{ id: number; executing: boolean }> };
      still.push(...items.filter((s) => s.executing).map((s) => s.id));
    }
    open = still;
    if (open.length) await sleep(5);
  }
}

const submit = (emu: EmulatorProcess, i: number) =>
  fetch(emu.api('compilers', '/submissions'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ compilerId: PYTHON, source: `print(${i})` }),
  });

async function measure(repoRoot: string, dataDir: string, burst = 0): Promise<Measured> {
  const opening = performance.now();
  // Its own process: the figures, memory included, are the emulator's alone.
  const emu = await startEmulatorProcess(repoRoot, dataDir, [], { fresh: false });
  const openMs = performance.now() - opening;
  const post: number[] = [];
  const final: number[] = [];
  try {
    for (let i = 0; i <= RUNS; i++) {
      const sent = performance.now();
      const res = await submit(emu, i);
      const answered = performance.now();
      const { id } = (await res.json()) as { id: number };
      await waitFinal(emu, [id]);
      if (i === 0) continue; // warm-up: toolchain detection, the first spawn
      post.push(answered - sent);
      final.push(performance.now() - sent);
    }
    const burstFigures = burst > 0 ? await sendBurst(emu, burst) : undefined;
    return { post, final, openMs, memory: memoryMiB(emu.pid), burst: burstFigures };
  } finally {
    await emu.stop();
  }
}

/** `count` POSTs at once: how long until all are answered, and until all are judged. */
async function sendBurst(emu: EmulatorProcess, count: number): Promise<Burst> {
  const sent = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => submit(emu, i).then(async (res) => ({ ok: res.status === 201, id: ((await res.json()) as { id: number }).id }))),
  );
  const acceptedMs = performance.now() - sent;
  await waitFinal(
    emu,
    answers.map((a) => a.id),
  );
  return { acceptedMs, judgedMs: performance.now() - sent, accepted: answers.filter((a) => a.ok).length };
}

export const benchmark: Benchmark = {
  name: 'emulator-store',
  async run({ repoRoot, tmpDir, log }): Promise<Figure[]> {
    const empty = path.join(tmpDir, 'empty');
    const full = path.join(tmpDir, 'full');
    fs.mkdirSync(empty);
    const seedMs = seed(full, RECORDS);
    const dbBytes = fs.statSync(path.join(full, 'emulator.sqlite')).size;
    log(`seeded ${RECORDS} submissions in ${Math.round(seedMs)} ms (${(dbBytes / 2 ** 20).toFixed(1)} MiB)`);
    const a = await measure(repoRoot, empty);
    const b = await measure(repoRoot, full, BURST);
    const r = (x: number) => Math.round(x * 10) / 10;
    const burst = b.burst!;
    return [
      { name: `POST /submissions, median, empty data directory`, value: r(median(a.post)), unit: 'ms', note: `p95 ${r(p95(a.post))} ms, ${RUNS} runs` },
      {
        name: `POST /submissions, median, ${RECORDS} stored`,
        value: r(median(b.post)),
        unit: 'ms',
        goal: '≤ 2 × empty',
        ok: median(b.post) <= 2 * median(a.post),
        note: `p95 ${r(p95(b.post))} ms; JSON store before: 236 ms`,
      },
      { name: `POST to final status, median, empty`, value: r(median(a.final)), unit: 'ms', note: `p95 ${r(p95(a.final))} ms` },
      {
        name: `POST to final status, median, ${RECORDS} stored`,
        value: r(median(b.final)),
        unit: 'ms',
        goal: '≤ 1.25 × empty',
        ok: median(b.final) <= 1.25 * median(a.final),
        note: `p95 ${r(p95(b.final))} ms; JSON store before: 355 ms`,
      },
      {
        name: `${BURST} POSTs at once (${RECORDS} stored): all answered`,
        value: r(burst.acceptedMs),
        unit: 'ms',
        note: `${burst.accepted} accepted; all judged after ${r(burst.judgedMs / 1000)} s with ${os.availableParallelism()} workers`,
      },
      {
        name: `emulator memory (RSS) with ${RECORDS} stored, after the runs`,
        value: r(b.memory.rss),
        unit: 'MiB',
        goal: '< 200 MB',
        ok: b.memory.rss * 2 ** 20 < 200e6,
        note: `peak ${r(b.memory.peak)} MiB (during the burst); empty directory: ${r(a.memory.rss)} MiB`,
      },
      { name: `emulator start on ${RECORDS} stored`, value: r(b.openMs), unit: 'ms', note: `database ${(dbBytes / 2 ** 20).toFixed(1)} MiB; empty: ${r(a.openMs)} ms` },
    ];
  },
};
