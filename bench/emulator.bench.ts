// Emulator figures (issue 3), measured against a private emulator in its own process (as users run
// it), polling protection off so the bench can look often:
//   1. overhead of a trivial Python Compilers submission beyond the program's own run time:
//      POST sent → first GET that says `executing: false`, minus the result's `time`;
//   2. 20 Compilers submissions sent at once: every one ends 15 with its own right output;
//   3. a Containers submission of the Console Python project, POST → final status;
//   4. for contrast, figure 1 again with the sandbox off (`--sandbox none`): what bubblewrap costs;
//   5. what the run directory's disk mechanism costs per run (./run-disk-cost.ts).
// Run alone: npm run bench -- emulator   (or: node out/bench/index.js emulator)
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tar from 'tar';
import { startEmulatorProcess, type EmulatorProcess } from './emulator-process';
import { diskCostPerRun } from './run-disk-cost';
import { CONTAINERS_STATUS, SUBMISSION_STATUS } from '../contract';
import type { Benchmark, BenchContext, Figure } from './types';

const OVERHEAD_RUNS = 20;
const UNSANDBOXED_RUNS = 10;
const CONCURRENT = 20;
const CONTAINERS_RUNS = 3;
const OVERHEAD_GOAL_MS = 300;
/** How often the bench asks for a submission: fine enough to time, sparse enough to leave CPU to the run. */
const POLL_MS = 5;
const PYTHON_3 = 116;
const COMPILERS_OK = SUBMISSION_STATUS.accepted;
const CONTAINERS_OK = CONTAINERS_STATUS.ok;
const CONSOLE_PYTHON_DIR = path.join('emulator', 'projects', 'console-python');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const benchmark: Benchmark = {
  name: 'emulator',
  async run(ctx) {
    const figures: Figure[] = [];
    const emu = await startEmulatorProcess(ctx.repoRoot, path.join(ctx.tmpDir, 'emulator-data'));
    ctx.log(`emulator at ${emu.origin} (polling protection off)`);
    try {
      figures.push(...(await compilersOverhead(emu, ctx)));
      figures.push(...(await compilersConcurrent(emu, ctx)));
      figures.push(...(await containersEndToEnd(emu, ctx)));
    } finally {
      await emu.stop();
    }
    // What walking, opening up and removing run directories by descriptor costs a run (issue 36).
    figures.push(...(await diskCostPerRun(ctx)));
    const bare = await startEmulatorProcess(ctx.repoRoot, path.join(ctx.tmpDir, 'emulator-data-bare'), ['--sandbox', 'none']);
    try {
      const median = percentile(await overheads(bare, UNSANDBOXED_RUNS), 50);
      figures.push({
        name: 'compilers submission overhead, sandbox off (--sandbox none), median',
        value: round(median),
        unit: 'ms',
        note: `${UNSANDBOXED_RUNS} runs; compare with the first row for what the sandbox costs`,
      });
    } finally {
      await bare.stop();
    }
    return figures;
  },
};

interface CompilersResult {
  executing: boolean;
  result: { status: { code: number }; time: number | null; streams: Record<string, { uri: string } | null> };
}

async function postCompilers(emu: EmulatorProcess, source: string, input = ''): Promise<number> {
  const res = await fetch(emu.api('compilers', '/submissions'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ compilerId: PYTHON_3, source, input }),
  });
  const body = (await res.json()) as { id?: number; message?: string };
  if (res.status !== 201 || typeof body.id !== 'number') throw new Error(`POST /submissions: HTTP ${res.status} ${body.message ?? ''}`);
  return body.id;
}

/** Asks every `everyMs` until the submission is final; returns it and when that answer arrived. */
async function untilFinal(emu: EmulatorProcess, id: number, everyMs: number): Promise<{ sub: CompilersResult; at: number }> {
  for (;;) {
    const res = await fetch(emu.api('compilers', `/submissions/${id}`));
    const sub = (await res.json()) as CompilersResult;
    const at = performance.now();
    if (res.status !== 200) throw new Error(`GET /submissions/${id}: HTTP ${res.status}`);
    if (!sub.executing) return { sub, at };
    await sleep(everyMs);
  }
}

async function outputOf(sub: CompilersResult): Promise<string> {
  const stream = sub.result.streams.output;
  return stream ? (await fetch(stream.uri)).text() : '';
}

interface OverheadRun {
  overheadMs: number;
  programMs: number;
  postMs: number;
}

/** `runs` trivial submissions one after another (after one warm-up that is not counted). */
async function measureRuns(emu: EmulatorProcess, runs: number): Promise<OverheadRun[]> {
  const measured: OverheadRun[] = [];
  // Run 0 warms up (first spawn, interpreter pages in the file cache).
  for (let i = 0; i <= runs; i++) {
    const posted = performance.now();
    const id = await postCompilers(emu, 'print(6 * 7)');
    const answered = performance.now();
    const { sub, at } = await untilFinal(emu, id, POLL_MS);
    if (sub.result.status.code !== COMPILERS_OK) throw new Error(`trivial run ended ${sub.result.status.code}`);
    if ((await outputOf(sub)).trim() !== '42') throw new Error('trivial run printed the wrong output');
    if (i === 0) continue;
    const programMs = (sub.result.time ?? 0) * 1000;
    measured.push({ overheadMs: at - posted - programMs, programMs, postMs: answered - posted });
  }
  return measured;
}

const overheads = async (emu: EmulatorProcess, runs: number) => (await measureRuns(emu, runs)).map((r) => r.overheadMs);

