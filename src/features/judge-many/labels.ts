// The results page's words and the progress line, through vscode.l10n.
import * as vscode from 'vscode';
import type { ResultsLabels } from '../../core/judge-many/results-html';
import type { JobCounts } from '../../core/judge-many';

export function resultsLabels(): ResultsLabels {
  return {
    columns: [
      vscode.l10n.t('Solution'),
      vscode.l10n.t('Verdict'),
      vscode.l10n.t('Score'),
      vscode.l10n.t('Time (s)'),
      vscode.l10n.t('Memory (KB)'),
      vscode.l10n.t('Note'),
    ],
    test: (n) => vscode.l10n.t('Test {0}', n),
    submission: (id) => vscode.l10n.t('Submission {0}', id),
    phases: {
      skipped: vscode.l10n.t('not sent'),
      failed: vscode.l10n.t('failed'),
      sending: vscode.l10n.t('sending'),
      sent: vscode.l10n.t('judging…'),
      pending: vscode.l10n.t('pending'),
    },
    exportCsv: vscode.l10n.t('Export CSV…'),
    exportJson: vscode.l10n.t('Export JSON…'),
    verdicts: vscode.l10n.t('Verdicts'),
    scores: vscode.l10n.t('Scores'),
    similarity: { column: vscode.l10n.t('Most similar to'), button: vscode.l10n.t('Check Similarity…') },
    summary: (job, c) =>
      vscode.l10n.t('{0} · {1} solutions: {2}', job.problemLabel, c.total, describeCounts(c)) +
      (job.stopReason ? vscode.l10n.t(' · Stopped: {0}', job.stopReason) : ''),
  };
}

/** "sent 4, judged 3, pending 5, failed 0": the progress line of the notification and status bar. */
export function describeCounts(c: JobCounts): string {
  return vscode.l10n.t('sent {0}, judged {1}, pending {2}, failed {3}', c.sent + c.judged, c.judged, c.pending + c.sent, c.failed);
}
