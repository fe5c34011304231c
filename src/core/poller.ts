// The spec's polling rhythm: wait, fetch, repeat while executing — never faster than the
// module's interval (polling without a pause can get the account refused). Transient
// network trouble does not end the wait: the interval grows (capped) and polling goes on.
// This loop is the only one that repeats a fetch: the clients send every fetch of a submission
// once (no quick HTTP retries), so nothing re-fetches inside the service's polling protection.
import { abortableSleep, abortError, isTransientError, type Sleep } from '../api';

/** Containers: wait 5 s after creating, then every 5 s (containers-api-v1.md). */
export const CONTAINERS_POLL_MS = 5000;
/** Compilers v4: 2 s. */
export const COMPILERS_POLL_MS = 2000;
/** Problems v4: 2 s. */
export const PROBLEMS_POLL_MS = 2000;
/**
 * The local emulator this window started itself: it runs with no polling protection (the
 * extension never passes --poll-min-ms) and nothing is paid, so a stress test, which waits for
 * hundreds of short runs, polls it at the pace real clients use (service notes: 250-1000 ms).
 */
export const OWN_EMULATOR_POLL_MS = 250;
/** Longest wait between two polls while the network is failing. */
export const MAX_POLL_BACKOFF_MS = 60_000;

export interface PollOptions<T> {
  /** One fetch of the resource. Receives the signal to pass on to the client. */
  fetch: (signal?: AbortSignal) => Promise<T>;
  /** True while the resource is still being processed (`executing`). */
  isExecuting: (value: T) => boolean;
  /** Wait before the first fetch; default intervalMs. Never below the interval. */
  firstDelayMs?: number;
  /** The module's interval (CONTAINERS_POLL_MS, COMPILERS_POLL_MS, PROBLEMS_POLL_MS). */
  intervalMs: number;
  /** Cap for the grown interval while fetches fail transiently. */
  maxBackoffMs?: number;
  signal?: AbortSignal;
  /** Every fetched value, including the final one. */
  onUpdate?: (value: T) => void;
  /** Every transient failure that polling is riding out, with the next wait. */
  onTransientError?: (error: unknown, nextDelayMs: number) => void;
  /** Which errors to ride out; default isTransientError (network, timeouts, 5xx, 429). */
  isTransient?: (error: unknown) => boolean;
  /** Injectable for tests. */
  sleep?: Sleep;
}

/** Resolves with the first value for which isExecuting is false; rejects with an AbortError on cancel. */
export async function pollUntilDone<T>(options: PollOptions<T>): Promise<T> {
  const interval = options.intervalMs;
  const sleep = options.sleep ?? abortableSleep;
  const isTransient = options.isTransient ?? isTransientError;
  const maxBackoff = Math.max(interval, options.maxBackoffMs ?? MAX_POLL_BACKOFF_MS);
  const { signal } = options;
  let delay = Math.max(interval, options.firstDelayMs ?? interval);
  let failures = 0;
  for (;;) {
    if (signal?.aborted) throw abortError(signal);
    await sleep(delay, signal);
    if (signal?.aborted) throw abortError(signal);
    let value: T;
    try {
      value = await options.fetch(signal);
    } catch (err) {
      if (signal?.aborted) throw abortError(signal);
      if (!isTransient(err)) throw err;
      failures++;
      delay = Math.min(interval * 2 ** failures, maxBackoff);
      options.onTransientError?.(err, delay);
      continue;
    }
    failures = 0;
    delay = interval;
    options.onUpdate?.(value);
    if (!options.isExecuting(value)) return value;
  }
}
