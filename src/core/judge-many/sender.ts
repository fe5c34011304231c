// Sends a job's pending rows: a bounded number of POSTs at once, each row marked in the state
// file before its POST and given its id right after. What an answer means for the rest:
// - 402 (pool empty), 401, 403, 404: every following POST would fail the same way, so sending
//   stops and the rest stay pending for a resume;
// - 429 / 503: the service asks us to slow down; the row goes back to the queue and every lane
//   waits, longer each time, instead of failing the job;
// - 400: that solution's own problem (e.g. too large): its row says why;
// - no answer (timeout, cut connection, other 5xx): it may have been created, so it is marked
//   failed with that warning and never sent again.
import { abortableSleep, SphereApiError, type Sleep } from '../../api';
import type { JobBackend, PreparedSubmission } from './backend';
import type { SolutionRow } from './types';

export interface SendOptions {
  concurrency: number;
  signal: AbortSignal;
  /** Marks and results, in the order they must reach the state file. */
  onSending: (row: SolutionRow) => void;
  onUnsent: (row: SolutionRow) => void;
  onSent: (row: SolutionRow, id: number) => void;
  onFailed: (row: SolutionRow, error: string) => void;
  /** Sending stopped with rows left pending (402 and the like). */
  onStop: (reason: string) => void;
  sleep?: Sleep;
  /** First wait after a 429/503; doubles on each one in a row. */
  slowDownMs?: number;
}

const MAX_SLOW_DOWN_MS = 60_000;
const STOPPING_STATUSES = new Set([401, 402, 403, 404]);

export async function sendPending(backend: Pick<JobBackend, 'prepare'>, rows: readonly SolutionRow[], options: SendOptions): Promise<void> {
  const queue = rows.filter((r) => r.phase === 'pending');
  const sleep = options.sleep ?? abortableSleep;
  const baseSlowDown = options.slowDownMs ?? 1000;
  let slowDown = 0;
  let stopped = false;

  const lane = async () => {
    while (!stopped && !options.signal.aborted) {
      if (slowDown > 0) await sleep(slowDown, options.signal).catch(() => undefined);
      if (stopped || options.signal.aborted) return;
      const row = queue.shift();
      if (!row) return;
      let prepared: PreparedSubmission;
      try {
        prepared = await backend.prepare(row);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        options.onFailed(row, code ? `cannot read it now (${code})` : describe(err));
        continue;
      }
      // Cancelled while reading: the row stays pending, unsent.
      if (stopped || options.signal.aborted) {
        await prepared.dispose?.().catch(() => undefined);
        return;
      }
      options.onSending(row);
      try {
        // Not the job's signal: a POST once started is let finish, so its id is never lost.
        const id = await prepared.send();
        slowDown = 0;
        options.onSent(row, id);
      } catch (err) {
        const status = err instanceof SphereApiError ? err.status : undefined;
        if (status === 429 || status === 503) {
          options.onUnsent(row);
          queue.unshift(row);
          slowDown = Math.min(slowDown ? slowDown * 2 : baseSlowDown, MAX_SLOW_DOWN_MS);
        } else if (status !== undefined && STOPPING_STATUSES.has(status)) {
          options.onUnsent(row);
          if (!stopped) options.onStop(describe(err));
          stopped = true;
        } else if (status === 400) {
          options.onFailed(row, describe(err));
        } else {
          options.onFailed(row, `${describe(err)} It may have been created, so it is not sent again.`);
        }
      } finally {
        await prepared.dispose?.().catch(() => undefined);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, queue.length)) }, lane));
}

function describe(err: unknown): string {
  if (err instanceof SphereApiError) return err.explanation;
  return err instanceof Error ? err.message : String(err);
}
