// Figures for "Check Similarity in Folder" (issue 29): a class of 300 Python solutions of about
// 150 lines (goal: all pairs under 3 s, peak memory under 300 MB) and one of 1,000 (goal: under
// 20 s), each from the folder on disk to the finished report (reading with the judge's discovery
// rule, fingerprints, every pair, the top 500 pairs' regions), in a child process so the peak
// memory is the check's own. When @dodona/dolos-lib is installed where SIMILARITY_DOLOS_DIR points,
// the 300 run through it too, and the ratio is printed; otherwise the row says why not.
// Run: `npm run bench -- similarity`.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { writeClass } from './similarity-corpus';
import type { Benchmark, Figure } from './types';

interface ChildResult {
  ms?: number;
  maxRssMB?: number;
  pairs?: number;
  error?: string;
}

function runChild(folder: string, which: 'ours' | 'dolos', dolosDir = ''): ChildResult {
  try {
    const out = execFileSync(process.execPath, [path.join(__dirname, 'similarity-child.js'), folder, which, dolosDir], { encoding: 'utf8', timeout: 600_000, stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop()!) as ChildResult;
  } catch (err) {
    const stdout = (err as { stdout?: string }).stdout ?? '';
    return stdout.trim() ? (JSON.parse(stdout.trim().split('\n').pop()!) as ChildResult) : { error: (err as Error).message.split('\n')[0] };
  }
}

export const benchmark: Benchmark = {
  name: 'similarity',
  async run({ tmpDir, log }): Promise<Figure[]> {
    const figures: Figure[] = [];
    const small = path.join(tmpDir, 'class-300');
    const large = path.join(tmpDir, 'class-1000');
    writeClass(small, 300);
    writeClass(large, 1000);

    const ours300 = runChild(small, 'ours');
    if (ours300.error) throw new Error(ours300.error);
    log(`300 solutions: ${ours300.ms!.toFixed(0)} ms, ${ours300.maxRssMB!.toFixed(0)} MB, ${ours300.pairs} pairs sharing code`);
    figures.push(
      { name: '300 solutions × 150 lines: all pairs', value: ours300.ms! / 1000, unit: 's', goal: '< 3 s', ok: ours300.ms! < 3000, note: `${ours300.pairs} of 44,850 pairs share code` },
      { name: '300 solutions: peak memory (RSS of the check)', value: Math.round(ours300.maxRssMB!), unit: 'MB', goal: '< 300 MB', ok: ours300.maxRssMB! < 300 },
    );
    const ours1000 = runChild(large, 'ours');
    if (ours1000.error) throw new Error(ours1000.error);
    log(`1,000 solutions: ${ours1000.ms!.toFixed(0)} ms, ${ours1000.maxRssMB!.toFixed(0)} MB`);
    figures.push(
      { name: '1,000 solutions × 150 lines: all pairs', value: ours1000.ms! / 1000, unit: 's', goal: '< 20 s', ok: ours1000.ms! < 20_000, note: `${ours1000.pairs} of 499,500 pairs share code` },
      { name: '1,000 solutions: peak memory (RSS of the check)', value: Math.round(ours1000.maxRssMB!), unit: 'MB' },
    );

    const dolosDir = process.env.SIMILARITY_DOLOS_DIR;
    if (!dolosDir) {
      figures.push({ name: '300 solutions: @dodona/dolos-lib / ours', value: NaN, unit: '', note: 'not run: set SIMILARITY_DOLOS_DIR to a folder where @dodona/dolos-lib is installed (its tree-sitter grammars build natively; it is no dependency of the extension)' });
    } else {
      const dolos = runChild(small, 'dolos', dolosDir);
      if (dolos.error) figures.push({ name: '300 solutions: @dodona/dolos-lib / ours', value: NaN, unit: '', note: `dolos-lib did not run: ${dolos.error.slice(0, 200)}` });
      else {
        log(`dolos-lib, 300 solutions: ${dolos.ms!.toFixed(0)} ms, ${dolos.maxRssMB!.toFixed(0)} MB`);
        figures.push({ name: '300 solutions: @dodona/dolos-lib / ours (time)', value: dolos.ms! / ours300.ms!, unit: '×', note: `dolos-lib ${(dolos.ms! / 1000).toFixed(2)} s, ${Math.round(dolos.maxRssMB!)} MB; ours ${(ours300.ms! / 1000).toFixed(2)} s, ${Math.round(ours300.maxRssMB!)} MB` });
      }
    }
    return figures;
  },
};
