// Pulling many problems into one parent folder (src/core/problem-folder/pull-many.ts), with the
// single pull stood in for: folder names, what is skipped and why, no half-written folder after a
// failure, cancel stops after the problems under way, and the bound on problems at once.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ProblemsClient } from '../../../src/api';
import { pullProblems, type PullManyOptions } from '../../../src/core/problem-folder';
import type { PullOptions } from '../../../src/core/problem-folder';
import { useScratch } from '../../scratch';

const ENDPOINT = 'http://127.0.0.1:1/problems/api/v4';
const client = {} as ProblemsClient;

/** A pull that writes a small problem folder (or fails after writing half of one). */
function fakePull(o: { fail?: number[]; gate?: Promise<void>; running?: { now: number; max: number } } = {}) {
  return async (_c: ProblemsClient, p: PullOptions) => {
    if (o.running) o.running.max = Math.max(o.running.max, ++o.running.now);
    try {
      fs.mkdirSync(path.join(p.dir, 'tests'), { recursive: true });
      fs.writeFileSync(path.join(p.dir, 'tests/0.in'), `${p.problemId}\n`);
      await o.gate;
      if (o.fail?.includes(p.problemId)) throw new Error(`The test case 0 output could not be read (problem ${p.problemId}).`);
      fs.writeFileSync(path.join(p.dir, 'tests/0.out'), `${p.problemId}\n`);
      fs.writeFileSync(path.join(p.dir, 'statement.md'), 'S');
      fs.writeFileSync(path.join(p.dir, 'problem.json'), JSON.stringify({ link: { endpoint: p.endpoint, problemId: p.problemId }, statement: 'statement.md' }));
      return { dir: p.dir, tests: 1, judges: [], notes: [] };
    } finally {
      if (o.running) o.running.now--;
    }
  };
}

const listing = (dir: string) => fs.readdirSync(dir).sort();

describe('pull many problems into one parent folder', () => {
  const scratch = useScratch();
  const options = (parent: string, extra: Partial<PullManyOptions> = {}): PullManyOptions => ({ endpoint: ENDPOINT, parent, pull: fakePull(), ...extra });

  it('writes one folder per problem, named by its code, and reports progress as x of N', async () => {
    const parent = scratch('pull-many-');
    const progress: string[] = [];
    const pulled = await pullProblems(
      client,
      [{ problemId: 1, code: 'ADD' }, { problemId: 2 }, { problemId: 1, code: 'ADD' }],
      options(parent, { onProgress: (d, n) => progress.push(`${d}/${n}`) }),
    );
    assert.deepEqual(
      pulled.map((p) => [p.outcome, path.basename(p.folder), p.tests]),
      [
        ['done', 'ADD', 1],
        ['done', 'problem-2', 1],
      ],
    );
    assert.deepEqual(listing(parent), ['ADD', 'problem-2']);
    assert.equal(fs.readFileSync(path.join(parent, 'ADD/tests/0.out'), 'utf8'), '1\n');
    assert.deepEqual(progress, ['1/2', '2/2']);
  });

  it('skips a non-empty folder that is not linked to the same problem, and says why; updates one that is', async () => {
    const parent = scratch('pull-many-skip-');
    fs.mkdirSync(path.join(parent, 'MINE'));
    fs.writeFileSync(path.join(parent, 'MINE/notes.txt'), 'keep me');
    fs.mkdirSync(path.join(parent, 'OTHER'));
    fs.writeFileSync(path.join(parent, 'OTHER/problem.json'), JSON.stringify({ link: { endpoint: ENDPOINT, problemId: 99 } }));
    fs.mkdirSync(path.join(parent, 'SAME/tests'), { recursive: true });
    fs.writeFileSync(path.join(parent, 'SAME/problem.json'), JSON.stringify({ link: { endpoint: ENDPOINT, problemId: 3 }, statement: 'statement.html' }));
    fs.writeFileSync(path.join(parent, 'SAME/statement.html'), '<p>old</p>');
    fs.writeFileSync(path.join(parent, 'SAME/tests/7.in'), 'gone on the service');
    fs.mkdirSync(path.join(parent, 'SAME/solutions/accepted'), { recursive: true });
    fs.writeFileSync(path.join(parent, 'SAME/solutions/accepted/a.py'), 'print(1)');
    fs.mkdirSync(path.join(parent, 'EMPTY'));

    const pulled = await pullProblems(
      client,
      [
        { problemId: 1, code: 'MINE' },
        { problemId: 2, code: 'OTHER' },
        { problemId: 3, code: 'SAME' },
        { problemId: 4, code: 'EMPTY' },
      ],
      options(parent),
    );
    assert.deepEqual(
      pulled.map((p) => [p.code, p.outcome]),
      [
        ['MINE', 'skipped'],
        ['OTHER', 'skipped'],
        ['SAME', 'done'],
        ['EMPTY', 'done'],
      ],
    );
    assert.match(pulled[0].reason!, /MINE was left as it is: the folder is not empty and is not linked to this problem\.$/);
    assert.match(pulled[1].reason!, /linked to problem 99\.$/);
    assert.equal(fs.readFileSync(path.join(parent, 'MINE/notes.txt'), 'utf8'), 'keep me');
    assert.deepEqual(listing(path.join(parent, 'SAME')), ['problem.json', 'solutions', 'statement.md', 'tests']);
    assert.deepEqual(listing(path.join(parent, 'SAME/tests')), ['0.in', '0.out']);
    assert.equal(fs.readFileSync(path.join(parent, 'SAME/solutions/accepted/a.py'), 'utf8'), 'print(1)');
    assert.deepEqual(listing(parent), ['EMPTY', 'MINE', 'OTHER', 'SAME'], 'no staging folder left');
  });

  it('a problem that fails leaves no folder behind; the others are pulled', async () => {
    const parent = scratch('pull-many-fail-');
    const pulled = await pullProblems(
      client,
      [
        { problemId: 1, code: 'A' },
        { problemId: 2, code: 'B' },
      ],
      options(parent, { pull: fakePull({ fail: [1] }) }),
    );
    assert.deepEqual(
      pulled.map((p) => p.outcome),
      ['failed', 'done'],
    );
    assert.match(pulled[0].reason!, /could not be read \(problem 1\)/);
    assert.deepEqual(listing(parent), ['B']);
  });

  it('cancel: the problems under way finish, whole; the rest are not started', async () => {
    const parent = scratch('pull-many-cancel-');
    const controller = new AbortController();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const running = { now: 0, max: 0 };
    const done = pullProblems(
      client,
      [1, 2, 3, 4, 5].map((problemId) => ({ problemId, code: `P${problemId}` })),
      options(parent, { signal: controller.signal, pull: fakePull({ gate, running }) }),
    );
    await new Promise((r) => setImmediate(r));
    controller.abort();
    open();
    const pulled = await done;
    assert.equal(running.max, 2, 'two problems at once');
    assert.deepEqual(
      pulled.map((p) => p.outcome),
      ['done', 'done', 'cancelled', 'cancelled', 'cancelled'],
    );
    assert.deepEqual(listing(parent), ['P1', 'P2']);
    assert.deepEqual(listing(path.join(parent, 'P1/tests')), ['0.in', '0.out']);
  });
});
