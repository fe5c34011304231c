// Foundation figures from a real VS Code (issues 2 and 4), taken from the host test runner:
//   1. activate() time: the extension measures it itself (exports.activation.activationMs) and the
//      host test `activation activates ...` prints "activate() took X ms"; the bench runs just that
//      test in code-server (`scripts/test-host.js --host-only --grep`) and reads the line;
//   2. wall time of the whole `npm run test:host` (host + UI suites). That takes minutes, so by
//      default it is read from the runner's last record (test-output/host-figures.json, when the
//      runner writes one); BENCH_HOST_FULL=1 runs it here instead.
// BENCH_SKIP_HOST=1 leaves both out (machines without the code-server host).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Benchmark, BenchContext, Figure } from './types';
import { figureBelow } from './figure-below';

const ACTIVATION_GOAL_MS = 50;
const ACTIVATION_TEST = 'activation activates';
const SINGLE_TEST_TIMEOUT_MS = 5 * 60_000;
const FULL_RUN_TIMEOUT_MS = 15 * 60_000;
const HOST_FIGURES = path.join('test-output', 'host-figures.json');

export const benchmark: Benchmark = {
  name: 'activation',
  async run(ctx) {
    if (process.env.BENCH_SKIP_HOST === '1') {
      ctx.log('BENCH_SKIP_HOST=1: no host run');
      return [];
    }
    return [...(await activationTime(ctx)), ...(await hostRunWallTime(ctx))];
  },
};

async function activationTime(ctx: BenchContext): Promise<Figure[]> {
  const run = await runHost(ctx, ['--host-only', '--grep', ACTIVATION_TEST], SINGLE_TEST_TIMEOUT_MS);
  const ms = Number(/activate\(\) took ([\d.]+) ms/.exec(run.output)?.[1] ?? NaN);
  if (!Number.isFinite(ms)) {
    // No host here (not installed, cannot start): say so in the table rather than fail the bench.
    ctx.log(`host run ended ${run.code} without an activation figure; last lines:\n${lastLines(run.output, 15)}`);
    return [
      {
        name: 'activate() in VS Code (code-server host)',
        value: NaN,
        unit: 'ms',
        goal: `< ${ACTIVATION_GOAL_MS} ms`,
        note: `host run gave no figure (exit ${run.code}); see \`npm run test:host\``,
      },
    ];
  }
  return [
    figureBelow('activate() in VS Code (code-server host)', ms, 'ms', ACTIVATION_GOAL_MS, 'exports.activation.activationMs, read by test/host/activation.test.ts; one cold start'),
    {
      name: 'host runner start → one host test done',
      value: round(run.wallMs / 1000),
      unit: 's',
      note: `\`node scripts/test-host.js --host-only --grep "${ACTIVATION_TEST}"\`: code-server, Chromium, emulator`,
    },
  ];
}

interface HostFigures {
  date?: string;
  wallSeconds?: number;
  passed?: boolean;
}

async function hostRunWallTime(ctx: BenchContext): Promise<Figure[]> {
  const name = 'whole host run (`npm run test:host`, host + UI suites) wall time';
  if (process.env.BENCH_HOST_FULL === '1') {
    const run = await runHost(ctx, [], FULL_RUN_TIMEOUT_MS);
    const summary = /test:host (passed|FAILED) in ([\d.]+) s/.exec(run.output);
    const counts = run.output.match(/^(host|ui): \d+ passed, \d+ failed.*$/gm) ?? [];
    return [
      {
        name,
        value: summary ? Number(summary[2]) : round(run.wallMs / 1000),
        unit: 's',
        note: `measured here (BENCH_HOST_FULL=1); ${summary?.[1] ?? `exit ${run.code}`}; ${counts.join('; ')}`,
      },
    ];
  }
  const file = path.join(ctx.repoRoot, HOST_FIGURES);
  if (existsSync(file)) {
    const figures = JSON.parse(readFileSync(file, 'utf8')) as HostFigures;
    if (typeof figures.wallSeconds === 'number') {
      return [
        {
          name,
          value: figures.wallSeconds,
          unit: 's',
          note: `last \`npm run test:host\` (${figures.date ?? 'undated'}, ${figures.passed === false ? 'FAILED' : 'passed'}), from ${HOST_FIGURES}`,
        },
      ];
    }
  }
  return [{ name, value: NaN, unit: 's', note: `not measured in this run: BENCH_HOST_FULL=1 npm run bench -- activation` }];
}

/** Runs the host test runner, collecting stdout and stderr together (it prints its summary on stdout). */
function runHost(ctx: BenchContext, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string; wallMs: number }> {
  const started = performance.now();
  ctx.log(`node scripts/test-host.js ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ctx.repoRoot, 'scripts', 'test-host.js'), ...args], { cwd: ctx.repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (d: Buffer) => (output += d.toString());
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    // SIGTERM lets the runner stop code-server, Chromium and its emulator itself.
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, wallMs: performance.now() - started });
    });
  });
}

function lastLines(text: string, n: number): string {
  return text.trimEnd().split('\n').slice(-n).join('\n');
}

const round = (x: number) => Math.round(x * 10) / 10;
