// The rules a stress test can compare outputs by (src/core/stress/judges.ts): each accepts what
// its built-in judge accepts, refuses what it refuses, and names the line of the first difference.
import * as assert from 'node:assert/strict';
import { compareWith } from '../../../src/core/stress';

describe('core/stress: judges', () => {
  it('lines (the default): trailing spaces and final blank lines do not matter, a line break does', () => {
    const lines = compareWith('lines');
    assert.equal(lines('1 2\n3\n', '1 2  \n3\n\n').same, true);
    assert.deepEqual(lines('1 2\n3\n', '1\n2 3\n'), { same: false, line: 1, expected: '1 2', actual: '1' });
  });

  it('tokens: any whitespace between tokens, line breaks included', () => {
    const tokens = compareWith('tokens');
    assert.equal(tokens('1 2\n3\n', '1\n2   3').same, true);
    assert.deepEqual(tokens('1 2\n3\n', '1 2\n4\n'), { same: false, line: 2 });
    assert.deepEqual(tokens('1 2\n3\n', '1 2\n'), { same: false, line: 2 }, 'a missing token: the line where it was expected');
  });

  it('floats: numbers within the tolerance agree, other tokens must be equal', () => {
    const fine = compareWith('floats-1e-6');
    const coarse = compareWith('floats-1e-2');
    assert.equal(fine('0.333333333\nyes\n', '0.3333334 yes').same, true);
    assert.deepEqual(fine('0.333333333\n', '0.33333\n'), { same: false, line: 1 });
    assert.equal(coarse('0.333333333\n', '0.33\n').same, true);
    assert.deepEqual(coarse('1.5 yes\n', '1.5 no\n'), { same: false, line: 1 });
    assert.deepEqual(coarse('1\n2\n', '1\n2.1\n'), { same: false, line: 2 });
  });

  it('exact: byte for byte, the line of the first differing byte', () => {
    const exact = compareWith('exact');
    assert.equal(exact('1\n2\n', '1\n2\n').same, true);
    assert.deepEqual(exact('1\n2\n', '1\n2 \n'), { same: false, line: 2 });
    assert.deepEqual(exact('1\n2\n', '1\n2'), { same: false, line: 2 });
  });
});
