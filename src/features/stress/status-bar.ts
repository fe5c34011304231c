// The stress test's status bar item: rounds, rounds a second and the current size while a session
// runs (the progress notification can be hidden; this stays in sight), gone when it ends. A click
// brings the notification back, where the session is cancelled.
import * as vscode from 'vscode';
import type { StressProgress } from '../../core/stress';

export interface StressStatusBar extends vscode.Disposable {
  show(progress: StressProgress): void;
  /** What the item shows now; undefined while hidden (test hook). */
  snapshot(): { text: string; tooltip: string } | undefined;
}

export function stressStatusBar(solutionName: string): StressStatusBar {
  const item = vscode.window.createStatusBarItem('sphereEngine.stressTest', vscode.StatusBarAlignment.Left, 40);
  item.name = vscode.l10n.t('Sphere Engine Stress Test');
  item.command = 'notifications.showList';
  let visible = false;
  return {
    show(p) {
      item.text = `$(beaker~spin) ${vscode.l10n.t('{0} rounds · {1}/s · size {2}', p.rounds, p.roundsPerSecond.toFixed(1), p.size)}`;
      item.tooltip = vscode.l10n.t('Stress testing {0}{1}. Open the notification to cancel.', solutionName, p.shrinking ? vscode.l10n.t(' (shrinking the failing input)') : '');
      item.show();
      visible = true;
    },
    snapshot: () => (visible ? { text: item.text, tooltip: typeof item.tooltip === 'string' ? item.tooltip : '' } : undefined),
    dispose() {
      visible = false;
      item.dispose();
    },
  };
}
