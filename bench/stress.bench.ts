// Figures for "Stress Test Against Reference…" (issue 30, part 2): the extension's own round
// loop (src/core/stress) and Compilers runner, against an emulator in its own process (as the
// extension starts it), with a small C++ pair (generator, solution, reference) that always agree,
// so every round is judged:
//   1. rounds a second at the spec's 2 s polls (the emulator's polling guard at 1 s, as the test
//      suites run it) for the command's default session (100 rounds: one batch on the emulator);
//   2. the same over 500 rounds (5 batches), one batch at a time or with the next one run ahead
//      (the command runs ahead where nothing is paid);
//   3. 100 and 500 rounds at 250 ms polls with the guard off: the emulator the extension started
//      (the 100 rounds right after its start, and again on it with the solution changed);
//   4. 500 rounds at 50 ms polls: the emulator's ceiling;
//   5. (the 50 ms session alone, STRESS_ONLY=ceiling) the CPU time a round, end to end, as
//      judge-many counts it a run (./cpu-account.ts): the emulator, its launcher, every sandbox, the client;
//   6. compilations the emulator really ran for the session (goal in the issue: 3): the Compilers
//      API has no compile-once, so every round submits its three programs again, and the
//      emulator's compile cache (emulator/languages/compile-cache.ts) compiles each source once.
// Run: `npm run bench -- stress`; STRESS_WORKERS=N for the emulator's --workers (default: its own,
// the number of cores).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CompilersClient } from '../src/api';
import { FREE_BATCH_SIZE, runStressSession } from '../src/core/stress';
import { compareOutputs } from '../src/core/compilers';
import { OWN_EMULATOR_POLL_MS } from '../src/core/poller';
import { CompilersStressRunner, type StressProgramSpec } from '../src/core/stress';
import { startEmulatorProcess } from './emulator-process';
import { cpuPerRun, describeCpu, settled, treeCpu, type CpuPerRun } from './cpu-account';
import type { BenchContext, Benchmark, Figure } from './types';

const CPP = 1;
// The command's default session, in the batches it uses on the local emulator.
const ROUNDS = 100;
// A longer session: five batches, where running the next generator ahead can show.
const LONG = 500;
const GENERATOR = `#include <cstdio>
int main() { long long seed, n; scanf("%lld %lld", &seed, &n); printf("%lld\\n", n);
  for (long long i = 0; i < n; i++) { seed = (seed * 1103515245 + 12345) % 2147483648LL; printf("%lld ", seed % 100); } printf("\\n"); }
`;
const SOLUTION = `#include <cstdio>
int main() { long long n, x, s = 0; scanf("%lld", &n); for (long long i = 0; i < n; i++) { scanf("%lld", &x); s += x; } printf("%lld\\n", s); }
`;
const REFERENCE = `#include <iostream>
int main() { long long n, x, s = 0; std::cin >> n; while (n-- > 0) { std::cin >> x; s += x; } std::cout << s << "\\n"; }
`;

interface SessionFigures {
  roundsPerSecond: number;
  submissions: number;
  compilations: number;
  rounds: number;
  outcome: string;
  /** CPU time a round, end to end (./cpu-account.ts: runs = rounds). */
  cpu: CpuPerRun;
}

interface SessionOptions {
  /** The emulator's polling guard (`--poll-min-ms`); 0 = off. */
  pollMinIntervalMs: number;
  /** The client's poll interval; undefined = the spec's 2 s rhythm. */
  intervalMs?: number;
  rounds?: number;
  prefetch?: boolean;
}

async function session(ctx: BenchContext, o: SessionOptions): Promise<SessionFigures> {
  return (await sessions(ctx, o, 1))[0];
}

/**
 * `count` sessions one after the other on one emulator: the second and later ones as after fixing
 * the solution (its source changes, so it compiles again; the generator and reference do not).
 */
async function sessions(ctx: BenchContext, o: SessionOptions, count: number): Promise<SessionFigures[]> {
  const dataDir = fs.mkdtempSync(path.join(ctx.tmpDir, 'se-bench-stress-'));
  const emu = await emulatorProcess(ctx, dataDir, o.pollMinIntervalMs);
  const client = new CompilersClient({ endpoint: emu.endpoint('compilers'), token: emu.token });
  const spec = (source: string): StressProgramSpec => ({ source, compilerId: CPP });
  const figures: SessionFigures[] = [];
  try {
    for (let k = 0; k < count; k++) {
      const solution = k === 0 ? SOLUTION : `${SOLUTION}// fixed ${k}\n`;
      const runner = new CompilersStressRunner(client, {
        programs: { generator: spec(GENERATOR), solution: spec(solution), reference: spec(REFERENCE) },
        intervalMs: o.intervalMs,
      });
      const cpuBefore = treeCpu(emu.pid);
      const clientCpu = process.cpuUsage();
      const result = await runStressSession({
        runner,
        compare: compareOutputs,
        maxRounds: o.rounds ?? ROUNDS,
        maxSize: 1000,
        batchSize: FREE_BATCH_SIZE,
        prefetch: o.prefetch ?? true,
      });
      figures.push({
        roundsPerSecond: result.rounds / (result.elapsedMs / 1000),
        submissions: result.submissions,
        compilations: await emu.compilations(),
        rounds: result.rounds,
        outcome: result.outcome.kind,
        cpu: cpuPerRun(cpuBefore, treeCpu(emu.pid), process.cpuUsage(clientCpu), result.rounds),
      });
    }
    return figures;
  } finally {
    await client.close();
    await emu.stop();
  }
}

