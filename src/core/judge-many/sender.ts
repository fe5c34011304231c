// Sends a job's pending rows: a bounded number of POSTs at once, each row marked in the state
// file before its POST and given its id right after. What an answer means for the rest:
// - 402 (pool empty), 401, 403, 404: every following POST would fail the same way, so sending
//   stops and the rest stay pending for a resume;
// - 429 / 503: the service asks us to slow down; the row goes back to the queue and every lane
//   waits, longer each time, instead of failing the job;
// - 400: that solution's own problem (e.g. too large): its row says why;
// - no answer (timeout, cut connection, other 5xx): it may have been created, so it is marked
//   failed with that warning and never sent again.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { abortableSleep, SphereApiError, type ProblemsClient, type Sleep, type SubmissionFiles } from '../../api';
import type { SolutionRow } from './types';

export type SendClient = Pick<ProblemsClient, 'createSubmission'>;

export interface SendOptions {
  folder: string;
  problemId: number;
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

export async function sendPending(client: SendClient, rows: readonly SolutionRow[], options: SendOptions): Promise<void> {
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
      let body: { source?: string; files?: SubmissionFiles };
      try {
        body = await readSolution(options.folder, row);
      } catch (err) {
        options.onFailed(row, `cannot read it now (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
        continue;
      }
      // Cancelled while reading: the row stays pending, unsent.
      if (stopped || options.signal.aborted) return;
      options.onSending(row);
      try {
        // Not the job's signal: a POST once started is let finish, so its id is never lost.
        const { id } = await client.createSubmission({ problemId: options.problemId, compilerId: row.compilerId!, ...body });
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
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, queue.length)) }, lane));
}

/** The row's source: one file's text, or a subfolder's files. */
async function readSolution(folder: string, row: SolutionRow): Promise<{ source?: string; files?: SubmissionFiles }> {
  const full = path.join(folder, row.key);
  if (row.kind === 'file') return { source: await fs.readFile(full, 'utf8') };
  const files: SubmissionFiles = {};
  for (const rel of row.files ?? []) files[rel] = await fs.readFile(path.join(full, rel));
  return { files };
}

function describe(err: unknown): string {
  if (err instanceof SphereApiError) return err.explanation;
  return err instanceof Error ? err.message : String(err);
}
