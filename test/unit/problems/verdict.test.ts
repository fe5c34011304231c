// How judged test cases read in the Testing view: passed / failed / errored, with time, memory and
// the signal, and an entry for every asked-for test even when the judges never ran it.
import * as assert from 'node:assert/strict';
import { normaliseProblemsSubmission, type ProblemsSubmission } from '../../../src/api';
import { outcomeOf, verdictOfSubmission } from '../../../src/core/problems/verdict';

function submission(
  status: [number, string],
  tests: Array<[number, number, string, Partial<{ time: number; memory: number; signal: number; signal_desc: string }>?]>,
  score = 0,
): ProblemsSubmission {
  return normaliseProblemsSubmission({
    id: 7,
    executing: false,
    date: '2024-01-01 00:00:00 +00:00',
    compiler: { id: 116, name: 'Python 3', version: { id: 1, name: '3.12' } },
    problem: { id: 1, code: 'ADDTWO', name: 'Add two numbers' },
    result: {
      status: { code: status[0], name: status[1] },
      score,
      time: 0.5,
      memory: 9300,
      signal: 0,
      testcases: tests.map(([number, code, name, extra]) => ({ number, status: { code, name }, score: 0, time: 0.01, memory: 2048, signal: 0, signal_desc: '', ...extra })),
    },
  });
}

describe('problems verdict', () => {
  it("classifies statuses: accepted passes, the program's faults fail, the rest errors", () => {
    assert.equal(outcomeOf(15), 'passed');
    for (const code of [12, 13, 14, 17, 19]) assert.equal(outcomeOf(code), 'failed', `status ${code}`);
    for (const code of [11, 20, 21, 22]) assert.equal(outcomeOf(code), 'errored', `status ${code}`);
  });

  it('one wrong test among three: two pass, one fails with time and memory in its message', () => {
    const v = verdictOfSubmission(
      submission(
        [14, 'wrong answer'],
        [
          [0, 15, 'accepted'],
          [1, 14, 'wrong answer'],
          [2, 15, 'accepted'],
        ],
      ),
      [0, 1, 2],
    );
    assert.deepEqual(
      v.tests.map((t) => t.outcome),
      ['passed', 'failed', 'passed'],
    );
    assert.match(v.tests[1].message, /^Test 1: wrong answer, time 0\.01 s, memory 2\.0 MB/);
    assert.equal(v.outcome, 'failed');
    assert.match(v.summary, /^Wrong answer · score 0 · 0\.50 s · 9\.1 MB$/);
  });

  it('a time limit names the limit; a runtime error names its signal', () => {
    const v = verdictOfSubmission(
      submission(
        [13, 'time limit exceeded'],
        [
          [0, 15, 'accepted'],
          [1, 12, 'runtime error', { signal: 11, signal_desc: 'SIGSEGV' }],
          [2, 13, 'time limit exceeded', { time: 2 }],
        ],
      ),
      [0, 1, 2],
      new Map([[2, 2]]),
    );
    assert.match(v.tests[1].message, /runtime error.*signal 11 \(SIGSEGV\)/);
    assert.match(v.tests[2].message, /time limit exceeded, time 2\.00 s \(limit 2 s\)/);
  });

  it('a compilation error errors every asked-for test, none of which ran', () => {
    const v = verdictOfSubmission(submission([11, 'compilation error'], []), [0, 1, 2]);
    assert.deepEqual(
      v.tests.map((t) => [t.number, t.outcome]),
      [
        [0, 'errored'],
        [1, 'errored'],
        [2, 'errored'],
      ],
    );
    assert.match(v.tests[0].message, /not run — the submission ended with compilation error/);
    assert.equal(v.outcome, 'errored');
  });
});
