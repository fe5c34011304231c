// One wait for every submission of a job: each round fetches the ids still being judged with
// GET /submissions?ids= (at most 20 a request), and rounds are at least the module's interval
// apart, so 1,000 submissions cost ceil(pending/20) requests per 2 s, never one per submission.
// Problems and Compilers answer the same list endpoint, so both use it.
import { abortableSleep, abortError, isTransientError, MAX_IDS_PER_REQUEST, type Sleep } from '../../api';
import { MAX_POLL_BACKOFF_MS, PROBLEMS_POLL_MS } from '../poller';

/** What the list endpoint must tell about each submission. */
export interface Polled {
  id: number;
  executing: boolean;
}

export interface BatchPollOptions<T extends Polled> {
  /** The ids still being judged, asked afresh every round (the sender adds to them meanwhile). */
  pendingIds: () => number[];
  /** True while more ids may come (the sender is still running). */
  moreToCome: () => boolean;
  onDone: (submission: T) => void;
  intervalMs?: number;
  signal?: AbortSignal;
  sleep?: Sleep;
  /** After each round, with the number of requests it made. */
  onRound?: (requests: number) => void;
}

export interface BatchClient<T extends Polled> {
  getSubmissions(ids: readonly number[], signal?: AbortSignal): Promise<{ items: T[] }>;
}

/** Resolves when no id is pending and none is to come; rejects on a lasting error or an abort. */
export async function pollBatches<T extends Polled>(client: BatchClient<T>, options: BatchPollOptions<T>): Promise<void> {
  const interval = options.intervalMs ?? PROBLEMS_POLL_MS;
  const sleep = options.sleep ?? abortableSleep;
  const { signal } = options;
  let delay = interval;
  let failures = 0;
  while (options.pendingIds().length > 0 || options.moreToCome()) {
    await sleep(delay, signal);
    if (signal?.aborted) throw abortError(signal);
    const ids = options.pendingIds();
    let requests = 0;
    try {
      for (let i = 0; i < ids.length; i += MAX_IDS_PER_REQUEST) {
        requests++;
        const { items } = await client.getSubmissions(ids.slice(i, i + MAX_IDS_PER_REQUEST), signal);
        for (const item of items) if (!item.executing) options.onDone(item);
      }
    } catch (err) {
      if (signal?.aborted) throw abortError(signal);
      if (!isTransientError(err)) throw err;
      // Network trouble: the next round waits longer, as the single-submission poller does.
      failures++;
      delay = Math.min(interval * 2 ** failures, MAX_POLL_BACKOFF_MS);
      continue;
    } finally {
      options.onRound?.(requests);
    }
    failures = 0;
    delay = interval;
  }
}
