// `npm run bench`: runs every bench/*.bench.ts (compiled to out/bench), prints
// one Markdown table for BENCHMARKS.md and writes bench/results.json.
// Usage: node out/bench/index.js [name-filter]
import { promises as fsp, readdirSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Benchmark, Figure } from './types';

const repoRoot = path.resolve(__dirname, '..', '..');

async function main(): Promise<void> {
  const filter = process.argv[2];
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.js'))
    .sort();
  const rows: Array<Figure & { bench: string }> = [];
  for (const file of files) {
    // Older standalone scripts run on import; only load files that export `benchmark`.
    if (!/exports\.benchmark\s*=/.test(readFileSync(path.join(__dirname, file), 'utf8'))) {
      process.stderr.write(`- ${file}: standalone script (no \`benchmark\` export), run it directly\n`);
      continue;
    }
    const { benchmark } = (await import(path.join(__dirname, file))) as { benchmark: Benchmark };
    if (filter && !benchmark.name.includes(filter)) continue;
    const tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), `bench-${benchmark.name}-`));
    const started = Date.now();
    process.stderr.write(`▶ ${benchmark.name}\n`);
    try {
      const figures = await benchmark.run({ repoRoot, tmpDir, log: (m) => process.stderr.write(`  ${m}\n`) });
      rows.push(...figures.map((f) => ({ bench: benchmark.name, ...f })));
    } catch (err) {
      rows.push({ bench: benchmark.name, name: 'FAILED', value: NaN, unit: '', note: (err as Error).message });
    } finally {
      await fsp.rm(tmpDir, { recursive: true, force: true });
      process.stderr.write(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    }
  }

  const table = toMarkdown(rows);
  process.stdout.write(`\n${table}\n`);
  const resultsFile = path.join(repoRoot, 'bench', 'results.json');
  // A filtered run (`node out/bench/index.js packing`) replaces only its own rows.
  const kept = filter ? await previousRows(resultsFile, new Set(rows.map((r) => r.bench))) : [];
  const results = {
    date: new Date().toISOString(),
    command: filter ? `npm run bench (then node out/bench/index.js ${filter})` : 'npm run bench',
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
    figures: [...kept, ...rows],
  };
  await fsp.writeFile(resultsFile, JSON.stringify(results, null, 2) + '\n');
  if (rows.some((r) => r.name === 'FAILED')) process.exitCode = 1;
}

async function previousRows(file: string, replaced: ReadonlySet<string>): Promise<Array<Figure & { bench: string }>> {
  try {
    const old = JSON.parse(await fsp.readFile(file, 'utf8')) as { figures?: Array<Figure & { bench: string }> };
    return (old.figures ?? []).filter((r) => !replaced.has(r.bench));
  } catch {
    return [];
  }
}

function toMarkdown(rows: ReadonlyArray<Figure & { bench: string }>): string {
  const lines = ['| Benchmark | Figure | Value | Goal | Met | Note |', '|---|---|---:|---|---|---|'];
  for (const r of rows) {
    const value = Number.isFinite(r.value) ? `${formatNumber(r.value)} ${r.unit}`.trim() : '—';
    const met = r.ok === undefined ? '' : r.ok ? 'yes' : 'NO';
    lines.push(`| ${r.bench} | ${r.name} | ${value} | ${r.goal ?? ''} | ${met} | ${(r.note ?? '').replace(/\|/g, '\\|')} |`);
  }
  return lines.join('\n');
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
