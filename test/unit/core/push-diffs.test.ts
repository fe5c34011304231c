// The push preview's text differences (src/core/problem-folder/diff-items.ts): only files whose
// text differs are shown (an unchanged problem.json is left out, whatever its layout), a new
// test's files against nothing and a deleted test's against nothing on the folder's side, large
// test files named instead of shown, and the service's settings written in the folder's own terms.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProblemsClient } from '../../../src/api';
import { hasTextDiffs, planDiffs, readRemoteText, type PushPlan } from '../../../src/core/problem-folder';
import type { ProblemFolder } from '../../../src/core/problem-folder';
import { useScratch, writeTree } from '../../scratch';

const MiB = 1024 * 1024;

/** The service's test files, by "number.file". */
const serviceTests: Record<string, string> = { '0.input': '1 2\n', '0.output': 'x', '1.input': 'big', '1.output': '3\n', '3.input': 'gone in\n', '3.output': 'gone out\n' };

const client = {
  listTestCases: async () => ({
    items: [
      { number: 0, input: { size: 4 }, output: { size: 2 * MiB } },
      { number: 1, input: { size: 2 * MiB }, output: { size: 2 } },
      { number: 3, input: { size: 8 }, output: { size: 9 } },
    ],
  }),
  getTestCaseFile: async (_p: number, n: number, file: string) => Buffer.from(serviceTests[`${n}.${file}`]),
  getJudgeFile: async () => Buffer.from('old judge\n'),
  getProblem: async () => ({ id: 7, name: 'Sum', code: 'SUM', body: 'old', type: { id: 0 }, interactive: false, masterjudge: { id: 1000 } }),
  getJudge: async () => ({ id: 50, name: 'check', compiler: { id: 116 }, type: { id: 0 } }),
} as unknown as ProblemsClient;

describe('push preview: text differences', () => {
  const scratch = useScratch();
  let folder: ProblemFolder;
  const plan = (changes: PushPlan['changes'], problemId: number | undefined = 7): PushPlan => ({ folder, endpoint: 'e', problemId, changes, local: new Map(), remote: new Map() });
  const test = (number: number, inputSize: number, outputSize: number) => ({
    number,
    timeLimit: 1,
    judge: 'check',
    active: true,
    inputPath: path.join(folder.dir, `tests/${number}.in`),
    outputPath: path.join(folder.dir, `tests/${number}.out`),
    inputSize,
    outputSize,
  });

  before(() => {
    const dir = writeTree(scratch('push-diffs-'), {
      'statement.md': 'new',
      'judges/check.py': 'new judge\n',
      'tests/0.in': '1 2\n',
      'tests/0.out': 'y',
      'tests/1.in': 'big',
      'tests/1.out': '4\n',
      'tests/2.in': 'added\n',
      'tests/2.out': 'added out\n',
    });
    folder = {
      dir,
      json: {
        link: { endpoint: 'e', problemId: 7 },
        name: 'Sum',
        type: 'binary',
        interactive: false,
        masterJudge: 1000,
        statement: 'statement.md',
        judges: { check: { file: 'judges/check.py', compilerId: 116, type: 'testcase', name: 'check', id: 50 } },
        tests: [],
      },
      body: 'new',
      tests: [],
      judges: [{ key: 'check', file: 'judges/check.py', compilerId: 116, type: 'testcase', name: 'check', id: 50, sourcePath: path.join(dir, 'judges/check.py') }],
      solutions: [],
    } as unknown as ProblemFolder;
    folder.tests.push(test(0, 4, 2 * MiB), test(1, 3, 2), test(2, 6, 10));
  });

  /** Writes problem.json as the service holds it (laid out as given), or changed. */
  async function writeSettings(layout: (json: unknown) => string): Promise<void> {
    const service = JSON.parse(await readRemoteText(client, { kind: 'settings', problemId: 7 }, folder));
    fs.writeFileSync(path.join(folder.dir, 'problem.json'), layout(service));
  }

  it('shows settings, statement, judge source and test files that differ; names files over 1 MiB instead', async () => {
    await writeSettings((json) => JSON.stringify({ ...(json as object), name: 'Sum renamed' }, null, 2));
    const p = plan([
      { kind: 'updateJudge', key: 'check', id: 50, what: ['source'] },
      { kind: 'updateProblem', what: ['statement', 'name'] },
      { kind: 'updateTest', number: 0, what: ['input', 'output'] },
      { kind: 'updateTest', number: 1, what: ['input', 'output', 'timeLimit'] },
    ]);
    assert.equal(hasTextDiffs(p), true);
    const { items, tooLarge } = await planDiffs(client, p);
    // tests/0.in is the same on both sides: not shown although the plan names the input.
    assert.deepEqual(
      items.map((i) => [i.rel, i.remote?.kind, i.serviceText, i.local]),
      [
        ['problem.json', 'settings', items[0].serviceText, true],
        ['statement.md', 'statement', 'old', true],
        ['judges/check.py', 'judge', 'old judge\n', true],
        ['tests/1.out', 'test', '3\n', true],
      ],
    );
    assert.deepEqual(tooLarge, [`tests/0.out (${2 * MiB} bytes)`, `tests/1.in (${2 * MiB} bytes)`]);
  });

  it("leaves out a problem.json equal to the service's, also laid out otherwise; a new test shows against nothing, a deleted one against nothing here", async () => {
    await writeSettings((json) => JSON.stringify(json, null, 4));
    const { items, tooLarge } = await planDiffs(
      client,
      plan([
        { kind: 'deleteTest', number: 3 },
        { kind: 'createTest', number: 2 },
      ]),
    );
    assert.deepEqual(
      items.map((i) => [i.rel, i.remote?.kind, i.serviceText, i.local]),
      [
        ['tests/3.in', 'test', 'gone in\n', false],
        ['tests/3.out', 'test', 'gone out\n', false],
        ['tests/2.in', undefined, '', true],
        ['tests/2.out', undefined, '', true],
      ],
    );
    assert.deepEqual(tooLarge, []);
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
