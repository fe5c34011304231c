// The two bounds on requests at once: inParallel for a known list, concurrencyLimit for work that
// arrives over time (a batch's streams, read as each submission is found done).
import * as assert from 'node:assert/strict';
import { concurrencyLimit, inParallel } from '../../../src/core/in-parallel';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('core/in-parallel', () => {
  it('inParallel works on at most `limit` items at once and on every item', async () => {
    let active = 0;
    let most = 0;
    const done: number[] = [];
    await inParallel([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      most = Math.max(most, ++active);
      await tick();
      active--;
      done.push(item);
    });
    assert.equal(most, 3);
    assert.deepEqual(done.sort(), [1, 2, 3, 4, 5, 6, 7]);
  });

  it('concurrencyLimit never runs more than `limit` tasks, even as tasks keep arriving, and starts them in order', async () => {
    const gate = concurrencyLimit(2);
    let active = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) =>
      gate(async () => {
        started.push(n);
        most = Math.max(most, ++active);
        await tick();
        active--;
        return n * 10;
      });
    const first = [task(1), task(2), task(3)];
    await tick(); // more arrive while some run and one waits
    const results = await Promise.all([...first, task(4), task(5)]);
    assert.deepEqual(results, [10, 20, 30, 40, 50]);
    assert.equal(most, 2);
    assert.deepEqual(started, [1, 2, 3, 4, 5]);
  });

  it('concurrencyLimit frees the slot of a task that fails', async () => {
    const gate = concurrencyLimit(1);
    await assert.rejects(
      gate(async () => {
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(await gate(async () => 'next'), 'next');
  });
});
