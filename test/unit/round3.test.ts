// Seconds rounded to the millisecond have one home in each program: round3 in emulator/clock.ts
// for the emulator, `ms` in src/core/kattis/time-limit.ts for the Kattis limits. A module that
// rounds a time again by hand is a second copy.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { round3 } from '../../emulator/clock';
import { REPO_ROOT } from '../repo-root';
import { useScratch, writeTree } from '../scratch';
import { sourceFiles } from './source-files';

const BY_HAND = /Math\.round\(.*\*\s*1000\)\s*\/\s*1000\b/;
const HOMES = [path.join('emulator', 'clock.ts'), path.join('src', 'core', 'kattis', 'time-limit.ts')];

function byHandUnder(root: string): string[] {
  return [path.join(root, 'emulator'), path.join(root, 'src', 'core', 'kattis')]
    .flatMap((dir) => sourceFiles(dir))
    .filter((file) => BY_HAND.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
}

describe('seconds to the millisecond', () => {
  const scratch = useScratch();

  it('are rounded in one place each for the emulator and the Kattis limits', () => {
    assert.deepEqual(byHandUnder(REPO_ROOT).sort(), [...HOMES].sort());
    assert.equal(round3(0.1 * 3), 0.3);
    assert.equal(round3(1.23456), 1.235);
  });

  it('finds a planted copy', () => {
    const root = writeTree(scratch('se-round3-'), {
      'emulator/judges/a.ts': 'const round3 = (x: number) => Math.round(x * 1000) / 1000;\n',
    });
    assert.deepEqual(byHandUnder(root), [path.join('emulator', 'judges', 'a.ts')]);
  });
});
