// Built-in judges as functions: the verdicts a problem setter relies on.
import * as assert from 'node:assert/strict';
import { academy, exact, floats1e2, floats1e6, ignoreWhitespace, scoreIsSourceLength } from '../../emulator/judges/testcase-judges';
import { generic, percentSolved } from '../../emulator/judges/master-judges';
import { builtinJudge } from '../../emulator/judges/builtins';
import type { TestResult } from '../../emulator/judges/types';

const io = (programOutput: string, referenceOutput: string, source = 'print(1)') => ({
  input: Buffer.from(''),
  programOutput: Buffer.from(programOutput),
  referenceOutput: Buffer.from(referenceOutput),
  source: Buffer.from(source),
});

const t = (number: number, status: number, extra: Partial<TestResult> = {}): TestResult => ({
  number,
  status,
  score: 0,
  time: 0.1,
  memory: 1000,
  signal: 0,
  ...extra,
});

describe('problems: built-in test case judges', () => {
  it('1 ignores extra whitespace, line breaks and CRLF, but not different tokens', () => {
    assert.equal(ignoreWhitespace(io('  3 \r\n\n 4\t5  ', '3\n4 5\n')).accepted, true);
    assert.equal(ignoreWhitespace(io('', '\n \n')).accepted, true);
    const wrong = ignoreWhitespace(io('3 4 6', '3 4 5'));
    assert.equal(wrong.accepted, false);
    assert.match(wrong.debug, /token 3: expected "5", got "6"/);
    assert.equal(ignoreWhitespace(io('3 4', '3 4 5')).accepted, false);
    assert.equal(ignoreWhitespace(io('34', '3 4')).accepted, false);
  });

  it('2 accepts numbers within 0.01 and refuses farther ones', () => {
    assert.equal(floats1e2(io('3.334', '3.333333')).accepted, true);
    assert.equal(floats1e2(io('1.01', '1.00')).accepted, true);
    assert.equal(floats1e2(io('1.02', '1.00')).accepted, false);
    assert.equal(floats1e2(io('x 1.000', 'x 1')).accepted, true);
    assert.equal(floats1e2(io('y 1.000', 'x 1')).accepted, false);
  });

  it('3 needs 1e-6 precision', () => {
    assert.equal(floats1e6(io('0.3333333', '0.333333333')).accepted, true);
    assert.equal(floats1e6(io('0.3334', '0.333333333')).accepted, false);
  });

  it('4 scores accepted answers by source length, wrong ones with 0', () => {
    const ok = scoreIsSourceLength(io('5', '5', 'print(2+3)'));
    assert.deepEqual([ok.accepted, ok.score], [true, 10]);
    const bad = scoreIsSourceLength(io('6', '5', 'print(2+3)'));
    assert.deepEqual([bad.accepted, bad.score], [false, 0]);
  });

  it('9 judges like 1 and lists differing lines in the debug notes', () => {
    assert.equal(academy(io('a  b\n', 'a b')).accepted, true);
    const v = academy(io('1\n2\n4\n', '1\n2\n3\n'));
    assert.equal(v.accepted, false);
    assert.match(v.debug, /line 3: expected "3", got "4"/);
  });

  it('10 accepts only byte-identical output', () => {
    assert.equal(exact(io('a b\n', 'a b\n')).accepted, true);
    assert.equal(exact(io('a b', 'a b\n')).accepted, false);
    assert.equal(exact(io('a  b\n', 'a b\n')).accepted, false);
  });

  it('the catalogue maps ids to these functions', () => {
    for (const id of [1, 2, 3, 4, 9, 10]) assert.equal(builtinJudge(id)?.typeId, 0, `judge ${id}`);
    for (const id of [1000, 1001]) assert.equal(builtinJudge(id)?.typeId, 1, `judge ${id}`);
    assert.equal(builtinJudge(5), undefined);
  });
});

describe('problems: built-in master judges', () => {
  it('1000: all accepted → accepted, average score, summed time, max memory', () => {
    const v = generic([t(0, 15, { score: 10, time: 0.1, memory: 500 }), t(1, 15, { score: 20, time: 0.25, memory: 900 })]);
    assert.deepEqual(v, { status: 15, score: 15, time: 0.35, memory: 900, signal: 0 });
  });

  it('1000: the first test case that is not accepted gives the status, score 0', () => {
    const v = generic([t(0, 15), t(1, 14, { time: 0.2 }), t(2, 13, { time: 5, memory: 99999 })]);
    assert.equal(v.status, 14);
    assert.equal(v.score, 0);
    assert.equal(v.time, 0.3); // sum up to and including the failing test
    assert.equal(v.memory, 1000);
    assert.equal(generic([t(0, 12, { signal: 11 }), t(1, 15)]).signal, 11);
  });

  it('1001: score is the percentage of accepted test cases', () => {
    const v = percentSolved([t(0, 15), t(1, 15), t(2, 14), t(3, 15), t(4, 15)]);
    assert.equal(v.status, 15);
    assert.equal(v.score, 80);
    assert.equal(percentSolved([t(0, 15), t(1, 14), t(2, 14)]).score, 33.33);
  });

  it('1001: RE when all are RE, TLE when all are TLE, WA when none passed', () => {
    assert.equal(percentSolved([t(0, 12), t(1, 12)]).status, 12);
    assert.equal(percentSolved([t(0, 13), t(1, 13)]).status, 13);
    assert.equal(percentSolved([t(0, 12), t(1, 13)]).status, 14);
    assert.equal(percentSolved([t(0, 14)]).score, 0);
  });

  it('1001: time and memory come from accepted test cases only', () => {
    const v = percentSolved([t(0, 15, { time: 0.5, memory: 100 }), t(1, 13, { time: 2, memory: 5000 })]);
    assert.deepEqual([v.time, v.memory], [0.5, 100]);
  });
});
