// A cap on the submissions one token may have waiting or running (issue 26 item 10: 500 POSTs in
// 10 s once got 500 × 201, a queue without end). Every module queues its runs in the one job pool;
// this pool counts, per token of the request that queued it, the jobs not yet finished. A POST
// /submissions from a token at its cap is refused with 429 and Retry-After before anything is
// stored (the extension's senders wait and send again). Runs queued again after a restart belong
// to no request and are not counted.
import type { MiddlewareHandler } from 'hono';
import { JobPool } from '../jobs/job-pool';
import { tokenFrom } from './auth';
import { errorResponse, apiError } from './errors';
import { callerToken } from './read-only';

/** Seconds a refused client is asked to wait before it sends again. */
export const QUEUE_RETRY_AFTER_SEC = 5;

export class CountingJobPool extends JobPool {
  private readonly unfinished = new Map<string, number>();

  override add(label: string, run: () => Promise<void>): void {
    const token = callerToken();
    if (!token) return super.add(label, run);
    this.unfinished.set(token, (this.unfinished.get(token) ?? 0) + 1);
    super.add(label, () =>
      run().finally(() => {
        const left = (this.unfinished.get(token) ?? 1) - 1;
        if (left > 0) this.unfinished.set(token, left);
        else this.unfinished.delete(token);
      }),
    );
  }

  /** Jobs this token queued that have not finished (waiting or running). */
  unfinishedOf(token: string): number {
    return this.unfinished.get(token) ?? 0;
  }
}

const SUBMIT = /^\/submissions\/?$/;

/** For one module, after tokenScope: POST /submissions over the token's cap is 429. */
export function queueCap(pool: CountingJobPool, modulePath: string, cap: () => number): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'POST' && SUBMIT.test(new URL(c.req.url).pathname.slice(modulePath.length))) {
      const token = tokenFrom(c.req.url, c.req.header('authorization')) ?? '';
      const limit = cap();
      const queued = pool.unfinishedOf(token);
      if (queued >= limit) {
        const res = errorResponse(
          c,
          apiError(
            429,
            429,
            `too many submissions waiting: this access token has ${queued} submissions queued or running, the most the emulator takes at once is ${limit}; wait for some to finish (retry after ${QUEUE_RETRY_AFTER_SEC} s)`,
          ),
        );
        res.headers.set('retry-after', String(QUEUE_RETRY_AFTER_SEC));
        return res;
      }
    }
    return next();
  };
}
