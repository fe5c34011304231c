// Packing speed against GNU tar on the same trees, in one run, as a ratio
// (machine speed cancels out), and the packer's peak memory in a child process.
import { execFile } from 'node:child_process';
import { existsSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { packFolder } from '../src/core/packer';
import { figureBelow } from './figure-below';
import { writeBigFilesTree, writeManyFilesTree } from './trees';
import type { Benchmark, BenchContext, Figure } from './types';

const run = promisify(execFile);
const MANY_FILES = 20_000;
const BIG_FILES = 3;
const BIG_FILE_MIB = 50;
const MEMORY_GOAL_MB = 100;
/**
 * Each side runs this often, alternating, and the medians count: other
 * processes on the machine add time to single rounds, the median shrugs
 * that off without flattering either side the way a best-of does.
 */
const ROUNDS = 5;

export const benchmark: Benchmark = {
  name: 'packing',
  async run(ctx) {
    const figures: Figure[] = [];
    const many = path.join(ctx.tmpDir, 'many');
    ctx.log(`writing ${MANY_FILES} files`);
    await writeManyFilesTree(many, MANY_FILES);
    figures.push(...(await compareWithGnuTar(ctx, many, `${MANY_FILES.toLocaleString('en-US')} small files`)));
    figures.push(await peakMemory(ctx, many, `${MANY_FILES.toLocaleString('en-US')} small files`));
    await fsp.rm(many, { recursive: true, force: true });

    const big = path.join(ctx.tmpDir, 'big');
    ctx.log(`writing ${BIG_FILES} × ${BIG_FILE_MIB} MiB files`);
    await writeBigFilesTree(big, BIG_FILES, BIG_FILE_MIB);
    const label = `${BIG_FILES} × ${BIG_FILE_MIB} MiB files`;
    figures.push(...(await compareWithGnuTar(ctx, big, label)));
    figures.push(await peakMemory(ctx, big, label));
    return figures;
  },
};

async function compareWithGnuTar(ctx: BenchContext, folder: string, label: string): Promise<Figure[]> {
  const gnu: number[] = [];
  const ours: number[] = [];
  // CPU time (user + system, every thread and child) as well: on a busy
  // machine wall times swing with the other processes, CPU time much less,
  // and it is what the packer costs the user's machine.
  const gnuCpu: number[] = [];
  const oursCpu: number[] = [];
  const timeTool = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const gnuOut = path.join(ctx.tmpDir, 'gnu.tar.gz');
    // Same compression as ours (gzip default level 6), same tree, same disk.
    const gnuArgs = ['-czf', gnuOut, '-C', folder, '.'];
    let t = performance.now();
    if (timeTool) {
      // `time` counts tar and its gzip child; its own start-up is a millisecond or so.
      const { stderr } = await run(timeTool, ['-f', 'cpu %U %S', 'tar', ...gnuArgs]);
      gnu.push(performance.now() - t);
      const m = /cpu ([\d.]+) ([\d.]+)/.exec(stderr);
      if (m) gnuCpu.push((Number(m[1]) + Number(m[2])) * 1000);
    } else {
      await run('tar', gnuArgs);
      gnu.push(performance.now() - t);
    }
    await fsp.rm(gnuOut, { force: true });

    t = performance.now();
    const cpu = process.cpuUsage();
    const packed = await packFolder(folder); // scan + pack, as the extension does
    ours.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    oursCpu.push((used.user + used.system) / 1000);
    await packed.dispose();
    ctx.log(
      `${label}: round ${round + 1}: GNU tar ${gnu[round].toFixed(0)} ms (CPU ${gnuCpu[round]?.toFixed(0) ?? '?'} ms), packer ${ours[round].toFixed(0)} ms (CPU ${oursCpu[round].toFixed(0)} ms)`,
    );
  }
  const gnuMs = median(gnu);
  const oursMs = median(ours);
  const figures: Figure[] = [
    { name: `pack ${label}: packer time`, value: Math.round(oursMs), unit: 'ms', note: `median of ${ROUNDS} rounds` },
    { name: `pack ${label}: GNU tar -czf time`, value: Math.round(gnuMs), unit: 'ms', note: `median of ${ROUNDS} rounds` },
    {
      name: `pack ${label}: packer / GNU tar`,
      value: Math.round((oursMs / gnuMs) * 100) / 100,
      unit: '×',
      goal: '≤ 1',
      ok: oursMs <= gnuMs,
      note: `medians of ${ROUNDS} alternating rounds each`,
    },
  ];
  if (gnuCpu.length === ROUNDS) {
    const gnuCpuMs = median(gnuCpu);
    const oursCpuMs = median(oursCpu);
    figures.push({
      name: `pack ${label}: packer / GNU tar, CPU time`,
      value: Math.round((oursCpuMs / gnuCpuMs) * 100) / 100,
      unit: '×',
      note: `${Math.round(oursCpuMs)} ms vs ${Math.round(gnuCpuMs)} ms, user + system of every thread (ours) and of tar and gzip (GNU), medians of ${ROUNDS} rounds`,
    });
  }
  return figures;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function peakMemory(ctx: BenchContext, folder: string, label: string): Promise<Figure> {
  const child = path.join(__dirname, 'pack-child.js');
  const timeTool = '/usr/bin/time';
  const figure = (mb: number, note: string) => figureBelow(`pack ${label}: peak memory (RSS, whole process)`, mb, 'MB', MEMORY_GOAL_MB, note);
  if (existsSync(timeTool)) {
    const { stderr } = await run(timeTool, ['-v', process.execPath, child, folder], { maxBuffer: 16 * 1024 * 1024 });
    const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]);
    if (Number.isFinite(kb)) {
      const mb = Math.round((kb / 1024) * 10) / 10;
      ctx.log(`${label}: peak RSS ${mb} MB`);
      return figure(mb, 'measured by /usr/bin/time -v in a child process');
    }
  }
  const { stdout } = await run(process.execPath, [child, folder]);
  return figure(Math.round((JSON.parse(stdout).peakRss / 2 ** 20) * 10) / 10, 'sampled every 5 ms in a child process');
}
