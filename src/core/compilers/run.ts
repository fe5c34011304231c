// One run on Sphere Engine Compilers, free of `vscode` so plain Node (bench, unit tests) can drive
// it: POST /submissions once (never retried: every submission uses up the pool), wait at the
// spec's 2 s rhythm while `executing`, then fetch the streams that exist, in parallel.
import {
  isAbortError,
  SphereApiError,
  type CompilersClient,
  type CompilersStreamName,
  type CompilersSubmission,
  type CreateCompilersSubmissionParams,
  type Sleep,
} from '../../api';
import { COMPILERS_POLL_MS, pollUntilDone } from '../poller';

/** The part of CompilersClient a run needs (a fake in unit tests, the real client elsewhere). */
export type CompilersApi = Pick<CompilersClient, 'createSubmission' | 'getSubmission' | 'getSubmissions' | 'getSubmissionStream'>;

/** Stream contents of a finished submission; absent when the service produced none. */
export interface RunStreams {
  /** Raw bytes: with output files it is a tar.gz, otherwise the program's standard output. */
  output?: Buffer;
  error?: string;
  cmpinfo?: string;
}

export interface RunTiming {
  /** performance.now() just before the POST. */
  startedAt: number;
  /** When the POST answered. */
  createdAt: number;
  /** When the final status arrived. */
  finishedAt: number;
  /** When every stream had been read. */
  streamsAt: number;
  /** GET /submissions/{id} calls made while waiting. */
  polls: number;
}

export interface RunOutcome {
  id: number;
  submission: CompilersSubmission;
  streams: RunStreams;
  timing: RunTiming;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** The spec's 2 s unless a test or bench with polling protection off says otherwise. */
  intervalMs?: number;
  sleep?: Sleep;
  /** The id, as soon as the POST answered (so a cancelled wait can still name the submission). */
  onCreated?: (id: number) => void;
  /** Every status seen while waiting. */
  onUpdate?: (submission: CompilersSubmission) => void;
}

const now = () => performance.now();

/** Creates the submission, waits for its final status and reads its streams. */
export async function runSubmission(client: CompilersApi, params: CreateCompilersSubmissionParams, options: RunOptions = {}): Promise<RunOutcome> {
  const startedAt = now();
  const { id } = await client.createSubmission(params, options.signal);
  const createdAt = now();
  options.onCreated?.(id);
  let polls = 0;
  const submission = await pollUntilDone({
    fetch: (signal) => {
      polls++;
      return client.getSubmission(id, signal);
    },
    isExecuting: (s) => s.executing,
    intervalMs: options.intervalMs ?? COMPILERS_POLL_MS,
    signal: options.signal,
    sleep: options.sleep,
    onUpdate: options.onUpdate,
  });
  const finishedAt = now();
  const streams = await readStreams(client, submission, options.signal);
  return { id, submission, streams, timing: { startedAt, createdAt, finishedAt, streamsAt: now(), polls } };
}

const TEXT_STREAMS = ['error', 'cmpinfo'] as const;

/** One stream of a submission; undefined when it has none (404). */
export async function readStream(client: CompilersApi, id: number, name: CompilersStreamName, signal?: AbortSignal): Promise<Buffer | undefined> {
  try {
    return await client.getSubmissionStream(id, name, signal);
  } catch (err) {
    if (!isAbortError(err) && err instanceof SphereApiError && err.status === 404) return undefined;
    throw err;
  }
}

/**
 * Reads output, error and cmpinfo in parallel (or `only` those). With `result.streams` present only
 * the non-empty ones are fetched; list items carry no streams, so all are asked for and a 404 means none.
 */
export async function readStreams(client: CompilersApi, submission: CompilersSubmission, signal?: AbortSignal, only?: readonly CompilersStreamName[]): Promise<RunStreams> {
  const known = submission.result.streams;
  const wanted = (name: CompilersStreamName): boolean => {
    if (only && !only.includes(name)) return false;
    if (!known) return true;
    const ref = known[name];
    return !!ref && ref.size > 0;
  };
  const fetchOne = async (name: CompilersStreamName): Promise<Buffer | undefined> => (wanted(name) ? readStream(client, submission.id, name, signal) : undefined);
  const [output, error, cmpinfo] = await Promise.all([fetchOne('output'), ...TEXT_STREAMS.map(fetchOne)]);
  const streams: RunStreams = {};
  if (output && output.length > 0) streams.output = output;
  if (error && error.length > 0) streams.error = error.toString('utf8');
  if (cmpinfo && cmpinfo.length > 0) streams.cmpinfo = cmpinfo.toString('utf8');
  return streams;
}
