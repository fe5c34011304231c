// A Containers submission from "created" to "shown": wait with the spec's rhythm, then fetch every
// stream the result offers in parallel and render one text for the output channel. No `vscode`
// here, so the bench can measure the same path the extension takes.
import { CONTAINERS_STATUS, CONTAINERS_SUBMISSION_STREAMS, type ContainersClient, type ContainersStreamName, type ContainersSubmission, type Sleep } from '../../api';
import { CONTAINERS_POLL_MS, pollUntilDone } from '../poller';
import { renderSubmission } from './submission-render';
import { parseTestsReport, type TestsReport } from './tests-report';

/**
 * Streams shown in the output. `source` and `auxdata` are left out on purpose: the source is what
 * the user sent, and auxdata can be large binary data; both are opened on request instead.
 */
export const SHOWN_STREAMS: readonly ContainersStreamName[] = [...CONTAINERS_SUBMISSION_STREAMS.filter((name) => name.startsWith('stage_')), 'tests_report', 'debug_log'];

export type StreamTexts = Partial<Record<ContainersStreamName, string>>;

export interface FinishedSubmission {
  submission: ContainersSubmission;
  streams: StreamTexts;
  /** Streams that exist but could not be fetched, with the reason (shown in the output). */
  streamErrors: Partial<Record<ContainersStreamName, string>>;
  /** The parsed tests report, when the submission has one that parses. */
  testsReport?: TestsReport;
  /** Why the tests report could not be read, when it exists but is unusable. */
  testsReportError?: string;
  /** The text for the output channel. */
  text: string;
}

export interface WaitOptions {
  signal?: AbortSignal;
  /** Every fetched state, including the last (status bar, notification). */
  onUpdate?: (submission: ContainersSubmission) => void;
  /** The network failed while waiting: we keep going, after nextDelayMs. */
  onTransientError?: (error: unknown, nextDelayMs: number) => void;
  /** Injectable for tests. */
  sleep?: Sleep;
  /** Default CONTAINERS_POLL_MS; tests of the rendering path may lower it only against a fake. */
  intervalMs?: number;
}

/** Waits 5 s, then fetches every 5 s while executing (containers-api-v1.md, polling rule). */
export function waitForSubmission(client: Pick<ContainersClient, 'getSubmission'>, id: number, options: WaitOptions = {}): Promise<ContainersSubmission> {
  const interval = options.intervalMs ?? CONTAINERS_POLL_MS;
  return pollUntilDone({
    fetch: (signal) => client.getSubmission(id, signal),
    isExecuting: (s) => s.executing,
    intervalMs: interval,
    firstDelayMs: interval,
    signal: options.signal,
    onUpdate: options.onUpdate,
    onTransientError: options.onTransientError,
    sleep: options.sleep,
  });
}

/** Fetches every shown stream the submission has (non-null), all at once. */
export async function fetchStreams(
  client: Pick<ContainersClient, 'getSubmissionStream'>,
  submission: ContainersSubmission,
  signal?: AbortSignal,
): Promise<{ streams: StreamTexts; errors: Partial<Record<ContainersStreamName, string>> }> {
  const wanted = SHOWN_STREAMS.filter((name) => submission.streams?.[name]);
  const streams: StreamTexts = {};
  const errors: Partial<Record<ContainersStreamName, string>> = {};
  await Promise.all(
    wanted.map(async (name) => {
      try {
        streams[name] = (await client.getSubmissionStream(submission.id, name, signal)).toString('utf8');
      } catch (err) {
        if (signal?.aborted) throw err;
        errors[name] = err instanceof Error ? err.message : String(err);
      }
    }),
  );
  return { streams, errors };
}

/** Streams + tests report + text, for a submission that is no longer executing. */
export async function collectResult(client: Pick<ContainersClient, 'getSubmissionStream'>, submission: ContainersSubmission, signal?: AbortSignal): Promise<FinishedSubmission> {
  const { streams, errors } = await fetchStreams(client, submission, signal);
  let testsReport: TestsReport | undefined;
  let testsReportError: string | undefined;
  if (streams.tests_report !== undefined && streams.tests_report.trim() !== '') {
    try {
      testsReport = parseTestsReport(streams.tests_report);
    } catch (err) {
      testsReportError = (err as Error).message;
    }
  }
  const text = renderSubmission({ submission, streams, streamErrors: errors, testsReport, testsReportError });
  return { submission, streams, streamErrors: errors, testsReport, testsReportError, text };
}

/** The whole path after creation: wait, fetch in parallel, render. */
export async function finishSubmission(
  client: Pick<ContainersClient, 'getSubmission' | 'getSubmissionStream'>,
  id: number,
  options: WaitOptions = {},
): Promise<FinishedSubmission> {
  const done = await waitForSubmission(client, id, options);
  return collectResult(client, done, options.signal);
}

/** True for the final statuses that mean "your code did not pass" rather than a service failure. */
export function isServiceFailure(statusCode: number): boolean {
  return statusCode === CONTAINERS_STATUS.internalError || statusCode === CONTAINERS_STATUS.projectError;
}
