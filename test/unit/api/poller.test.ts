// The polling rhythm with an injected sleep: every wait is recorded, no real time passes.
import * as assert from 'node:assert/strict';
import { isAbortError, SphereApiError } from '../../../src/api';
import { COMPILERS_POLL_MS, CONTAINERS_POLL_MS, MAX_POLL_BACKOFF_MS, pollUntilDone, PROBLEMS_POLL_MS } from '../../../src/core/poller';
import { fakeSleep } from './recording-server';

/** A fetch that reports `executing: true` n times, then false. */
function executingFor(n: number) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    fetch: async () => ({ executing: ++calls <= n, n: calls }),
  };
}

const networkError = () => new SphereApiError({ module: 'compilers', kind: 'network', explanation: 'cut', action: 'retry' });

describe('core/poller', () => {
  it('exports the spec intervals', () => {
    assert.equal(CONTAINERS_POLL_MS, 5000);
    assert.equal(COMPILERS_POLL_MS, 2000);
    assert.equal(PROBLEMS_POLL_MS, 2000);
  });

  it('containers: waits 5 s, fetches, then every 5 s while executing', async () => {
    const { sleeps, sleep } = fakeSleep();
    const src = executingFor(3);
    const updates: number[] = [];
    const done = await pollUntilDone({
      fetch: src.fetch,
      isExecuting: (v) => v.executing,
      intervalMs: CONTAINERS_POLL_MS,
      firstDelayMs: 5000,
      sleep,
      onUpdate: (v) => updates.push(v.n),
    });
    assert.equal(done.executing, false);
    assert.deepEqual(sleeps, [5000, 5000, 5000, 5000]);
    assert.deepEqual(updates, [1, 2, 3, 4]);
  });

  it('compilers/problems: 2 s rhythm', async () => {
    const { sleeps, sleep } = fakeSleep();
    await pollUntilDone({ fetch: executingFor(2).fetch, isExecuting: (v) => v.executing, intervalMs: COMPILERS_POLL_MS, sleep });
    assert.deepEqual(sleeps, [2000, 2000, 2000]);
  });

  it('never polls faster than the interval, even when asked to', async () => {
    const { sleeps, sleep } = fakeSleep();
    await pollUntilDone({ fetch: executingFor(2).fetch, isExecuting: (v) => v.executing, intervalMs: PROBLEMS_POLL_MS, firstDelayMs: 10, sleep });
    assert.ok(
      sleeps.every((ms) => ms >= PROBLEMS_POLL_MS),
      String(sleeps),
    );
  });

  it('keeps waiting through transient network errors with a growing, capped interval', async () => {
    const { sleeps, sleep } = fakeSleep();
    let calls = 0;
    const transient: number[] = [];
    const done = await pollUntilDone({
      fetch: async () => {
        calls++;
        if (calls <= 7) throw networkError();
        return { executing: false };
      },
      isExecuting: (v) => v.executing,
      intervalMs: 5000,
      sleep,
      onTransientError: (_e, next) => transient.push(next),
    });
    assert.equal(done.executing, false);
    assert.deepEqual(sleeps, [5000, 10000, 20000, 40000, 60000, 60000, 60000, 60000]);
    assert.equal(transient.length, 7);
    assert.ok(sleeps.every((ms) => ms >= 5000 && ms <= MAX_POLL_BACKOFF_MS));
  });

  it('goes back to the normal interval after a recovery', async () => {
    const { sleeps, sleep } = fakeSleep();
    let calls = 0;
    await pollUntilDone({
      fetch: async () => {
        calls++;
        if (calls === 1) throw networkError();
        return { executing: calls < 3 };
      },
      isExecuting: (v) => v.executing,
      intervalMs: 2000,
      sleep,
    });
    assert.deepEqual(sleeps, [2000, 4000, 2000]);
  });

  it('rides out 5xx but fails at once on a 4xx', async () => {
    const { sleep } = fakeSleep();
    let calls = 0;
    const fiveHundred = new SphereApiError({ module: 'compilers', kind: 'http', status: 503, explanation: 'x', action: 'waitAndRetry' });
    await pollUntilDone({ fetch: async () => (++calls === 1 ? Promise.reject(fiveHundred) : { executing: false }), isExecuting: (v) => v.executing, intervalMs: 2000, sleep });
    assert.equal(calls, 2);
    const notFound = new SphereApiError({ module: 'compilers', kind: 'http', status: 404, errorCode: 1001, explanation: 'x', action: 'fixInput' });
    await assert.rejects(pollUntilDone({ fetch: async () => Promise.reject(notFound), isExecuting: () => true, intervalMs: 2000, sleep }), (e: unknown) => e === notFound);
  });

  it('stops on abort with an AbortError, without fetching again', async () => {
    const ac = new AbortController();
    const { sleep } = fakeSleep();
    let calls = 0;
    const p = pollUntilDone({
      fetch: async () => {
        calls++;
        if (calls === 2) ac.abort();
        return { executing: true };
      },
      isExecuting: (v) => v.executing,
      intervalMs: 2000,
      signal: ac.signal,
      sleep,
    });
    await assert.rejects(p, (e: unknown) => isAbortError(e));
    assert.equal(calls, 2);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    let calls = 0;
    await assert.rejects(
      pollUntilDone({ fetch: async () => (calls++, { executing: false }), isExecuting: () => false, intervalMs: 2000, signal: ac.signal, sleep: fakeSleep().sleep }),
      (e: unknown) => isAbortError(e),
    );
    assert.equal(calls, 0);
  });

  it('with the real sleep, abort interrupts the wait', async () => {
    const ac = new AbortController();
    const p = pollUntilDone({ fetch: async () => ({ executing: true }), isExecuting: () => true, intervalMs: 60_000, signal: ac.signal });
    setImmediate(() => ac.abort());
    await assert.rejects(p, (e: unknown) => isAbortError(e));
  });
});
