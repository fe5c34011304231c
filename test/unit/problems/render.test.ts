// The problem details page: plain text keeps its lines, and the test cases and master judge are
// listed (untrusted statements: sanitise.test.ts).
import * as assert from 'node:assert/strict';
import type { Problem, TestCase } from '../../../src/api';
import { descriptionMarkdown, renderProblemMarkdown } from '../../../src/core/problems/render';
import { parseTestList, suggestCompiler } from '../../../src/features/problems/compiler-choice';

describe('problems render', () => {
  it('keeps the lines of a plain-text description and escapes Markdown', () => {
    const md = descriptionMarkdown('First line\nExample input:\n-5 3\n* not a list');
    assert.equal(md, 'First line  \nExample input:  \n\\-5 3  \n\\* not a list');
  });

  it('lists test cases with number, active, time limit and judge, and the master judge', () => {
    const problem = {
      id: 1,
      code: 'ADDTWO',
      name: 'Add two numbers',
      body: 'Add.',
      shortBody: null,
      type: { id: 0, name: 'binary' },
      masterjudge: { id: 1000, name: 'Generic masterjudge' },
    } as Problem;
    const tests: TestCase[] = [
      { number: 0, active: true, timeLimit: 1, judge: { id: 1, name: 'Ignores extra whitespaces' } },
      { number: 1, active: false, timeLimit: 2.5, judge: { id: 10, name: 'Exact judge' } },
    ];
    const md = renderProblemMarkdown(problem, tests);
    assert.match(md, /^# ADDTWO — Add two numbers/);
    assert.match(md, /\*\*Type:\*\* binary/);
    assert.match(md, /\| 0 \| yes \| 1 s \| Ignores extra whitespaces \(1\) \|/);
    assert.match(md, /\| 1 \| no \| 2\.5 s \| Exact judge \(10\) \|/);
    assert.match(md, /## Master judge\n\nGeneric masterjudge \(1000\)/);
  });
});

describe('problems compiler choice', () => {
  const offered = [
    { id: 116, name: 'Python 3', short: 'py', versions: [] },
    { id: 11, name: 'C', short: 'c', versions: [] },
  ];
  it('takes the language table default when the problems module offers it', () => {
    assert.equal(suggestCompiler('/w/sol.py', 'python', offered), 116);
    assert.equal(suggestCompiler('/w/sol.c', undefined, offered), 11);
    assert.equal(suggestCompiler('/w/sol.rb', 'ruby', offered), undefined);
    assert.equal(suggestCompiler('/w/sol.rb', 'ruby', undefined), 17);
  });
  it('reads test lists', () => {
    assert.deepEqual(parseTestList('0, 2'), [0, 2]);
    assert.deepEqual(parseTestList('1-3 0'), [0, 1, 2, 3]);
    assert.equal(parseTestList('a,b'), undefined);
  });
});
