// The runner's summed phases (emulator/runner/run-stats.ts) are named once, SUMMED_PHASES: the
// totals, their reset and the judge-many bench that subtracts two readings all go by that list,
// so a phase added there is summed, reset and subtracted alike.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { recordRun, resetRunnerPhases, runnerPhases, SUMMED_PHASES } from '../../emulator/runner/run-stats';
import { REPO_ROOT } from '../repo-root';
import { useScratch, writeTree } from '../scratch';
import { sourceFiles } from './source-files';

/** A list literal of the summed phases: the hand-over beside the descriptors. */
const LISTED = /'handOverMs',\s*'descriptorsMs'/;

function listsUnder(root: string): string[] {
  return ['emulator', 'bench', 'src']
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .filter((file) => LISTED.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
}

describe('runner phases', () => {
  const scratch = useScratch();

  it('sums every phase of SUMMED_PHASES and resets them all', () => {
    resetRunnerPhases();
    const run = Object.fromEntries(SUMMED_PHASES.map((key, i) => [key, i + 1])) as Record<(typeof SUMMED_PHASES)[number], number>;
    recordRun({ ...run, supervisor: 'c' });
    recordRun({ ...run, supervisor: 'c' });
    const sums = runnerPhases();
    assert.equal(sums.runs, 2);
    for (const key of SUMMED_PHASES) assert.equal(sums[key], 2 * run[key], key);
    resetRunnerPhases();
    const zero = runnerPhases();
    assert.equal(zero.runs, 0);
    for (const key of [...SUMMED_PHASES, 'firstAt', 'lastAt'] as const) assert.equal(zero[key], 0, key);
  });

  it('are listed once, in run-stats.ts', () => {
    assert.deepEqual(listsUnder(REPO_ROOT), [path.join('emulator', 'runner', 'run-stats.ts')]);
  });

  it('finds a planted copy', () => {
    const root = writeTree(scratch('se-phases-'), {
      'bench/a.ts': "const sums = ['runs', 'handOverMs', 'descriptorsMs', 'programMs'] as const;\n",
    });
    assert.deepEqual(listsUnder(root), [path.join('bench', 'a.ts')]);
  });
});
