// Retry policy. Only GET is retried: POST and PUT are never repeated on our own,
// because a second submission costs money and a second PUT may hit a changed state.
import { abortError } from './errors';

export interface RetryOptions {
  /** Total attempts for a GET, including the first. Default 3. */
  attempts?: number;
  /** First backoff delay. Default 500 ms; doubles per attempt. */
  baseDelayMs?: number;
  /** Upper bound of any single wait, including Retry-After. Default 30 s. */
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

export function isRetryableMethod(method: string): boolean {
  return method === 'GET';
}

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429;
}

/** Seconds or an HTTP date → milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Delay before retry number `retry` (1 = first retry): exponential with ±25 % jitter,
 * or the server's Retry-After when it asks for longer; capped by maxDelayMs.
 */
export function backoffDelay(retry: number, options: Required<RetryOptions>, random: () => number, retryAfterMs?: number): number {
  const exp = options.baseDelayMs * 2 ** (retry - 1);
  const jittered = exp * (0.75 + random() * 0.5);
  const wanted = retryAfterMs !== undefined ? Math.max(retryAfterMs, jittered) : jittered;
  return Math.round(Math.min(wanted, options.maxDelayMs));
}

/** A sleep that ends early (rejecting) when the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
