// A job against a Containers project: each row is a project folder, packed with Submit Folder's
// rules (core/packer: .gitignore, .sphereignore, .git and node_modules left out) and POSTed with
// the job's scenario. The Containers API has no ids= list, so each submission is waited for on
// its own with the 5 s rule (core/containers/submission.ts), a bounded number at once; its tests
// report becomes the row's per-test results.
import * as path from 'node:path';
import { abortableSleep, abortError, CONTAINERS_STATUS, type ContainersClient, MAX_TRANSFER_BYTES } from '../../api';
import { collectResult, type FinishedSubmission, waitForSubmission } from '../containers';
import { formatBytes, packFolder } from '../packer';
import type { JobBackend, JobPollOptions } from './backend';
import type { JobTarget, JudgedResult } from './types';

export type ContainersJobClient = Pick<ContainersClient, 'createSubmission' | 'getSubmission' | 'getSubmissionStream'>;

/** Submissions waited for at once: each costs one GET per 5 s, so 8 is under 2 requests a second. */
export const CONTAINERS_IN_FLIGHT = 8;
/** How often the waiter looks for ids the sender has just added (no request: local state). */
const LOOK_MS = 250;

export interface ContainersBackendOptions {
  inFlight?: number;
}

export function containersBackend(client: ContainersJobClient, folder: string, target: JobTarget, options: ContainersBackendOptions = {}): JobBackend {
  return {
    prepare: async (row) => {
      const archive = await packFolder(path.join(folder, row.key));
      if (archive.bytes > MAX_TRANSFER_BYTES) {
        await archive.dispose();
        throw new Error(
          `packed it is ${formatBytes(archive.bytes)}, above the ${formatBytes(MAX_TRANSFER_BYTES)} the service accepts: leave large files out with a .sphereignore rule`,
        );
      }
      return {
        send: async () => (await client.createSubmission({ projectId: target.projectId, scenario: target.scenario, sourcePath: archive.file })).id,
        dispose: () => archive.dispose(),
      };
    },
    poll: (poll) => pollEach(client, poll, options.inFlight ?? CONTAINERS_IN_FLIGHT),
  };
}

/** Waits for each pending id on its own, at most `inFlight` at once, until none is left or to come. */
export async function pollEach(client: ContainersJobClient, options: JobPollOptions, inFlight: number): Promise<void> {
  const sleep = options.sleep ?? abortableSleep;
  const waiting = new Map<number, Promise<void>>();
  let failure: unknown;
  const waitFor = async (id: number) => {
    const done = await waitForSubmission(client, id, {
      signal: options.signal,
      sleep: options.sleep,
      intervalMs: options.intervalMs,
      onUpdate: () => options.onRound?.(1),
    });
    options.onDone(id, containersResult(await collectResult(client, done, options.signal)));
  };
  for (;;) {
    if (failure !== undefined) throw failure;
    for (const id of options.pendingIds()) {
      if (waiting.size >= inFlight) break;
      if (waiting.has(id)) continue;
      // A lasting error (401, abort) ends the whole wait, as it does for the batched poller.
      waiting.set(
        id,
        waitFor(id)
          .catch((err) => void (failure ??= err))
          .finally(() => waiting.delete(id)),
      );
    }
    if (waiting.size === 0 && !options.moreToCome()) return;
    await Promise.race([...waiting.values(), sleep(LOOK_MS, options.signal).catch(() => undefined)]);
    if (options.signal.aborted && failure === undefined) failure = abortError(options.signal);
  }
}

/** A finished submission as a row's result: its status, and one test per tests report entry. */
export function containersResult(finished: FinishedSubmission): JudgedResult {
  const r = finished.submission.result;
  const report = finished.testsReport;
  const note = finished.testsReportError ?? (report ? undefined : 'no tests report');
  return {
    ...(note ? { note } : {}),
    statusCode: r.status.code,
    status: r.status.name,
    score: r.score,
    time: r.time,
    memory: r.memory,
    passed: r.status.code === CONTAINERS_STATUS.ok,
    tests: (report?.tests ?? []).map((t, i) => ({
      number: i + 1,
      name: t.classname ? `${t.classname.split('.').pop()}.${t.name}` : t.name,
      status: t.status,
      statusCode: t.status === 'ok' ? CONTAINERS_STATUS.ok : CONTAINERS_STATUS.fail,
      passed: t.status === 'ok',
      score: null,
      time: t.time,
      memory: null,
    })),
  };
}
