// Load figure for RELIABILITY.md: the emulator (its own process) holds 50 concurrent clients for
// 60 s on loopback without a failed request. The work is in test/faults/load.ts, which the fault
// suite also runs for a few seconds.
//   node out/bench/load.bench.js            (LOAD_BENCH_SECONDS / LOAD_BENCH_CLIENTS to change)
import { runLoad, toMarkdown } from '../test/faults/load';
import type { Benchmark, Figure } from './types';

const SECONDS = Number(process.env.LOAD_BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.LOAD_BENCH_CLIENTS ?? 50);

async function run(): Promise<Figure[]> {
  const f = await runLoad({ clients: CLIENTS, seconds: SECONDS });
  const worstP99 = Math.max(...Object.values(f.operations).map((o) => o.p99Ms));
  return [
    { name: `failed requests, ${CLIENTS} clients for ${SECONDS} s`, value: f.failures, unit: 'requests', goal: '0', ok: f.failures === 0, note: f.failureSamples[0] },
    { name: `throughput, ${CLIENTS} clients`, value: f.requestsPerSecond, unit: 'requests/s', note: `${f.requests} requests in all` },
    { name: 'worst p99 latency of one operation under load', value: worstP99, unit: 'ms' },
    { name: 'emulator memory after the load', value: f.emulatorRssMiB ?? NaN, unit: 'MiB RSS' },
  ];
}

export const benchmark: Benchmark = { name: 'load', run };

if (require.main === module) {
  void (async () => {
    const figures = await runLoad({ clients: CLIENTS, seconds: SECONDS, log: (l) => console.error(l) });
    console.log(toMarkdown(figures));
    if (figures.failures > 0) process.exitCode = 1;
  })();
}
