// The emulator's cost per request as its data grows (issue: "state in an embedded database"): a
// new Compilers submission's POST, and POST to final status, on an empty data directory and on one
// that already holds 50,000 past submissions. With the JSON files of before, every write rewrote
// everything stored (236 ms a POST at 50,000 against 4.7 ms empty); with the state database a
// write is one row, so both figures should stay flat. Then 1,000 POSTs at once: all answered
// quickly, judged through the job pool.
//   npm run bench -- emulator-store      (STORE_BENCH_RECORDS=N to change the 50,000)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SubmissionStore } from '../emulator/compilers/records';
import { STATUS } from '../emulator/compilers/statuses';
import { defaultOptions, startEmulator } from '../emulator/server';
import { Store } from '../emulator/store';
import type { Benchmark, Figure } from './types';

const TOKEN = 'bench-token';
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

async function measure(dataDir: string, burst = 0): Promise<{ post: number[]; final: number[]; openMs: number; rssMiB: number; burst?: Burst }> {
  const opening = performance.now();
  const emu = await startEmulator(defaultOptions({ dataDir, tokens: [TOKEN] }));
  const openMs = performance.now() - opening;
  const stored = new SubmissionStore(emu.ctx.store);
  const post: number[] = [];
  const final: number[] = [];
  let burstFigures: Burst | undefined;
  try {
    for (let i = 0; i <= RUNS; i++) {
      const sent = performance.now();
      const res = await fetch(`${emu.endpoints.compilers}/api/v4/submissions?access_token=${TOKEN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ compilerId: PYTHON, source: `print(${i})` }),
      });
      const answered = performance.now();
      const { id } = (await res.json()) as { id: number };
      // The end as the emulator records it, read from its own store every 2 ms.
      while ((stored.get(id)?.status ?? 0) < 10) await new Promise((r) => setTimeout(r, 2));
      if (i === 0) continue; // warm-up: toolchain detection, the first spawn
      post.push(answered - sent);
      final.push(performance.now() - sent);
    }
    if (burst > 0) burstFigures = await sendBurst(emu.endpoints.compilers, stored, burst);
  } finally {
    await emu.close();
  }
  return { post, final, openMs, rssMiB: process.memoryUsage().rss / 2 ** 20, burst: burstFigures };
}

interface Burst {
  acceptedMs: number;
  judgedMs: number;
  accepted: number;
}

/** `count` POSTs at once: how long until all are answered, and until all are judged. */
async function sendBurst(endpoint: string, stored: SubmissionStore, count: number): Promise<Burst> {
  const sent = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(`${endpoint}/api/v4/submissions?access_token=${TOKEN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ compilerId: PYTHON, source: `print(${i})` }),
      }).then(async (res) => ({ ok: res.status === 201, id: ((await res.json()) as { id: number }).id })),
    ),
  );
  const acceptedMs = performance.now() - sent;
  for (const { id } of answers) while ((stored.get(id)?.status ?? 0) < 10) await new Promise((r) => setTimeout(r, 20));
  return { acceptedMs, judgedMs: performance.now() - sent, accepted: answers.filter((a) => a.ok).length };
}

export const benchmark: Benchmark = {
  name: 'emulator-store',
  async run({ tmpDir, log }): Promise<Figure[]> {
    const empty = path.join(tmpDir, 'empty');
    const full = path.join(tmpDir, 'full');
    fs.mkdirSync(empty);
    const seedMs = seed(full, RECORDS);
    const dbBytes = fs.statSync(path.join(full, 'emulator.sqlite')).size;
    log(`seeded ${RECORDS} submissions in ${Math.round(seedMs)} ms (${(dbBytes / 2 ** 20).toFixed(1)} MiB)`);
    const a = await measure(empty);
    const b = await measure(full, BURST);
    const r = (x: number) => Math.round(x * 10) / 10;
    const burst = b.burst!;
    return [
      { name: `POST /submissions, median, empty data directory`, value: r(median(a.post)), unit: 'ms', note: `p95 ${r(p95(a.post))} ms, ${RUNS} runs` },
      { name: `POST /submissions, median, ${RECORDS} stored`, value: r(median(b.post)), unit: 'ms', goal: '≤ 2 × empty', ok: median(b.post) <= 2 * median(a.post), note: `p95 ${r(p95(b.post))} ms; JSON store before: 236 ms` },
      { name: `POST to final status, median, empty`, value: r(median(a.final)), unit: 'ms', note: `p95 ${r(p95(a.final))} ms` },
      { name: `POST to final status, median, ${RECORDS} stored`, value: r(median(b.final)), unit: 'ms', goal: '≤ 1.25 × empty', ok: median(b.final) <= 1.25 * median(a.final), note: `p95 ${r(p95(b.final))} ms; JSON store before: 355 ms` },
      { name: `${BURST} POSTs at once (${RECORDS} stored): all answered`, value: r(burst.acceptedMs), unit: 'ms', note: `${burst.accepted} accepted; all judged after ${r(burst.judgedMs / 1000)} s with ${os.availableParallelism()} workers` },
      { name: `memory (RSS) with ${RECORDS} stored, after the runs`, value: r(b.rssMiB), unit: 'MiB', goal: '< 200 MB', ok: b.rssMiB * 2 ** 20 < 200e6, note: 'the bench process, which holds the emulator' },
      { name: `emulator start on ${RECORDS} stored`, value: r(b.openMs), unit: 'ms', note: `database ${(dbBytes / 2 ** 20).toFixed(1)} MiB; empty: ${r(a.openMs)} ms` },
    ];
  },
};
