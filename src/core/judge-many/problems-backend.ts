// A job against one problem: each row is a source file (or a subfolder's files) POSTed to
// Problems, and every verdict comes from the ids-batched poller.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { ProblemsClient, SubmissionFiles } from '../../api';
import type { JobBackend } from './backend';
import { pollBatches } from './batch-poller';
import { judgedResult } from './results';
import type { SolutionRow } from './types';

export type ProblemsJobClient = Pick<ProblemsClient, 'createSubmission' | 'getSubmissions'>;

export function problemsBackend(client: ProblemsJobClient, folder: string, problemId: number): JobBackend {
  return {
    prepare: async (row) => {
      const body = await readSolution(folder, row);
      return { send: async () => (await client.createSubmission({ problemId, compilerId: row.compilerId!, ...body })).id };
    },
    poll: (options) =>
      pollBatches(client, {
        pendingIds: options.pendingIds,
        moreToCome: options.moreToCome,
        onDone: (submission) => options.onDone(submission.id, judgedResult(submission)),
        onRound: options.onRound,
        intervalMs: options.intervalMs,
        signal: options.signal,
        sleep: options.sleep,
      }),
  };
}

/** The row's source: one file's text, or a subfolder's files. */
async function readSolution(folder: string, row: SolutionRow): Promise<{ source?: string; files?: SubmissionFiles }> {
  const full = path.join(folder, row.key);
  if (row.kind === 'file') return { source: await fs.readFile(full, 'utf8') };
  const files: SubmissionFiles = {};
  for (const rel of row.files ?? []) files[rel] = await fs.readFile(path.join(full, rel));
  return { files };
}
