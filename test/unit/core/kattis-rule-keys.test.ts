// problem.yaml's names of the time-limit rule (time_multiplier / time_safety_margin, legacy;
// ac_to_time_limit / time_limit_to_tle, 2023-07) have one home, RULE_KEYS in
// src/core/kattis/time-limit.ts: the reader, the reports that explain a limit and the export name
// them from there, never by spelling them again.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULE_KEYS } from '../../../src/core/kattis/time-limit';
import { REPO_ROOT } from '../../repo-root';
import { useScratch, writeTree } from '../../scratch';
import { sourceFiles } from '../source-files';

const KEY = /\b(?:time_multiplier|time_safety_margin|ac_to_time_limit|time_limit_to_tle)\b/;

/** Code lines (comments left out: they may explain the format) that spell a rule key. */
function spelledUnder(root: string): string[] {
  return ['src', 'emulator'].flatMap((dir) =>
    sourceFiles(path.join(root, dir)).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (KEY.test(line) && !/^\s*(\/\/|\/?\*)/.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
    ),
  );
}

describe('Kattis time-limit rule keys', () => {
  const scratch = useScratch();

  it('are spelled once, in RULE_KEYS', () => {
    const home = path.join('src', 'core', 'kattis', 'time-limit.ts');
    assert.deepEqual(
      spelledUnder(REPO_ROOT).map((at) => at.replace(/:\d+$/, '')),
      [home, home],
    );
    assert.deepEqual(RULE_KEYS.legacy, { multiplier: 'time_multiplier', margin: 'time_safety_margin' });
    assert.deepEqual(RULE_KEYS['2023-07'], { multiplier: 'ac_to_time_limit', margin: 'time_limit_to_tle' });
  });

  it('finds a planted copy', () => {
    const root = writeTree(scratch('se-rule-keys-'), {
      'src/a.ts': "// time_multiplier is explained here\nconst k = legacy ? 'time_multiplier' : 'ac_to_time_limit';\n",
    });
    assert.deepEqual(spelledUnder(root), [path.join('src', 'a.ts:2')]);
  });
});
