// Submit Each Folder to Project's submissions in the Submissions view, as Submit Folder's are:
// each row gets its entry once sent, updated once judged. The view's store is the shared
// Submissions view's own store (handed in by extension.ts), so the view sees each write at once.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { Commands } from '../../ui/commands';
import type { JudgeJob, SolutionRow } from '../../core/judge-many';
import type { SubmissionHistory, SubmissionEntry } from '../containers/history/store';

/** Follows a Containers job's rows into the Submissions view; returns the subscription. */
export function recordInHistory(services: Services, history: SubmissionHistory, job: JudgeJob): { dispose(): void } {
  const target = job.snapshot.target;
  if (target?.kind !== 'containers') return { dispose: () => undefined };
  const written = new Map<string, string>();
  const profile = services.connection.profileName();
  let queue = Promise.resolve();
  const sync = () => {
    for (const row of job.rows) {
      if (row.submissionId === undefined || (row.phase !== 'sent' && row.phase !== 'judged') || written.get(row.key) === row.phase) continue;
      written.set(row.key, row.phase);
      const entry = entryOf(job, row, profile, target.projectId, target.projectName ?? job.snapshot.problemLabel, target.scenario);
      // One write at a time: each reads the list the one before wrote.
      queue = queue
        .then(async () => {
          await history.upsert({ ...entry, sentAt: history.find(entry.id, entry.endpoint)?.sentAt ?? entry.sentAt });
          await vscode.commands.executeCommand(Commands.submissionsRefresh);
        })
        .catch((err) => services.log.warn(`Submissions view: ${String(err)}`));
    }
  };
  sync();
  return job.onDidChange(sync);
}

function entryOf(job: JudgeJob, row: SolutionRow, profile: string | undefined, projectId: string, projectName: string, scenario: string | undefined): SubmissionEntry {
  const r = row.result;
  return {
    id: row.submissionId!,
    endpoint: job.snapshot.endpoint,
    profile,
    projectId,
    projectName,
    scenario: scenario ?? '',
    folder: path.join(job.snapshot.folder, row.key),
    sentAt: Date.now(),
    executing: !r,
    statusCode: r?.statusCode ?? 0,
    statusName: r?.status ?? vscode.l10n.t('waiting'),
    score: r?.score ?? null,
    hasTestsReport: !!r && r.tests.length > 0,
  };
}
