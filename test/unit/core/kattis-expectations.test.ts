// 2023-07 submissions/submissions.yaml (issue 28): which globs match a submission, how a folder's
// default rule is overridden, the solutions/ folder each submission lands in, how a judged
// submission's per-test verdicts and score meet (or fail) the rules, and the import → export →
// import round trip of the file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exportKattis, importKattis, parseYaml } from '../../../src/core/kattis';
import { globMatches, unmetExpectation, usedForTimeLimit, type KattisExpectation } from '../../../src/core/kattis/expectations';
import { fullScoreOf } from '../../../src/core/kattis/scoring-judge';
import { expectationFor, folderVerdictFor } from '../../../src/core/kattis/submission-expectations';
import { useScratch, writeTree } from '../../scratch';

const status = (code: number) => ({ code, name: String(code) });
/** A judged result: one status code per test; the final one the first failure unless given (a scoring master judge's). */
const judged = (codes: number[], score: number | null = null, final = codes.find((c) => c !== 15) ?? 15) => ({
  status: status(final),
  score,
  testCases: codes.map((c, number) => ({ number, status: status(c), score: null, time: 0, memory: 0, signal: 0 })),
});

describe('Kattis submissions.yaml expectations', () => {
  const scratch = useScratch();

  it('matches a glob against the submission or a folder above it; * stays within a name; braces expand', () => {
    assert.ok(globMatches('accepted', 'accepted/a.py'));
    assert.ok(globMatches('accepted/*', 'accepted/a.py'));
    assert.ok(globMatches('*/a.py', 'wrong_answer/a.py'));
    assert.ok(globMatches('accepted/author.{py,cpp}', 'accepted/author.cpp'));
    assert.ok(globMatches('secret/*-easy', 'secret/group-easy/01'));
    assert.ok(!globMatches('accepted', 'accepted_slow/a.py'));
    assert.ok(globMatches('*', 'a/b'), '* matches the first folder, and so everything under it');
    assert.ok(!globMatches('accepted/*.py', 'accepted/a.cpp'));
    assert.ok(!globMatches('secret/group1', 'secret/group10/01'));
  });

  it("keeps a folder's default rule, replaces the keys the file gives for the folder's own name, adds every other matching glob", () => {
    const yaml = parseYaml(`
time_limit_exceeded:
  permitted: [AC, WA, TLE]
time_limit_exceeded/*:
  message: too slow
  secret/big:
    required: [TLE]
`);
    const problems: string[] = [];
    const exp = expectationFor(yaml, 'time_limit_exceeded/slow.cc', problems);
    assert.deepEqual(exp?.rules, [
      { key: 'time_limit_exceeded', scope: '', permitted: ['AC', 'WA', 'TLE'], required: ['TLE'] },
      { key: 'time_limit_exceeded/*', scope: '', message: 'too slow' },
      { key: 'time_limit_exceeded/*', scope: 'secret/big', required: ['TLE'] },
    ]);
    assert.deepEqual(problems, []);
    assert.equal(expectationFor(yaml, 'accepted/a.py', problems), undefined, 'nothing said of it: its folder verdict stands');
    expectationFor(parseYaml('accepted/a.py:\n  permitted: [AC, OK]\n'), 'accepted/a.py', problems);
    assert.deepEqual(problems, ['submissions/submissions.yaml: "accepted/a.py" permitted must be a list of AC, WA, TLE, RTE (not OK); it is not checked.']);
  });

  it('puts each submission in the solutions/ folder its rules come down to', () => {
    const rulesOf = (text: string, p: string) => expectationFor(parseYaml(text), p, []);
    assert.equal(folderVerdictFor('accepted/a.py', undefined, false), 'accepted');
    assert.equal(folderVerdictFor('run_time_error/a.py', undefined, false), 'runtime_error');
    assert.equal(folderVerdictFor('brute_force/a.py', undefined, false), 'rejected');
    assert.equal(folderVerdictFor('partially_accepted/a.py', undefined, false), undefined, 'only in a scoring problem');
    assert.equal(folderVerdictFor('slow_accepted/a.py', undefined, false), undefined, 'a folder nothing names: skipped');
    assert.equal(folderVerdictFor('mine/a.py', rulesOf('mine:\n  permitted: [AC]\n', 'mine/a.py'), false), 'accepted');
    assert.equal(folderVerdictFor('mine/a.py', rulesOf('mine/*:\n  permitted: [AC, TLE]\n  required: [TLE]\n', 'mine/a.py'), false), 'time_limit_exceeded');
    assert.equal(folderVerdictFor('mine/a.py', rulesOf('mine:\n  required: [WA, RTE]\n', 'mine/a.py'), false), 'rejected');
    assert.equal(folderVerdictFor('mine/a.py', rulesOf('mine:\n  score: [10, 90]\n', 'mine/a.py'), true), 'partially_accepted');
  });

  it('checks permitted and required per test (scoped to groups), and the score in Kattis units', () => {
    const paths = ['sample/1', 'secret/group1/01', 'secret/group2/01'];
    const exp: KattisExpectation = {
      kattisPath: 'partially_accepted/five.py',
      rules: [
        { key: 'partially_accepted/five.py', scope: '', score: 50 },
        { key: 'partially_accepted/five.py', scope: 'secret/group1', permitted: ['AC'] },
        { key: 'partially_accepted/five.py', scope: 'secret/group2', required: ['WA'] },
      ],
    };
    // The service's score is a percentage of the full score (here 200): 25 % is 50 points. The
    // master judge accepts a partial solution (accept_if_any_accepted), as oddecho's does.
    assert.equal(unmetExpectation(exp, judged([15, 15, 14], 25, 15), paths, 200), undefined);
    assert.equal(unmetExpectation(exp, judged([15, 15, 14], 30, 15), paths, 200), 'got score 60, expected 50 (submissions.yaml "partially_accepted/five.py")');
    assert.equal(
      unmetExpectation(exp, judged([15, 14, 14], 25), paths, 200),
      'got WA on secret/group1/01, which is not permitted in secret/group1 (permitted: AC) (submissions.yaml "partially_accepted/five.py")',
    );
    assert.equal(unmetExpectation(exp, judged([15, 15, 15], 25), paths, 200), 'no test in secret/group2 got WA (required) (submissions.yaml "partially_accepted/five.py")');
    // A memory limit stop is a run-time error, as on Kattis; a range is inclusive.
    const rte: KattisExpectation = {
      kattisPath: 'run_time_error/m.cc',
      rules: [
        { key: 'run_time_error', scope: '', permitted: ['AC', 'RTE'], required: ['RTE'] },
        { key: 'x', scope: '', score: [0, 0] },
      ],
    };
    assert.equal(unmetExpectation(rte, judged([15, 17, 15]), paths), undefined);
    assert.match(unmetExpectation(rte, judged([15, 13, 15]), paths) ?? '', /^got TLE on secret\/group1\/01, which is not permitted/);
  });

  it('leaves out of the time limit a solution that opts out, may time out, or is marked lower or upper (its bound is checked instead)', () => {
    const rule = (r: object): KattisExpectation => ({
      kattisPath: 'accepted/a.py',
      rules: [
        { key: 'accepted', scope: '', permitted: ['AC'] },
        { key: 'k', scope: '', ...r },
      ],
    });
    assert.ok(usedForTimeLimit(undefined));
    assert.ok(usedForTimeLimit(rule({ message: 'x' })));
    assert.ok(!usedForTimeLimit(rule({ useForTimeLimit: false })));
    assert.ok(!usedForTimeLimit(rule({ permitted: ['AC', 'TLE'] })));
    assert.ok(!usedForTimeLimit(rule({ permitted: ['AC', 'TLE'], useForTimeLimit: 'lower' })));
    assert.ok(!usedForTimeLimit(rule({ useForTimeLimit: 'lower' })));
    assert.ok(!usedForTimeLimit(rule({ useForTimeLimit: 'upper' })));
    assert.ok(usedForTimeLimit(rule({ useForTimeLimit: true })));
  });

  it("gives a scoring tree's full score as the grader does: sums, min, clamped to ranges", () => {
    const tree = {
      rel: 'data/secret',
      flags: ['sum'],
      range: [0, 100] as [number, number],
      onReject: 'continue',
      items: [
        {
          rel: 'data/secret/g1',
          flags: ['min'],
          range: [0, 30] as [number, number],
          onReject: 'break',
          items: [
            { test: 1, accept: 40, reject: 0 },
            { test: 2, accept: 40, reject: 0 },
          ],
        },
        {
          rel: 'data/secret/g2',
          flags: ['sum'],
          range: null,
          onReject: 'break',
          items: [
            { test: 3, accept: 50, reject: 0 },
            { test: 4, accept: 50, reject: 0 },
          ],
        },
      ],
    };
    assert.equal(fullScoreOf(tree), 100, 'min(40, 40) clamped to 30, plus 100, clamped to 100');
  });

  it('imports the expectations into kattis.json, skips what nothing names, and export writes them back', () => {
    const pkg = writeTree(path.join(scratch('kattis-subs-'), 'pkg'), {
      'problem.yaml': 'problem_format_version: 2023-07\nname: Echo\n',
      'data/secret/1.in': 'a\n',
      'data/secret/1.ans': 'a\n',
      'submissions/accepted/echo.py': 'print(input())\n',
      'submissions/mine/also.py': 'print(input())\n',
      'submissions/slow_accepted/slow.py': 'print(input())\n',
      'submissions/submissions.yaml': 'mine/also.py:\n  permitted: [AC]\n  message: hi\n',
    });
    const dir = path.join(scratch('kattis-subs-dir-'), 'p');
    const result = importKattis(pkg, dir);
    assert.equal(result.solutions, 2);
    assert.deepEqual(result.notImported, []);
    assert.deepEqual(result.ignored, [
      'submissions/slow_accepted/slow.py: "slow_accepted" is not a submissions folder problemtools checks (accepted, wrong_answer, time_limit_exceeded, run_time_error, partially_accepted, 2023-07 rejected and brute_force) and submissions/submissions.yaml gives it no expectations, so it is not judged, as problemtools does not judge it.',
    ]);
    assert.ok(
      result.notes.includes('submissions.yaml "message" expectations are kept for export but not checked: the service does not return a judge\'s messages.'),
      result.notes.join('\n'),
    );
    const settings = JSON.parse(fs.readFileSync(path.join(dir, 'kattis.json'), 'utf8'));
    assert.deepEqual(settings.submissions.bySolution, {
      'solutions/accepted/also.py': { kattisPath: 'mine/also.py', rules: [{ key: 'mine/also.py', scope: '', permitted: ['AC'], message: 'hi' }] },
    });
    assert.deepEqual(settings.testPaths, ['secret/1']);
    const out = path.join(scratch('kattis-subs-out-'), 'pkg');
    assert.deepEqual(exportKattis(dir, out).notExported, []);
    assert.equal(fs.readFileSync(path.join(out, 'submissions/mine/also.py'), 'utf8'), 'print(input())\n');
    assert.deepEqual(parseYaml(fs.readFileSync(path.join(out, 'submissions/submissions.yaml'), 'utf8')), { 'mine/also.py': { permitted: ['AC'], message: 'hi' } });
  });
});
