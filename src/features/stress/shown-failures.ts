// The failures whose diff editor is open, by the address of the diff's right side, so "Save as
// Test" works from the diff editor's title bar (issue 40 item 19) after the notification is gone:
// the title bar passes that address. The context key `sphereEngine.stress.failureShown` shows the
// button only while such a diff can be open; a closed diff's failure is let go.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { StressCase } from '../../core/stress';
import type { SavedTest } from '../../core/stress';
import { stressCore } from './core';

const CONTEXT_KEY = 'sphereEngine.stress.failureShown';

interface ShownFailure {
  solution: string;
  failure: StressCase;
  saved?: SavedTest;
}

export class ShownFailures implements vscode.Disposable {
  private readonly byUri = new Map<string, ShownFailure>();
  private readonly closing = vscode.workspace.onDidCloseTextDocument((doc) => {
    if (this.byUri.delete(doc.uri.toString())) this.updateContext();
  });

  add(diffSide: vscode.Uri, solution: string, failure: StressCase): void {
    this.byUri.set(diffSide.toString(), { solution, failure });
    this.updateContext();
  }

  /**
   * Saves the failure shown at `diffSide` as `<name>-stress-<seed>-<size>.in/.out` beside the
   * solution, once: a second press returns the files already written.
   */
  async save(diffSide: vscode.Uri): Promise<SavedTest | undefined> {
    const shown = this.byUri.get(diffSide.toString());
    if (!shown) return undefined;
    if (shown.saved) return shown.saved;
    const { failure, solution } = shown;
    shown.saved = await stressCore().saveAsTest(
      path.dirname(solution),
      `${path.parse(solution).name}-stress-${failure.seed}-${failure.size}`,
      failure.input,
      failure.reference.stdout,
    );
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Saved {0} and {1}: "Run With All Inputs" now runs them.', path.basename(shown.saved.input), path.basename(shown.saved.output)),
    );
    return shown.saved;
  }

  private updateContext(): void {
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY, this.byUri.size > 0);
  }

  dispose(): void {
    this.closing.dispose();
    this.byUri.clear();
  }
}

/** The title bar's "Save as Test": the diff's right side it was pressed on, else the active editor's. */
export async function saveShownFailure(shown: ShownFailures, target?: unknown): Promise<SavedTest | undefined> {
  const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
  const saved = uri ? await shown.save(uri) : undefined;
  if (!saved) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('No stress test failure is shown in this editor: run "Stress Test Against Reference…" to find one, then save it from its diff.'),
    );
  }
  return saved;
}
