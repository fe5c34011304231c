// Figures for "Check Similarity in Folder" (issue 29): a class of 300 Python solutions of about
// 150 lines (goal: all pairs under 3 s, peak memory under 300 MB) and one of 1,000 (goal: under
// 20 s), each from the folder on disk to the finished report (reading with the judge's discovery
// rule, fingerprints, every pair, the top 500 pairs' regions), in a child process so the peak
// memory is the check's own. When @dodona/dolos-lib is installed where SIMILARITY_DOLOS_DIR points,
// the 300 run through it too, and the ratio is printed; otherwise the row says why not.
// Before those, the leveled corpus (test/fixtures/similarity/levels.ts): per language and level of disguise,
// the share of copies ranked above every independent solution, and ROC AUC, ours and Dolos's
// side by side (test/fixtures/similarity/quality.ts), with both tools' time and peak memory over the corpus.
// Run: `npm run bench -- similarity` (Dolos: `npm run bench:dolos` once, then the same).
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { figureBelow } from './figure-below';
import { writeClass } from './similarity-corpus';
import { alikeClasses, LANGUAGES, LEVELS, leveledClasses, writeLeveledClass, type LeveledClass } from '../test/fixtures/similarity/levels';
import { classFolder, quality, type Scores } from '../test/fixtures/similarity/quality';
import type { Benchmark, Figure } from './types';

interface ChildResult {
  ms?: number;
  maxRssMB?: number;
  pairs?: number;
  scores?: Scores;
  error?: string;
}

/** Where `npm run bench:dolos` installs @dodona/dolos-lib (outside node_modules: no dependency of ours). */
const DOLOS_CACHE = path.join(os.homedir(), '.cache', 'sphere-engine-bench', 'dolos');

function dolosDirectory(): string | undefined {
  const dir = process.env.SIMILARITY_DOLOS_DIR ?? DOLOS_CACHE;
  try {
    require.resolve('@dodona/dolos-lib', { paths: [dir] });
    return dir;
  } catch {
    return undefined;
  }
}

const pct = (v: number) => `${Math.round(v * 100)} %`;

/**
 * A leveled corpus through ours (and Dolos when installed): per language, per level and AUC, side by
 * side. `corpusName` is 'leveled' (levels.ts's leveledClasses) or 'alike' (alikeClasses: independent
 * solutions written alike, test/fixtures/similarity/alike/README.md).
 */
function leveledFigures(tmpDir: string, dolosDir: string | undefined, log: (m: string) => void, corpusName = 'leveled', classes: LeveledClass[] = leveledClasses()): Figure[] {
  const corpus = path.join(tmpDir, corpusName);
  for (const cls of classes) writeLeveledClass(path.join(corpus, classFolder(cls)), cls);
  const ours = runChild(corpus, 'ours', '', true);
  if (ours.error) throw new Error(ours.error);
  const dolos = dolosDir ? runChild(corpus, 'dolos', dolosDir, true) : undefined;
  if (dolos?.error) log(`dolos-lib did not run: ${dolos.error.slice(0, 300)}`);
  const figures: Figure[] = [];
  for (const language of LANGUAGES) {
    const mine = classes.filter((c) => c.language === language);
    const q = quality(mine, ours.scores!);
    const d = dolos?.scores ? quality(mine, dolos.scores) : undefined;
    const side = (a: number, b?: number) => (b === undefined ? '' : `; Dolos ${pct(b)}${a > b ? ' (ours ahead)' : a === b ? ' (even)' : ' (DOLOS AHEAD)'}`);
    log(
      `${corpusName} ${language}: ${LEVELS.map((l) => `${l} ${pct(q.aboveAll[l])}${d ? `/${pct(d.aboveAll[l])}` : ''}`).join(', ')}; AUC ${q.auc.toFixed(3)}${d ? `/${d.auc.toFixed(3)}` : ''}`,
    );
    for (const level of LEVELS) {
      figures.push({
        name: `${corpusName} ${language} ${level}: copies ranked above every independent solution`,
        value: Math.round(q.aboveAll[level] * 100),
        unit: '%',
        ...(d && { goal: '≥ Dolos', ok: q.aboveAll[level] >= d.aboveAll[level] }),
        note: `ours ${pct(q.aboveAll[level])}${side(q.aboveAll[level], d?.aboveAll[level])}`,
      });
    }
    const sep = (x: number) => `${x.toFixed(2)}×`;
    figures.push({
      name: `${corpusName} ${language}: lowest copy score ÷ highest independent score, L1…L6`,
      value: Math.round(q.separation.L6 * 100) / 100,
      unit: '× at L6',
      note: `ours ${LEVELS.map((l) => sep(q.separation[l])).join(' ')}${d ? `; Dolos ${LEVELS.map((l) => sep(d.separation[l])).join(' ')}` : ''}`,
      ...(d && { goal: '≥ Dolos at every level', ok: LEVELS.every((l) => q.separation[l] >= d.separation[l]) }),
    });
    figures.push({
      name: `${corpusName} ${language}: ROC AUC (${q.copies} copy pairs vs ${q.independentPairs} independent pairs)`,
      value: Math.round(q.auc * 1000) / 1000,
      unit: '',
      ...(d && { goal: '> Dolos', ok: q.auc > d.auc }),
      note: d ? `Dolos ${d.auc.toFixed(3)}` : 'Dolos not installed (npm run bench:dolos)',
    });
  }
  const size = classes.reduce((t, c) => t + c.originals.length + c.copies.length, 0);
  figures.push({
    name: `${corpusName} corpus (${classes.length} classes, ${size} files): time and peak memory`,
    value: Math.round(ours.ms!),
    unit: 'ms',
    note: `ours ${Math.round(ours.ms!)} ms, ${Math.round(ours.maxRssMB!)} MB${dolos?.ms ? `; Dolos ${Math.round(dolos.ms)} ms, ${Math.round(dolos.maxRssMB!)} MB` : ''}`,
    ...(dolos?.ms && { goal: 'memory < Dolos', ok: ours.maxRssMB! < dolos.maxRssMB! }),
  });
  return figures;
}

