// Runs one similarity check in a process of its own, so that its peak memory (maxRSS) is the
// check's alone: `node similarity-child.js <folder> ours|dolos`, or `quality …` (below). Prints one JSON line.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compilerIdForFileName } from '../src/core/languages';
import { readClassFolder, SimilarityAnalysis, type AnalyzeOptions } from '../src/core/similarity';

/** Dolos's names for the corpus's languages (by file extension). */
const DOLOS_LANGUAGE: Record<string, string> = { '.java': 'java', '.cpp': 'cpp', '.py': 'python', '.c': 'c', '.js': 'javascript' };

type DolosLib = {
  Dolos: new (o: object) => { analyzePaths(p: string[]): Promise<{ allPairs(): Array<{ similarity: number; leftFile: { path: string }; rightFile: { path: string } }> }> };
};

/** Settings other than the defaults, to measure one change alone (BENCHMARKS.md): SIMILARITY_OPTIONS, JSON AnalyzeOptions, in both modes. */
const OPTIONS = JSON.parse(process.env.SIMILARITY_OPTIONS ?? '{}') as AnalyzeOptions;

/**
 * `quality <corpus> ours|dolos [dolosDir]`: every class folder under <corpus> compared as one
 * class; prints the score of every pair (by file name) with the time and peak memory of all of it.
 */
async function quality(corpus: string, which: string, dolosDir: string): Promise<void> {
  const started = performance.now();
  const scores: Record<string, Record<string, number>> = {};
  for (const cls of fs.readdirSync(corpus).sort()) {
    const dir = path.join(corpus, cls);
    const names = fs.readdirSync(dir).sort();
    const out: Record<string, number> = (scores[cls] = {});
    if (which === 'dolos') {
      const { Dolos } = require(require.resolve('@dodona/dolos-lib', { paths: [dolosDir] })) as DolosLib;
      const report = await new Dolos({ language: DOLOS_LANGUAGE[path.extname(names[0])] }).analyzePaths(names.map((n) => path.join(dir, n)));
      for (const p of report.allPairs()) out[[path.basename(p.leftFile.path), path.basename(p.rightFile.path)].sort().join('|')] = p.similarity;
    } else {
      const solutions = names.map((n) => ({ key: n, kind: 'file' as const, files: [{ path: n, text: fs.readFileSync(path.join(dir, n), 'utf8') }] }));
      for (const p of new SimilarityAnalysis(solutions, OPTIONS).report.pairs) out[[p.a, p.b].sort().join('|')] = p.similarity;
    }
  }
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ ms, maxRssMB: process.resourceUsage().maxRSS / 1024, scores })}\n`);
}

async function main(): Promise<void> {
  if (process.argv[2] === 'quality') return quality(process.argv[3], process.argv[4], process.argv[5] ?? '');
  const [folder, which, dolosDir] = process.argv.slice(2);
  const started = performance.now();
  let pairs = 0;
  if (which === 'dolos') {
    // Not a dependency of the extension: loaded from where the bench was told it is installed.

    const { Dolos } = require(require.resolve('@dodona/dolos-lib', { paths: [dolosDir] })) as {
      Dolos: new (o: object) => { analyzePaths(p: string[]): Promise<{ allPairs(): unknown[] }> };
    };
    const files = fs.readdirSync(folder).map((f) => path.join(folder, f));
    const report = await new Dolos({ language: 'python' }).analyzePaths(files);
    pairs = report.allPairs().length;
  } else {
    const { solutions, skipped } = await readClassFolder(folder, compilerIdForFileName);
    const analysis = new SimilarityAnalysis(solutions, { ...OPTIONS, skipped, folder });
    pairs = analysis.report.pairs.length;
  }
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ ms, maxRssMB: process.resourceUsage().maxRSS / 1024, pairs })}\n`);
}

main().catch((err) => {
  process.stdout.write(`${JSON.stringify({ error: String(err) })}\n`);
  process.exitCode = 1;
});
