// What the run directory's disk mechanism (issue 36 item 1) costs per run, apart from the program:
// 1. the emulator's side: handOver (a root emulator), makeWritable and removeTree of a typical run
//    directory (source, compiled binary, stdout, stderr, a sub-folder), each walked by descriptor;
// 2. the supervisor's side: runs of `true` under the C supervisor with the disk budget on (the walk
//    before, the last look after, held files) minus the same runs with it off (--disk-entries 0),
//    interleaved so the machine's load falls on both alike; medians.
// Part of `npm run bench -- emulator` (./emulator.bench.ts).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cSupervisorReady } from '../emulator/runner';
import { supervisorArgv } from '../emulator/runner/supervisor-command';
import { handOver } from '../emulator/runner/run-dir-owner';
import { makeWritable, removeTree } from '../emulator/fs-safety/remove-tree';
import type { BenchContext, Figure } from './types';

const RUNS = 200;
const GOAL_MS = 1;
const isRoot = () => process.getuid?.() === 0;

const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)];
const median = (xs: number[]) => at(xs, 0.5);
const round = (x: number) => Math.round(x * 1000) / 1000;

function typicalRunDir(dir: string): void {
  fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'prog.cpp'), 'int main() { return 0; }\n');
  fs.writeFileSync(path.join(dir, 'prog'), Buffer.alloc(16 * 1024), { mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'stdout.txt'), 'out\n');
  fs.writeFileSync(path.join(dir, 'stderr.txt'), '');
  fs.writeFileSync(path.join(dir, 'sub', 'data.txt'), 'data\n');
}

interface EmulatorSide {
  walksMs: number;
  removeMs: number;
  rmSyncMs: number;
}

/** Medians: hand over + open up (walks only), removal by descriptor, and fs.rmSync of the same tree (the file system's own cost). */
async function emulatorSide(ctx: BenchContext): Promise<EmulatorSide> {
  const walks: number[] = [];
  const removes: number[] = [];
  const rmSyncs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = path.join(ctx.tmpDir, `disk-cost-${i}`);
    typicalRunDir(dir);
    let began = performance.now();
    if (isRoot()) await handOver(dir, { uid: 65534, gid: 65534 });
    await makeWritable(dir);
    walks.push(performance.now() - began);
    began = performance.now();
    await removeTree(dir);
    removes.push(performance.now() - began);
    typicalRunDir(dir);
    began = performance.now();
    fs.rmSync(dir, { recursive: true });
    rmSyncs.push(performance.now() - began);
  }
  return { walksMs: median(walks), removeMs: median(removes), rmSyncMs: median(rmSyncs) };
}

function superviseTrue(binary: string, cwd: string, disk: boolean): Promise<number> {
  // The emulator's own command line for an unsandboxed run of `true` (supervisor-command.ts).
  const spec = { command: ['true'], cwd, stdoutPath: '', stderrPath: '', timeLimitMs: 5000, outputLimitBytes: 16 << 20 };
  const [, ...args] = supervisorArgv(
    { kind: 'c', path: binary },
    spec,
    { sandbox: { kind: 'none', description: '' }, hiddenPaths: [] },
    { resultFd: 3, env: {}, sandboxed: false },
  );
  // The budget off: no entries counted, so no walk before and no look after.
  if (!disk) args[args.indexOf('--disk-entries') + 1] = '0';
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd, stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    (child.stdio[3] as NodeJS.ReadableStream).resume();
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - began));
  });
}

/** Fastest runs, budget on minus off (a busy machine only ever adds delay); pairs alternate which goes first. */
async function supervisorSide(binary: string, ctx: BenchContext): Promise<number> {
  const dir = path.join(ctx.tmpDir, 'disk-cost-supervised');
  typicalRunDir(dir);
  const on: number[] = [];
  const off: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i % 2) on.push(await superviseTrue(binary, dir, true));
    off.push(await superviseTrue(binary, dir, false));
    if (!(i % 2)) on.push(await superviseTrue(binary, dir, true));
  }
  return Math.min(...on) - Math.min(...off);
}

export async function diskCostPerRun(ctx: BenchContext): Promise<Figure[]> {
  const side = await emulatorSide(ctx);
  // Removing existed before; only what the descriptor walk adds above fs.rmSync is the mechanism's.
  const emulatorMs = side.walksMs + Math.max(0, side.removeMs - side.rmSyncMs);
  const figures: Figure[] = [
    {
      name: 'run directory by descriptor: hand over + open up, median',
      value: round(side.walksMs),
      unit: 'ms',
      note: `${RUNS} run directories of 5 files and a sub-folder${isRoot() ? '; hand over included (root)' : ''}`,
    },
    {
      name: 'run directory by descriptor: removeTree / fs.rmSync of the same tree, medians',
      value: round(side.removeMs),
      unit: `ms / ${round(side.rmSyncMs)} ms`,
      note: "the unlinks themselves are the file system's cost, paid before too",
    },
  ];
  const binary = await cSupervisorReady();
  if (!binary) return figures;
  const supervisorMs = await supervisorSide(binary, ctx);
  const total = emulatorMs + Math.max(0, supervisorMs);
  figures.push(
    {
      name: 'disk budget in the C supervisor (budget on minus off), fastest runs',
      value: round(supervisorMs),
      unit: 'ms',
      note: `${RUNS} interleaved pairs of runs of \`true\`: the walk before, the last look after`,
    },
    {
      name: 'run directory disk mechanism per run, both sides',
      value: round(total),
      unit: 'ms',
      goal: `< ${GOAL_MS} ms`,
      ok: total < GOAL_MS,
      note: 'walks + removal above fs.rmSync + supervisor',
    },
  );
  return figures;
}
