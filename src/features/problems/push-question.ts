// The push question asked after "Show Differences", kept in reach until it is answered: a
// notification (which may slide into the notification centre while the differences are read) and
// Push / Cancel buttons in the changes editor's title bar (menus shown while AWAITING_KEY is set;
// also in the Command Palette). Closing the notification leaves the buttons; closing the changes
// editor without an answer cancels (nothing is sent). The first answer wins, wherever it is given.
import * as vscode from 'vscode';

/** Context key: a push waits for its answer (package.json shows the title-bar buttons on it). */
export const AWAITING_KEY = 'sphereEngine.problems.pushAwaitsAnswer';

export class PushQuestion implements vscode.Disposable {
  private settle?: (go: boolean) => void;

  /**
   * Asks `message` beside the differences; `showing(tab)` says which tabs hold them. Resolves
   * true for Push, false for Cancel or when the last tab showing the differences is closed.
   */
  ask(message: string, showing: (tab: vscode.Tab) => boolean): Promise<boolean> {
    this.answer(false);
    const push = vscode.l10n.t('Push');
    const cancel = vscode.l10n.t('Cancel');
    return new Promise<boolean>((resolve) => {
      const watch = vscode.window.tabGroups.onDidChangeTabs(() => {
        if (!vscode.window.tabGroups.all.some((g) => g.tabs.some(showing))) settle(false);
      });
      const settle = (go: boolean) => {
        if (this.settle !== settle) return;
        this.settle = undefined;
        watch.dispose();
        void vscode.commands.executeCommand('setContext', AWAITING_KEY, false);
        resolve(go);
      };
      this.settle = settle;
      void vscode.commands.executeCommand('setContext', AWAITING_KEY, true);
      void vscode.window.showWarningMessage(message, push, cancel).then((choice) => {
        // Closed without a button: the question stays in the changes editor's title bar.
        if (choice !== undefined) settle(choice === push);
      });
    });
  }

  /** The title-bar buttons' answer; false when no push waits for one. */
  answer(go: boolean): boolean {
    const settle = this.settle;
    settle?.(go);
    return settle !== undefined;
  }

  dispose(): void {
    this.answer(false);
  }
}
