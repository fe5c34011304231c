// "Run With All Inputs" without `vscode`: one POST per input, then ONE wait for all of them with
// GET /submissions?ids= (at most 20 ids a call, so N inputs cost ceil(N/20) requests per 2 s
// round instead of N); the streams of each are read as soon as a poll finds it finished.
import { abortError, MAX_IDS_PER_REQUEST, type CompilersStreamName, type CompilersSubmission, type CreateCompilersSubmissionParams, type Sleep } from '../../api';
import { concurrencyLimit } from '../in-parallel';
import { pollBatches } from '../judge-many';
import { COMPILERS_POLL_MS } from '../poller';
import { readStreams, type CompilersApi, type RunStreams } from './run';

export interface BatchItem {
  /** Caller's label for the input, e.g. `tests/a.in`. */
  label: string;
  input: string;
}

export interface BatchResult {
  label: string;
  /** Absent when the POST for this input failed. */
  id?: number;
  submission?: CompilersSubmission;
  streams?: RunStreams;
  /** Why this input has no result (its POST failed). */
  error?: unknown;
}

export interface BatchOptions {
  signal?: AbortSignal;
  intervalMs?: number;
  sleep?: Sleep;
  /** Streams read at once; kept small so a large batch does not flood the service. */
  streamConcurrency?: number;
  /** Which streams to read of each finished submission (default: all three). */
  streamsFor?: (submission: CompilersSubmission) => readonly CompilersStreamName[];
  onProgress?: (done: number, total: number) => void;
  /** Each input's result once its streams are read (its index in `items`), before the batch ends. */
  onResult?: (index: number, result: BatchResult) => void;
}

/** Splits ids into groups the list endpoint accepts. */
export function chunkIds(ids: readonly number[], size = MAX_IDS_PER_REQUEST): number[][] {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}

/**
 * Runs one program once per input. A failed POST does not stop the others, but a payment or
 * authentication failure (402/401) would fail every following POST too, so the batch stops there.
 */
export async function runBatch(
  client: CompilersApi,
  base: Omit<CreateCompilersSubmissionParams, 'input'>,
  items: readonly BatchItem[],
  options: BatchOptions = {},
): Promise<BatchResult[]> {
  const { signal } = options;
  const results: BatchResult[] = items.map((item) => ({ label: item.label }));
  for (let i = 0; i < items.length; i++) {
    if (signal?.aborted) throw abortError(signal);
    try {
      results[i].id = (await client.createSubmission({ ...base, input: items[i].input }, signal)).id;
    } catch (err) {
      if (signal?.aborted) throw abortError(signal);
      results[i].error = err;
      const status = (err as { status?: number }).status;
      if (status === 401 || status === 402) {
        for (let j = i + 1; j < items.length; j++) results[j].error = err;
        break;
      }
    }
  }

  const pending = new Map<number, BatchResult>();
  for (const r of results) if (r.id !== undefined) pending.set(r.id, r);
  // The streams of each submission are read as soon as a poll finds it done, while the others
  // still run: the last ones' wait, not all of the reading, is what the batch adds at its end.
  const gate = concurrencyLimit(options.streamConcurrency ?? 4);
  const reads: Array<Promise<void>> = [];
  const readWhenDone = (r: BatchResult) => {
    const read = gate(() => readStreams(client, r.submission!, signal, options.streamsFor?.(r.submission!))).then((streams) => {
      r.streams = streams;
      options.onResult?.(results.indexOf(r), r);
    });
    read.catch(() => undefined); // awaited below; a wait that failed first must not leave it unhandled
    reads.push(read);
  };
  await waitForAll(client, pending, options, results.length, readWhenDone);
  await Promise.all(reads);
  return results;
}

function waitForAll(client: CompilersApi, pending: Map<number, BatchResult>, options: BatchOptions, total: number, onFinished: (r: BatchResult) => void): Promise<void> {
  return pollBatches(client, {
    pendingIds: () => [...pending.keys()],
    moreToCome: () => false,
    onDone: (item) => {
      const result = pending.get(item.id);
      if (!result) return;
      result.submission = item;
      pending.delete(item.id);
      onFinished(result);
    },
    onRound: () => options.onProgress?.(total - pending.size, total),
    intervalMs: options.intervalMs ?? COMPILERS_POLL_MS,
    signal: options.signal,
    sleep: options.sleep,
  });
}
