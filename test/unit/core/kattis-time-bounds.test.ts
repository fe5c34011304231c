// use_for_time_limit lower / upper bounds checked against a derived limit (time-bounds.ts): the
// arithmetic of each bound, a rule scoped to a test data group, and the bounds that cannot be
// checked (not judged, or run into the measuring limit) said as such.
import * as assert from 'node:assert/strict';
import { boundRules, checkBounds, violatedBounds } from '../../../src/core/kattis/time-bounds';
import type { TimeLimitRule } from '../../../src/core/kattis/time-limit';

const RULE: TimeLimitRule = { format: '2023-07', multiplier: 2, margin: 1.5, resolution: 1, source: 'test' };
const PATHS = ['sample/1', 'secret/easy/1', 'secret/hard/1'];
const judged = (file: string, testTimes: number[]) => ({ file, expected: 'accepted' as const, ok: true, testTimes });

describe('Kattis use_for_time_limit bounds', () => {
  it('reads only explicit lower / upper rules', () => {
    const rules = boundRules({
      kattisPath: 'accepted/a.py',
      rules: [
        { key: 'accepted', scope: '', permitted: ['AC'] },
        { key: 'a.py', scope: '', useForTimeLimit: false },
        { key: 'a.py', scope: 'secret/hard', useForTimeLimit: 'upper' },
        { key: 'accepted/*', scope: '', useForTimeLimit: 'lower' },
      ],
    });
    assert.deepEqual(rules, [
      { kind: 'upper', key: 'a.py', scope: 'secret/hard' },
      { kind: 'lower', key: 'accepted/*', scope: '' },
    ]);
  });

  it('lower: time × ac_to_time_limit within the limit; upper: time above limit × time_limit_to_tle, over the tests in scope', () => {
    const lower = [{ kind: 'lower' as const, key: 'k', scope: '' }];
    assert.equal(checkBounds(judged('s/a.py', [0.1, 0.5, 0.2]), lower, 1, RULE, PATHS, 10)[0].violated, undefined);
    assert.equal(
      checkBounds(judged('s/a.py', [0.1, 0.6, 0.2]), lower, 1, RULE, PATHS, 10)[0].violated,
      'use_for_time_limit: lower (submissions.yaml "k"): it took 0.6 s on a test, and 0.6 s × 2 (ac_to_time_limit) = 1.2 s is above the time limit 1 s',
    );
    // Only secret/hard counts: 1.6 s there, well above 1 s × 1.5, though the sample took 0.01 s.
    const upper = [{ kind: 'upper' as const, key: 'k', scope: 'secret/hard' }];
    const held = checkBounds(judged('s/b.py', [0.01, 0.01, 1.6]), upper, 1, RULE, PATHS, 10)[0];
    assert.deepEqual([held.time, held.violated], [1.6, undefined]);
    assert.match(
      checkBounds(judged('s/b.py', [3, 3, 1.5]), upper, 1, RULE, PATHS, 10)[0].violated ?? '',
      /tests in secret\/hard\): it took 1\.5 s on a test, not more than the time limit 1 s × 1\.5/,
    );
  });

  it('says when a bound cannot be checked: the submission was not judged, or an upper one ran into a measuring limit not above limit × margin', () => {
    const upper = [{ kind: 'upper' as const, key: 'k', scope: '' }];
    const skipped = { file: 's/c.kt', expected: 'time_limit_exceeded' as const, ok: false, skipped: 'skipped: the endpoint offers no compiler for Kotlin.' };
    assert.match(checkBounds(skipped, upper, 1, RULE, PATHS, 10)[0].violated ?? '', /cannot be checked: it was not judged \(the endpoint offers no compiler for Kotlin\)$/);
    assert.match(
      checkBounds(judged('s/d.py', [10, 10, 10]), upper, 7, RULE, PATHS, 10)[0].violated ?? '',
      /cannot be checked: it ran to the 10 s measuring limit, and the time limit 7 s × 1\.5 \(time_limit_to_tle\) = 10\.5 s is not below that$/,
    );
    const capped = checkBounds(judged('s/d.py', [10, 10, 10]), upper, 1, RULE, PATHS, 10);
    assert.deepEqual([capped[0].capped, capped[0].violated], [true, undefined]);
    assert.equal(violatedBounds(capped, 's/d.py'), undefined);
    assert.match(violatedBounds(checkBounds(skipped, upper, 1, RULE, PATHS, 10), 's/c.kt') ?? '', /cannot be checked/);
  });
});
