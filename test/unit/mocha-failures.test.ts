// The runner's summary names the failed tests (scripts/lib/mocha-failures.js), read from mocha's
// spec output: a CI log that keeps only its last lines must still say which test failed.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';

const { failedTestTitles } = require(path.resolve(REPO_ROOT, 'scripts', 'lib', 'mocha-failures.js')) as { failedTestTitles: (text: string) => string[] };

describe('failed test titles from mocha output', () => {
  it('names each failure with its suites and the first line of its error', () => {
    const output = [
      '  stress test (UI)',
      '    ✔ opens the form (812ms)',
      '    1) finds the failing input',
      '',
      '  38 passing (5m)',
      '  1 pending',
      '  2 failing',
      '',
      '  1) stress test (UI)',
      '       finds the failing input:',
      '     Error: timed out after 10000 ms waiting for "Stress Test: generator"',
      '      at answerQuickInput (out/test/ui/workbench.js:1:1)',
      '',
      '  2) judge many',
      '       per student',
      '       "before all" hook for "shows the page":',
      '',
      '      TypeError: cannot read x',
      '',
    ].join('\n');
    assert.deepEqual(failedTestTitles(output), [
      'stress test (UI) › finds the failing input: Error: timed out after 10000 ms waiting for "Stress Test: generator"',
      'judge many › per student › "before all" hook for "shows the page": TypeError: cannot read x',
    ]);
  });

  it('finds nothing in a run without failures', () => {
    assert.deepEqual(failedTestTitles('  3 passing (2s)\n  1) not after a failing line\n'), []);
  });
});
