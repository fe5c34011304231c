// MementoStore (src/core/memento-store.ts) and the stores built on it: one in-memory copy, writes
// in order, never an old copy of our own taken for news, another window's write followed.
// The fake memento is what made the Submissions view flaky: its writes land late, and until they
// do it hands back what it held before.
import * as assert from 'node:assert/strict';
import { MementoStore, type MementoLike } from '../../../src/core/memento-store';
import { SubmissionHistory, type SubmissionEntry } from '../../../src/features/containers/history/store';

/** A memento whose writes land on the next turn, in order, and which reads the old value until then. */
class LaggingMemento implements MementoLike {
  readonly values = new Map<string, unknown>();
  readonly writes: unknown[] = [];
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Promise<void> {
    return new Promise((resolve) =>
      setImmediate(() => {
        this.values.set(key, value);
        this.writes.push(value);
        resolve();
      }),
    );
  }
}

const numbers = (raw: unknown): number[] => (Array.isArray(raw) ? (raw as number[]) : []);

function entry(id: number): SubmissionEntry {
  return { id, endpoint: 'http://x', projectId: 'p', projectName: 'P', scenario: 's', folder: '/f', sentAt: id, executing: true, statusCode: 0, statusName: 'waiting' };
}

describe('MementoStore', () => {
  it('two quick writes never lose one another, and reach the memento in order', async () => {
    const memento = new LaggingMemento();
    const store = new MementoStore(memento, 'k', numbers);
    await Promise.all([store.update((n) => [...n, 1]), store.update((n) => [...n, 2])]);
    assert.deepEqual(store.value, [1, 2]);
    assert.deepEqual(memento.values.get('k'), [1, 2]);
    assert.deepEqual(memento.writes, [[1], [1, 2]]);
  });

  it('never takes an old copy of its own for a change, nor replaces its copy with it', async () => {
    const memento = new LaggingMemento();
    const store = new MementoStore(memento, 'k', numbers);
    await store.set([1]);
    await store.set([1, 2]);
    memento.values.set('k', [1]); // VS Code hands back the previous write for a moment
    assert.equal(store.storedElsewhere(), undefined);
    assert.equal(store.follow(), false);
    assert.deepEqual(store.value, [1, 2]);
  });

  it("follows another window's write, once, and says so", async () => {
    const memento = new LaggingMemento();
    memento.values.set('k', [1]);
    const store = new MementoStore(memento, 'k', numbers);
    let changes = 0;
    store.onDidChange(() => changes++);
    assert.equal(store.follow(), false, 'nothing new yet');
    memento.values.set('k', [1, 7]);
    assert.deepEqual(store.storedElsewhere(), [1, 7]);
    assert.deepEqual(store.value, [1], 'storedElsewhere only looks');
    assert.equal(store.follow(), true);
    assert.deepEqual(store.value, [1, 7]);
    assert.equal(changes, 1);
    assert.equal(store.follow(), false, 'followed once, not again');
  });

  it('a failed write does not stop the next one', async () => {
    let fail = true;
    const values = new Map<string, unknown>();
    const memento: MementoLike = {
      get: <T>(key: string) => values.get(key) as T | undefined,
      update: async (key, value) => {
        if (fail) {
          fail = false;
          throw new Error('disk full');
        }
        values.set(key, value);
      },
    };
    const store = new MementoStore(memento, 'k', numbers);
    await assert.rejects(store.set([1]), /disk full/);
    await store.set([2]);
    assert.deepEqual(values.get('k'), [2]);
  });
});

describe('SubmissionHistory on MementoStore', () => {
  it('keeps both of two entries added in quick succession', async () => {
    const history = new SubmissionHistory(new LaggingMemento());
    await Promise.all([history.upsert(entry(1)), history.upsert(entry(2))]);
    assert.deepEqual(
      history.list().map((e) => e.id),
      [2, 1],
    );
  });

  it('reads its own last state, not the memento lagging behind it', async () => {
    const history = new SubmissionHistory(new LaggingMemento());
    await history.upsert(entry(1));
    const poll = history.applyState('http://x', { id: 1, executing: false, result: { status: { code: 15, name: 'accepted' }, score: 1 } } as never);
    const final = history.applyState(
      'http://x',
      { id: 1, executing: false, result: { status: { code: 15, name: 'accepted' }, score: 1 }, streams: { tests_report: { uri: 'u' } } } as never,
      { testsSummary: '1 test' },
    );
    assert.equal(history.find(1)?.hasTestsReport, true, 'read before the writes landed');
    await Promise.all([poll, final]);
    assert.equal(history.find(1)?.testsSummary, '1 test');
  });
});