function runChild(folder: string, which: 'ours' | 'dolos', dolosDir = '', leveled = false): ChildResult {
  try {
    const args = leveled ? ['quality', folder, which, dolosDir] : [folder, which, dolosDir];
    const out = execFileSync(process.execPath, [path.join(__dirname, 'similarity-child.js'), ...args], { encoding: 'utf8', timeout: 600_000, stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop()!) as ChildResult;
  } catch (err) {
    const stdout = (err as { stdout?: string }).stdout ?? '';
    return stdout.trim() ? (JSON.parse(stdout.trim().split('\n').pop()!) as ChildResult) : { error: (err as Error).message.split('\n')[0] };
  }
}

export const benchmark: Benchmark = {
  name: 'similarity',
  async run({ tmpDir, log }): Promise<Figure[]> {
    const dolosDir = dolosDirectory();
    const figures: Figure[] = [...leveledFigures(tmpDir, dolosDir, log), ...leveledFigures(tmpDir, dolosDir, log, 'alike', alikeClasses())];
    if (process.env.SIMILARITY_QUALITY_ONLY) return figures; // the corpora alone, without the 300 and 1,000 (BENCHMARKS.md)
    const small = path.join(tmpDir, 'class-300');
    const large = path.join(tmpDir, 'class-1000');
    writeClass(small, 300);
    writeClass(large, 1000);

    const ours300 = runChild(small, 'ours');
    if (ours300.error) throw new Error(ours300.error);
    log(`300 solutions: ${ours300.ms!.toFixed(0)} ms, ${ours300.maxRssMB!.toFixed(0)} MB, ${ours300.pairs} pairs sharing code`);
    figures.push(
      figureBelow('300 solutions × 150 lines: all pairs', ours300.ms! / 1000, 's', 3, `${ours300.pairs} of 44,850 pairs share code`),
      figureBelow('300 solutions: peak memory (RSS of the check)', Math.round(ours300.maxRssMB!), 'MB', 300),
    );
    const ours1000 = runChild(large, 'ours');
    if (ours1000.error) throw new Error(ours1000.error);
    log(`1,000 solutions: ${ours1000.ms!.toFixed(0)} ms, ${ours1000.maxRssMB!.toFixed(0)} MB`);
    figures.push(figureBelow('1,000 solutions × 150 lines: all pairs', ours1000.ms! / 1000, 's', 20, `${ours1000.pairs} of 499,500 pairs share code`), {
      name: '1,000 solutions: peak memory (RSS of the check)',
      value: Math.round(ours1000.maxRssMB!),
      unit: 'MB',
    });

    if (!dolosDir) {
      figures.push({
        name: '300 solutions: @dodona/dolos-lib / ours',
        value: NaN,
        unit: '',
        note: `not run: npm run bench:dolos installs @dodona/dolos-lib into ${DOLOS_CACHE} (or set SIMILARITY_DOLOS_DIR to a folder where it is installed; it is no dependency of the extension)`,
      });
    } else {
      const dolos = runChild(small, 'dolos', dolosDir);
      if (dolos.error) figures.push({ name: '300 solutions: @dodona/dolos-lib / ours', value: NaN, unit: '', note: `dolos-lib did not run: ${dolos.error.slice(0, 200)}` });
      else {
        log(`dolos-lib, 300 solutions: ${dolos.ms!.toFixed(0)} ms, ${dolos.maxRssMB!.toFixed(0)} MB`);
        figures.push({
          name: '300 solutions: @dodona/dolos-lib / ours (time)',
          value: dolos.ms! / ours300.ms!,
          unit: '×',
          note: `dolos-lib ${(dolos.ms! / 1000).toFixed(2)} s, ${Math.round(dolos.maxRssMB!)} MB; ours ${(ours300.ms! / 1000).toFixed(2)} s, ${Math.round(ours300.maxRssMB!)} MB`,
        });
      }
    }
    return figures;
  },
};
