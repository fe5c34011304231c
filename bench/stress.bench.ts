// Figures for "Stress Test Against Reference…" (issue 30, part 2): the extension's own round
// loop (src/core/stress) and Compilers runner, against a started local emulator, with a small
// C++ pair (generator, solution, reference) that always agree, so every round is judged:
//   1. rounds a second at the spec's 2 s polling rhythm for the command's default session (100
//      rounds: one batch on the emulator);
//   2. the same over 500 rounds (5 batches), with the next batch's generator run ahead or not
//      (the command runs it ahead where nothing is paid);
//   3. rounds a second with polling protection off and 50 ms polls (the emulator's ceiling);
//   4. compilations the emulator really ran for the session (goal in the issue: 3): the Compilers
//      API has no compile-once, so every round submits its three programs again, and the
//      emulator's compile cache (emulator/languages/compile-cache.ts) compiles each source once.
// Run: `npm run bench -- stress`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CompilersClient } from '../src/api';
import { FREE_BATCH_SIZE, runStressSession } from '../src/core/stress';
import { compareOutputs } from '../src/core/compilers';
import { CompilersStressRunner, type StressProgramSpec } from '../src/features/stress/compilers-runner';
import { defaultOptions, startEmulator } from '../emulator/server';
import { compileCacheFor } from '../emulator/languages';
import type { Benchmark, Figure } from './types';

const TOKEN = 'bench-token';
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

async function session(tmpDir: string, pollMinIntervalMs: number, intervalMs: number | undefined, rounds = ROUNDS, prefetch = true): Promise<{ roundsPerSecond: number; submissions: number; compilations: number; rounds: number; outcome: string }> {
  const dataDir = fs.mkdtempSync(path.join(tmpDir, 'se-bench-stress-'));
  const emu = await startEmulator(defaultOptions({ dataDir, tokens: [TOKEN], pollMinIntervalMs }));
  const client = new CompilersClient({ endpoint: emu.endpoints.compilers, token: TOKEN });
  const spec = (source: string): StressProgramSpec => ({ source, compilerId: CPP });
  try {
    const runner = new CompilersStressRunner(client, { programs: { generator: spec(GENERATOR), solution: spec(SOLUTION), reference: spec(REFERENCE) }, intervalMs });
    const result = await runStressSession({ runner, compare: compareOutputs, maxRounds: rounds, maxSize: 1000, batchSize: FREE_BATCH_SIZE, prefetch });
    return {
      roundsPerSecond: result.rounds / (result.elapsedMs / 1000),
      submissions: result.submissions,
      compilations: compileCacheFor(emu.ctx).stats().compilations,
      rounds: result.rounds,
      outcome: result.outcome.kind,
    };
  } finally {
    await client.close();
    await emu.close();
  }
}

export const benchmark: Benchmark = {
  name: 'stress',
  async run(ctx) {
    ctx.log(`a C++ sum pair: ${ROUNDS} rounds at 2 s polls; ${LONG} rounds at 2 s polls without and with the generator run ahead; ${ROUNDS} at 50 ms polls (protection off)`);
    const spec = await session(ctx.tmpDir, 1000, undefined);
    const longPlain = await session(ctx.tmpDir, 1000, undefined, LONG, false);
    const longAhead = await session(ctx.tmpDir, 1000, undefined, LONG, true);
    const fast = await session(ctx.tmpDir, 0, 50);
    for (const s of [spec, longPlain, longAhead, fast]) if (s.outcome !== 'passed') throw new Error(`the agreeing pair ended with ${s.outcome} after ${s.rounds} rounds`);
    const round2 = (x: number) => Math.round(x * 100) / 100;
    const figures: Figure[] = [
      { name: `stress: rounds a second, C++ pair, ${ROUNDS} rounds, spec's 2 s polls`, value: round2(spec.roundsPerSecond), unit: 'rounds/s', goal: '≥ 30 rounds/s', ok: spec.roundsPerSecond >= 30 },
      { name: `stress: rounds a second, C++ pair, ${LONG} rounds, spec's 2 s polls, generator not run ahead`, value: round2(longPlain.roundsPerSecond), unit: 'rounds/s', goal: '≥ 30 rounds/s', ok: longPlain.roundsPerSecond >= 30 },
      { name: `stress: rounds a second, C++ pair, ${LONG} rounds, spec's 2 s polls, generator run ahead`, value: round2(longAhead.roundsPerSecond), unit: 'rounds/s', goal: '≥ 30 rounds/s', ok: longAhead.roundsPerSecond >= 30 },
      { name: `stress: rounds a second, C++ pair, ${ROUNDS} rounds, 50 ms polls (protection off)`, value: round2(fast.roundsPerSecond), unit: 'rounds/s', goal: '≥ 30 rounds/s', ok: fast.roundsPerSecond >= 30 },
      {
        name: `stress: compilations for ${ROUNDS} rounds, spec's 2 s polls`,
        value: spec.compilations,
        unit: 'compilations',
        goal: '3 a session',
        ok: spec.compilations <= 3,
        note: `${spec.submissions} submissions; the 50 ms session: ${fast.compilations} compilations for ${fast.submissions} submissions`,
      },
    ];
    return figures;
  },
};
