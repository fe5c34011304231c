// The verdict of Submit Solution as a notification, so the person learns it without looking for
// it: accepted → information; the solution's fault → a warning naming the first failing test case;
// nobody could judge it (compilation error, judge error) → an error. "Show in Testing" reveals the
// problem's results in the Testing view.
import * as vscode from 'vscode';
import { lastLine, type SubmissionVerdict } from '../../core/problems';

/** Shows the notification and returns at once: a command must not wait for the person to close it. */
export function showVerdictNotice(verdict: SubmissionVerdict, item: vscode.TestItem | undefined): void {
  const showInTesting = vscode.l10n.t('Show in Testing');
  const problem = item?.label ?? String(verdict.problemId);
  const firstFailed = verdict.tests.find((t) => t.outcome === 'failed');
  // A crash names its error (the traceback's last line); the whole traceback is in the test's message.
  const reason = firstFailed && verdict.stderr ? `${firstFailed.reason}: ${lastLine(verdict.stderr)}` : (firstFailed?.reason ?? '');
  const text = firstFailed
    ? vscode.l10n.t('Submission {0} to {1}: {2} — first failing: test case {3} ({4}).', verdict.submissionId, problem, verdict.summary, firstFailed.number, reason)
    : vscode.l10n.t('Submission {0} to {1}: {2}', verdict.submissionId, problem, verdict.summary);
  const show =
    verdict.outcome === 'passed' ? vscode.window.showInformationMessage : verdict.outcome === 'failed' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
  void show(text, showInTesting).then((choice) => {
    if (choice === showInTesting) void revealInTesting(item);
  });
}

async function revealInTesting(item: vscode.TestItem | undefined): Promise<void> {
  await vscode.commands.executeCommand('workbench.view.testing.focus');
  // Selects the problem's item, whose test cases carry this submission's results.
  if (item) await vscode.commands.executeCommand('vscode.revealTestInExplorer', item).then(undefined, () => undefined);
}
