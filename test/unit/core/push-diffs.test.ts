// The push preview's text differences (src/core/problem-folder/diff-items.ts): which items a plan
// shows as a difference, large test files named instead of shown, and the service's settings
// written in the folder's own terms so that only real differences show.
import * as assert from 'node:assert/strict';
import type { ProblemsClient } from '../../../src/api';
import { hasTextDiffs, planDiffs, readRemoteText, type PushPlan } from '../../../src/core/problem-folder';
import type { ProblemFolder } from '../../../src/core/problem-folder';

const MiB = 1024 * 1024;
const folder = {
  dir: '/p',
  json: { link: { endpoint: 'e', problemId: 7 }, name: 'Sum', type: 'binary', interactive: false, masterJudge: 1000, statement: 'statement.md', judges: { check: { file: 'judges/check.py', compilerId: 116, type: 'testcase', name: 'check', id: 50 } }, tests: [] },
  body: 'new',
  tests: [
    { number: 0, timeLimit: 1, judge: 'check', active: true, inputPath: '/p/tests/0.in', outputPath: '/p/tests/0.out', inputSize: 3, outputSize: 2 * MiB },
    { number: 1, timeLimit: 2, judge: 1, active: true, inputPath: '/p/tests/1.in', outputPath: '/p/tests/1.out', inputSize: 3, outputSize: 3 },
  ],
  judges: [{ key: 'check', file: 'judges/check.py', compilerId: 116, type: 'testcase', name: 'check', id: 50, sourcePath: '/p/judges/check.py' }],
  solutions: [],
} as unknown as ProblemFolder;

const client = {
  listTestCases: async () => ({ items: [{ number: 0, input: { size: 3 }, output: { size: 2 } }, { number: 1, input: { size: 2 * MiB }, output: { size: 3 } }] }),
  getProblem: async () => ({ id: 7, name: 'Sum', code: 'SUM', body: 'old', type: { id: 0 }, interactive: false, masterjudge: { id: 1000 } }),
  getJudge: async () => ({ id: 50, name: 'check', compiler: { id: 116 }, type: { id: 0 } }),
} as unknown as ProblemsClient;

const plan = (changes: PushPlan['changes'], problemId: number | undefined = 7): PushPlan => ({ folder, endpoint: 'e', problemId, changes, local: new Map(), remote: new Map() });

describe('push preview: text differences', () => {
  it('shows settings, statement, judge source and test files; names files over 1 MiB instead', async () => {
    const p = plan([
      { kind: 'updateJudge', key: 'check', id: 50, what: ['source'] },
      { kind: 'updateProblem', what: ['statement', 'name'] },
      { kind: 'updateTest', number: 0, what: ['input', 'output'] },
      { kind: 'updateTest', number: 1, what: ['input', 'timeLimit'] },
    ]);
    assert.equal(hasTextDiffs(p), true);
    const { items, tooLarge } = await planDiffs(client, p);
    assert.deepEqual(items.map((i) => [i.rel, i.remote.kind]), [['problem.json', 'settings'], ['statement.md', 'statement'], ['judges/check.py', 'judge'], ['tests/0.in', 'test']]);
    assert.deepEqual(tooLarge, [`tests/0.out (${2 * MiB} bytes)`, `tests/1.in (${2 * MiB} bytes)`]);
  });

  it('a compiler change alone or a new problem has nothing to show as text', async () => {
    assert.equal(hasTextDiffs(plan([{ kind: 'updateJudge', key: 'check', id: 50, what: ['compiler'] }])), false);
    assert.equal(hasTextDiffs(plan([{ kind: 'createProblem' }], undefined)), false);
    assert.deepEqual(await planDiffs(client, plan([{ kind: 'createProblem' }], undefined)), { items: [], tooLarge: [] });
  });

  it("the service's settings use the folder's judge keys, link and statement file; leaves out what the folder leaves out", async () => {
    const text = await readRemoteText(client, { kind: 'settings', problemId: 7 }, folder);
    const json = JSON.parse(text);
    assert.deepEqual(json.link, { endpoint: 'e', problemId: 7 });
    assert.equal(json.statement, 'statement.md');
    assert.equal('code' in json, false);
    assert.deepEqual(json.judges, { check: { file: 'judges/check.py', compilerId: 116, type: 'testcase', name: 'check', id: 50 } });
    assert.equal(await readRemoteText(client, { kind: 'statement', problemId: 7 }, folder), 'old');
  });
});
