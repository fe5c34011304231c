// The local emulator's own status bar item, shown while this window uses one: what it is (sandboxed
// or running programs as you) and what it can run, in the tooltip. Click: the log.
import * as vscode from 'vscode';
import { escapeMarkdown } from '../../core/escape-markdown';
import type { RunningEmulator } from '../../core/local-emulator';
import { Commands } from '../../ui/commands';
import { addLanguageText, languagesText, sandboxText } from './describe';

export interface EmulatorStatusBar extends vscode.Disposable {
  show(emulator: RunningEmulator): void;
  hide(): void;
  snapshot(): { visible: boolean; text: string; tooltip: string };
}

export function createEmulatorStatusBar(): EmulatorStatusBar {
  const item = vscode.window.createStatusBarItem('sphereEngine.localEmulator', vscode.StatusBarAlignment.Left, -1);
  item.name = vscode.l10n.t('Sphere Engine Local Emulator');
  item.command = Commands.showLog;
  let visible = false;
  return {
    show(emulator) {
      item.text = emulator.sandboxed ? `$(server-environment) ${vscode.l10n.t('Emulator')}` : `$(warning) ${vscode.l10n.t('Emulator (unsandboxed)')}`;
      item.backgroundColor = emulator.sandboxed ? undefined : new vscode.ThemeColor('statusBarItem.warningBackground');
      const tooltip = new vscode.MarkdownString(undefined, true);
      tooltip.appendMarkdown(`**${escapeMarkdown(vscode.l10n.t('Local Sphere Engine emulator at {0}', emulator.origin))}**\n\n`);
      for (const line of [sandboxText(emulator), languagesText(emulator), addLanguageText(emulator), emulator.limitsNote && `${emulator.limitsNote}.`]) {
        if (line) tooltip.appendMarkdown(`${escapeMarkdown(line)}\n\n`);
      }
      tooltip.appendMarkdown(escapeMarkdown(vscode.l10n.t('Click to show the log. Stop it with "Sphere Engine: Stop Local Emulator".')));
      item.tooltip = tooltip;
      item.show();
      visible = true;
    },
    hide() {
      item.hide();
      visible = false;
    },
    snapshot: () => ({ visible, text: item.text, tooltip: item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip ?? '') }),
    dispose: () => item.dispose(),
  };
}