async function compilersOverhead(emu: EmulatorProcess, ctx: BenchContext): Promise<Figure[]> {
  const load = os.loadavg()[0].toFixed(1);
  const runs = await measureRuns(emu, OVERHEAD_RUNS);
  const all = runs.map((r) => r.overheadMs);
  const median = percentile(all, 50);
  const p95 = percentile(all, 95);
  ctx.log(`overhead: median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${all.length} runs (load ${load})`);
  const how = `trivial Python (print), ${OVERHEAD_RUNS} runs after 1 warm-up, polled every ${POLL_MS} ms, 1-min load average ${load} at start`;
  return [
    {
      name: 'compilers submission overhead beyond the program, median',
      value: round(median),
      unit: 'ms',
      goal: `< ${OVERHEAD_GOAL_MS} ms`,
      ok: median < OVERHEAD_GOAL_MS,
      note: `POST → executing:false minus result.time; ${how}`,
    },
    { name: 'compilers submission overhead beyond the program, p95', value: round(p95), unit: 'ms', goal: `< ${OVERHEAD_GOAL_MS} ms`, ok: p95 < OVERHEAD_GOAL_MS, note: how },
    {
      name: "compilers submission: the program's own time (result.time), median",
      value: round(
        percentile(
          runs.map((r) => r.programMs),
          50,
        ),
      ),
      unit: 'ms',
    },
    {
      name: 'compilers submission: POST sent → 201 received, median',
      value: round(
        percentile(
          runs.map((r) => r.postMs),
          50,
        ),
      ),
      unit: 'ms',
      note: 'part of the overhead above',
    },
  ];
}

async function compilersConcurrent(emu: EmulatorProcess, ctx: BenchContext): Promise<Figure[]> {
  const started = performance.now();
  // Each program echoes a different number so a mixed-up output or input cannot pass.
  const outcomes = await Promise.all(
    Array.from({ length: CONCURRENT }, async (_, k) => {
      const id = await postCompilers(emu, 'print(int(input()) * 3)', `${k + 1}\n`);
      const { sub } = await untilFinal(emu, id, 50);
      const output = sub.result.status.code === COMPILERS_OK ? (await outputOf(sub)).trim() : '';
      return sub.result.status.code === COMPILERS_OK && output === String((k + 1) * 3);
    }),
  );
  const correct = outcomes.filter(Boolean).length;
  const wallMs = performance.now() - started;
  ctx.log(`concurrent: ${correct}/${CONCURRENT} correct in ${wallMs.toFixed(0)} ms`);
  return [
    {
      name: `${CONCURRENT} concurrent compilers submissions ending 15 with the right output`,
      value: correct,
      unit: `/ ${CONCURRENT}`,
      goal: `${CONCURRENT} / ${CONCURRENT}`,
      ok: correct === CONCURRENT,
      note: 'each prints 3 × its own input',
    },
    { name: `${CONCURRENT} concurrent compilers submissions: first POST → last final`, value: round(wallMs), unit: 'ms' },
  ];
}

interface ContainersResult {
  executing: boolean;
  result: { status: { code: number; name: string } };
  streams: Record<string, { uri: string } | null>;
}

async function containersEndToEnd(emu: EmulatorProcess, ctx: BenchContext): Promise<Figure[]> {
  const projectDir = path.join(ctx.repoRoot, CONSOLE_PYTHON_DIR);
  const projectId = (JSON.parse(await fsp.readFile(path.join(projectDir, 'project.json'), 'utf8')) as { id: string }).id;
  const expected = 'Hello from Sphere Engine Containers';
  // The project's own files, under workspace/ as a submission source must be.
  const stage = path.join(ctx.tmpDir, 'containers-source');
  await fsp.cp(path.join(projectDir, 'files'), path.join(stage, 'workspace'), { recursive: true });
  const chunks: Buffer[] = [];
  for await (const chunk of tar.c({ gzip: true, cwd: stage, portable: true }, ['workspace'])) chunks.push(chunk as Buffer);
  const archive = Buffer.concat(chunks);

  const walls: number[] = [];
  for (let i = 0; i < CONTAINERS_RUNS; i++) {
    const started = performance.now();
    const form = new FormData();
    form.set('project_id', projectId);
    form.set('source', new Blob([new Uint8Array(archive)]), 'source.tar.gz');
    const res = await fetch(emu.api('containers', '/submissions'), { method: 'POST', body: form });
    const created = (await res.json()) as { id?: number; message?: string };
    if (res.status !== 201 || typeof created.id !== 'number') throw new Error(`containers POST: HTTP ${res.status} ${created.message ?? ''}`);
    let sub: ContainersResult;
    for (;;) {
      sub = (await (await fetch(emu.api('containers', `/submissions/${created.id}`))).json()) as ContainersResult;
      if (!sub.executing) break;
      await sleep(POLL_MS);
    }
    walls.push(performance.now() - started);
    const out = sub.streams.stage_run_output ? await (await fetch(sub.streams.stage_run_output.uri)).text() : '';
    if (sub.result.status.code !== CONTAINERS_OK || out.trim() !== expected) {
      throw new Error(`containers submission ended ${sub.result.status.code} (${sub.result.status.name}) printing ${JSON.stringify(out.slice(0, 80))}`);
    }
  }
  const median = percentile(walls, 50);
  ctx.log(`containers: ${walls.map((w) => w.toFixed(0)).join(', ')} ms`);
  return [
    {
      name: 'containers submission of Console Python, POST → final status (ok, 15)',
      value: round(median),
      unit: 'ms',
      note: `median of ${CONTAINERS_RUNS}, slowest ${round(Math.max(...walls))} ms; source packed from the project's files`,
    },
  ];
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (ms: number) => Math.round(ms * 10) / 10;
