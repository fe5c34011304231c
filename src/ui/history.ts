// Where the user can see what each module already received. After a submission POST failed in a
// way that leaves its fate unknown (5xx, timeout, cut connection), the request may still have been
// created and billed: errors.ts points the user here before they submit again.
import * as vscode from 'vscode';
import type { ApiModule } from '../api';
import { Commands, executeCommand } from './commands';

/** VS Code's own Testing view (its views answer to `<view id>.focus`). */
const TESTING_VIEW_FOCUS = 'workbench.view.testing.focus';
/** Our Containers Submissions view (`contributes.views` id `sphereEngine.submissions`). */
const SUBMISSIONS_VIEW_FOCUS = 'sphereEngine.submissions.focus';

/** One sentence: the request may exist already, and where to look before sending it again. */
export function checkHistorySentence(module: ApiModule): string {
  switch (module) {
    case 'containers':
      return vscode.l10n.t('It may have been created: check the Submissions view before submitting again.');
    case 'problems':
      return vscode.l10n.t("It may have been created: check the problem's results in the Testing view before submitting again.");
    case 'compilers':
      return vscode.l10n.t('It may have been created: check the Sphere Engine Run output before submitting again.');
  }
}

/** Opens the place named by checkHistorySentence (for the compilers, the log: see below). */
export async function showSubmissionHistory(module: ApiModule): Promise<void> {
  switch (module) {
    case 'containers':
      await vscode.commands.executeCommand(SUBMISSIONS_VIEW_FOCUS);
      return;
    case 'problems':
      await vscode.commands.executeCommand(TESTING_VIEW_FOCUS);
      return;
    case 'compilers':
      // Output channels belong to the feature that created them: the Compilers feature passes a
      // handler that shows its own (ui/errors.ts ActionHandlers); without one, the log.
      await executeCommand(Commands.showLog);
      return;
  }
}
