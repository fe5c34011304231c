// Kattis's default output validator as the import makes it (src/core/kattis/default-validator.py,
// run through the adapter as a judge): each rule of the format's description, run with python3
// as Kattis runs a validator (input answer feedback_dir flags... < output; 42 accepted, 43 wrong).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exactBuiltIn } from '../../../src/core/kattis/default-judge';
import { useScratch } from '../../scratch';
import { REPO_ROOT } from '../../repo-root';

const VALIDATOR = path.join(REPO_ROOT, 'src', 'core', 'kattis', 'default-validator.py');

describe('Kattis default output validator', () => {
  const scratch = useScratch();
  const judge = (answer: string, output: string, flags = '') => {
    const dir = scratch('kattis-default-');
    fs.writeFileSync(path.join(dir, 'in'), '');
    fs.writeFileSync(path.join(dir, 'ans'), answer);
    fs.mkdirSync(path.join(dir, 'feedback'));
    const r = spawnSync('python3', [VALIDATOR, path.join(dir, 'in'), path.join(dir, 'ans'), path.join(dir, 'feedback'), ...flags.split(' ').filter(Boolean)], { input: output });
    return r.status === 42 ? 'AC' : r.status === 43 ? `WA: ${fs.readFileSync(path.join(dir, 'feedback/judgemessage.txt'), 'utf8').trim()}` : `exit ${r.status}: ${r.stderr}`;
  };

  it('ignores letter case and extra whitespace by default; case_sensitive compares case', () => {
    assert.equal(judge('NaN Yes\n', 'nan   yes'), 'AC');
    assert.match(judge('Yes\n', 'yes\n', 'case_sensitive'), /^WA: Wrong answer on token 1/);
    assert.match(judge('1 2\n', '1 2 3\n'), /^WA: Trailing output/);
    assert.match(judge('1 2\n', '1\n'), /^WA: User EOF/);
  });

  it('space_change_sensitive compares the whitespace too', () => {
    assert.equal(judge('1 2\n', '1 2\n', 'space_change_sensitive'), 'AC');
    assert.match(judge('1 2\n', '1  2\n', 'space_change_sensitive'), /^WA: Space change error/);
    assert.match(judge('1 2\n', '1 2', 'space_change_sensitive'), /^WA: /);
  });

  it('absolute and relative float tolerances, each alone and both (float_tolerance)', () => {
    // Relative 1e-5 of 100000 is 1: an absolute ±1e-6 judge would reject this.
    assert.equal(judge('100000\n', '100000.5\n', 'float_relative_tolerance 1e-5'), 'AC');
    assert.match(judge('100000\n', '100002\n', 'float_relative_tolerance 1e-5'), /^WA/);
    assert.match(judge('0.001\n', '0.0011\n', 'float_relative_tolerance 1e-5'), /^WA/);
    assert.equal(judge('0.001\n', '0.0011\n', 'float_absolute_tolerance 1e-3'), 'AC');
    assert.equal(judge('2.5\n', '2.5000001\n', 'float_tolerance 1e-6'), 'AC');
    assert.equal(judge('1e6\n', '1000000.5\n', 'float_tolerance 1e-6'), 'AC', 'relative part of float_tolerance');
    assert.match(judge('2.5\n', 'abc\n', 'float_tolerance 1e-6'), /^WA/);
    assert.equal(judge('impossible\n', 'IMPOSSIBLE\n', 'float_tolerance 1e-6'), 'AC', 'a word is compared as a word');
  });

  it('a built-in judge only where provably the same', () => {
    assert.equal(exactBuiltIn('case_sensitive', ['Yes\n']), 1);
    assert.equal(exactBuiltIn('', ['42\n', '-1 0\n']), 1, 'no letter in any answer: case cannot matter');
    assert.equal(exactBuiltIn('', ['NaN\n']), undefined);
    assert.equal(exactBuiltIn('float_tolerance 1e-6', ['1\n']), undefined);
    assert.equal(exactBuiltIn('case_sensitive space_change_sensitive', ['1\n']), undefined);
  });
});
