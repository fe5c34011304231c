// The results page's words and the progress line, through vscode.l10n.
import * as vscode from 'vscode';
import type { ResultsLabels } from '../../core/judge-many/results-html';
import { describeProgress, type JobCounts, type ProgressWords } from '../../core/judge-many';

export function resultsLabels(): ResultsLabels {
  const words = progressWords();
  return {
    columns: {
      solution: vscode.l10n.t('Solution'),
      verdict: vscode.l10n.t('Verdict'),
      score: vscode.l10n.t('Score'),
      time: vscode.l10n.t('Time (s)'),
      memory: vscode.l10n.t('Memory (KB)'),
      note: vscode.l10n.t('Note'),
    },
    test: (n) => vscode.l10n.t('Test {0}', n),
    submission: (id) => vscode.l10n.t('Submission {0}', id),
    phases: {
      skipped: words.notSendable,
      failed: words.refused,
      sending: words.judging,
      sent: words.judging,
      pending: words.notSent,
    },
    exportCsv: vscode.l10n.t('Export CSV…'),
    exportJson: vscode.l10n.t('Export JSON…'),
    verdicts: vscode.l10n.t('Verdicts'),
    scores: vscode.l10n.t('Scores'),
    similarity: { column: vscode.l10n.t('Most similar to'), button: vscode.l10n.t('Check Similarity…') },
    summary: (job, c) =>
      vscode.l10n.t('{0} · {1} solutions: {2}', job.problemLabel, c.total, describeCounts(c)) + (job.stopReason ? vscode.l10n.t(' · Stopped: {0}', job.stopReason) : ''),
  };
}

/** The vocabulary of core/judge-many/progress.ts, translated. */
function progressWords(): ProgressWords {
  return {
    judged: vscode.l10n.t('judged'),
    judging: vscode.l10n.t('being judged'),
    notSent: vscode.l10n.t('not sent yet'),
    refused: vscode.l10n.t('refused'),
    notSendable: vscode.l10n.t('not sendable'),
  };
}

/** "3 judged, 2 being judged, 3 not sent yet, 0 refused": the notification, the status bar and the page say it alike. */
export function describeCounts(c: JobCounts): string {
  return describeProgress(c, progressWords());
}
