// Runs one similarity check in a process of its own, so that its peak memory (maxRSS) is the
// check's alone: `node similarity-child.js <folder> ours|dolos`. Prints one JSON line.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compilerIdForFileName } from '../src/core/languages';
import { readClassFolder, SimilarityAnalysis } from '../src/core/similarity';

async function main(): Promise<void> {
  const [folder, which, dolosDir] = process.argv.slice(2);
  const started = performance.now();
  let pairs = 0;
  if (which === 'dolos') {
    // Not a dependency of the extension: loaded from where the bench was told it is installed.
     
    const { Dolos } = require(require.resolve('@dodona/dolos-lib', { paths: [dolosDir] })) as { Dolos: new (o: object) => { analyzePaths(p: string[]): Promise<{ allPairs(): unknown[] }> } };
    const files = fs.readdirSync(folder).map((f) => path.join(folder, f));
    const report = await new Dolos({ language: 'python' }).analyzePaths(files);
    pairs = report.allPairs().length;
  } else {
    const { solutions, skipped } = await readClassFolder(folder, compilerIdForFileName);
    const analysis = new SimilarityAnalysis(solutions, { skipped, folder });
    pairs = analysis.report.pairs.length;
  }
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ ms, maxRssMB: process.resourceUsage().maxRSS / 1024, pairs })}\n`);
}

main().catch((err) => {
  process.stdout.write(`${JSON.stringify({ error: String(err) })}\n`);
  process.exitCode = 1;
});