/** The emulator in a child process, as the extension starts it: the compile cache read through the test hooks. */
async function emulatorProcess(ctx: BenchContext, dataDir: string, pollMinIntervalMs: number) {
  const workers = process.env.STRESS_WORKERS ? ['--workers', process.env.STRESS_WORKERS] : [];
  const emu = await startEmulatorProcess(ctx.repoRoot, dataDir, ['--poll-min-ms', String(pollMinIntervalMs), '--test-hooks', ...workers]);
  await settled(emu.pid);
  return {
    pid: emu.pid,
    token: emu.token,
    endpoint: (module: 'compilers') => emu.endpoint(module),
    compilations: async () => {
      const res = await fetch(`${emu.origin}/__emulator/runner`, { headers: { authorization: `Bearer ${emu.token}` } });
      return ((await res.json()) as { compile: { compilations: number } }).compile.compilations;
    },
    stop: () => emu.stop(),
  };
}

export const benchmark: Benchmark = {
  name: 'stress',
  async run(ctx) {
    ctx.log(
      `a C++ sum pair against an emulator in its own process: ${ROUNDS} and ${LONG} rounds at the spec's 2 s polls (guard 1 s) and at ${OWN_EMULATOR_POLL_MS} ms (guard off, as on the emulator the extension starts); ${LONG} at 50 ms`,
    );
    // STRESS_ONLY=ceiling: that one session alone (the whole bench takes many minutes on a busy machine).
    if (process.env.STRESS_ONLY === 'ceiling') {
      const s = await session(ctx, { pollMinIntervalMs: 0, intervalMs: 50, rounds: LONG });
      if (s.outcome !== 'passed') throw new Error(`the agreeing pair ended with ${s.outcome} after ${s.rounds} rounds`);
      ctx.log(describeCpu(s.cpu).replace('CPU a run', 'CPU a round'));
      return [
        {
          name: `stress: rounds a second, C++ pair, ${LONG} rounds at 50 ms polls (STRESS_ONLY=ceiling)`,
          value: s.roundsPerSecond,
          unit: 'rounds/s',
          note: `${s.submissions} submissions; ${describeCpu(s.cpu).replace('CPU a run', 'CPU a round')}`,
        },
      ];
    }
    // The emulator just started (its C supervisor may still be compiling), then the same emulator
    // once the solution was "fixed": what a person sees on the second try.
    const ownTwice = await sessions(ctx, { pollMinIntervalMs: 0, intervalMs: OWN_EMULATOR_POLL_MS }, 2);
    const results = {
      spec: await session(ctx, { pollMinIntervalMs: 1000 }),
      longPlain: await session(ctx, { pollMinIntervalMs: 1000, rounds: LONG, prefetch: false }),
      longAhead: await session(ctx, { pollMinIntervalMs: 1000, rounds: LONG }),
      own: ownTwice[0],
      ownAgain: ownTwice[1],
      ownLong: await session(ctx, { pollMinIntervalMs: 0, intervalMs: OWN_EMULATOR_POLL_MS, rounds: LONG }),
      ceiling: await session(ctx, { pollMinIntervalMs: 0, intervalMs: 50, rounds: LONG }),
    };
    for (const s of Object.values(results)) if (s.outcome !== 'passed') throw new Error(`the agreeing pair ended with ${s.outcome} after ${s.rounds} rounds`);
    const round2 = (x: number) => Math.round(x * 100) / 100;
    const rate = (name: string, s: SessionFigures): Figure => ({
      name: `stress: rounds a second, C++ pair, ${name}`,
      value: round2(s.roundsPerSecond),
      unit: 'rounds/s',
      goal: '≥ 30 rounds/s',
      ok: s.roundsPerSecond >= 30,
    });
    return [
      rate(`${ROUNDS} rounds, spec's 2 s polls`, results.spec),
      rate(`${LONG} rounds, spec's 2 s polls, one batch at a time`, results.longPlain),
      rate(`${LONG} rounds, spec's 2 s polls, next batch run ahead`, results.longAhead),
      rate(`${ROUNDS} rounds, ${OWN_EMULATOR_POLL_MS} ms polls (the emulator the extension started), right after its start`, results.own),
      rate(`${ROUNDS} rounds, ${OWN_EMULATOR_POLL_MS} ms polls (the emulator the extension started), again after fixing the solution`, results.ownAgain),
      rate(`${LONG} rounds, ${OWN_EMULATOR_POLL_MS} ms polls (the emulator the extension started)`, results.ownLong),
      rate(`${LONG} rounds, 50 ms polls (the emulator's ceiling)`, results.ceiling),
      {
        name: `stress: compilations for ${ROUNDS} rounds, spec's 2 s polls`,
        value: results.spec.compilations,
        unit: 'compilations',
        goal: '3 a session',
        ok: results.spec.compilations <= 3,
        note: `${results.spec.submissions} submissions; the ${LONG}-round session at 50 ms: ${results.ceiling.compilations} compilations for ${results.ceiling.submissions} submissions`,
      },
    ];
  },
};
