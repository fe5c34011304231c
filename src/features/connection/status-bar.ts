// One status bar item for the connection: the active profile's name, so no one submits to the
// wrong account unawares, behind a cloud when nothing is known to be wrong, a warning when a
// module failed its last test; the tooltip lists the three modules and where they point. On the
// built-in emulator profile with its emulator not running, it says exactly that, with Start Local
// Emulator, instead of listing endpoints that lead nowhere. Click: the profiles list (switch, add,
// rename, remove, test).
import * as vscode from 'vscode';
import { API_MODULES, MODULE_LABELS } from '../../api';
import { escapeMarkdown } from '../../core/escape-markdown';
import { Commands } from '../../ui/commands';
import type { Connection, ModuleStatus } from '../../connection/connection';
import { describeEmulatorInUse } from '../../connection/emulator-in-use';

export interface StatusBar extends vscode.Disposable {
  /** What the item shows right now (text and plain tooltip), for tests. */
  snapshot(): { text: string; tooltip: string };
}

export function createStatusBar(connection: Connection): StatusBar {
  const item = vscode.window.createStatusBarItem('sphereEngine.connection', vscode.StatusBarAlignment.Left, 0);
  item.name = 'Sphere Engine Connection';
  item.command = Commands.profilesSwitch;
  const render = () => {
    if (connection.emulatorNotRunning() && connection.emulatorStarting()) return renderEmulatorStarting(item, connection.profileName() ?? '');
    if (connection.emulatorNotRunning()) return renderEmulatorNotRunning(item, connection.profileName() ?? '');
    item.command = Commands.profilesSwitch;
    const statuses = API_MODULES.map((module) => connection.status(module));
    const failed = statuses.some((status) => status.state === 'failed');
    const signedOut = statuses.every((status) => status.state === 'signedOut');
    const profile = connection.profileName();
    item.text = `${failed ? '$(warning)' : signedOut ? '$(debug-disconnect)' : '$(cloud)'} Sphere Engine${profile ? `: ${profile}` : ''}`;
    item.backgroundColor = failed ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.appendMarkdown(profile ? `**Sphere Engine**, profile **${escapeMarkdown(profile)}**\n\n` : '**Sphere Engine**\n\n');
    for (const status of statuses) tooltip.appendMarkdown(`${describe(connection, status)}\n\n`);
    const inUse = connection.emulatorInUse();
    if (inUse) tooltip.appendMarkdown(`$(server-environment) ${escapeMarkdown(describeEmulatorInUse(inUse))}\n\n`);
    const unsandboxed = connection.unsandboxedEmulatorWarning();
    if (unsandboxed) tooltip.appendMarkdown(`$(warning) ${escapeMarkdown(unsandboxed)}\n\n`);
    tooltip.appendMarkdown('Click to switch or manage connection profiles.');
    item.tooltip = tooltip;
    item.show();
  };
  render();
  const subscriptions = [connection.onDidChangeStatus(render), connection.onDidChangeProfiles(render)];
  return {
    snapshot: () => ({ text: item.text, tooltip: item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip ?? '') }),
    dispose: () => {
      for (const subscription of subscriptions) subscription.dispose();
      item.dispose();
    },
  };
}

function renderEmulatorNotRunning(item: vscode.StatusBarItem, profile: string): void {
  item.text = `$(debug-disconnect) Sphere Engine: ${profile} (not running)`;
  item.backgroundColor = undefined;
  item.command = Commands.startLocalEmulator;
  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.isTrusted = { enabledCommands: [Commands.startLocalEmulator, Commands.profilesSwitch] };
  tooltip.appendMarkdown(`**Sphere Engine**, profile **${escapeMarkdown(profile)}**\n\n`);
  tooltip.appendMarkdown('The local emulator is not running: nothing to connect to. ');
  tooltip.appendMarkdown(`[Start Local Emulator](command:${Commands.startLocalEmulator}) or [switch to another profile](command:${Commands.profilesSwitch}).\n\n`);
  tooltip.appendMarkdown('Click to start the local emulator.');
  item.tooltip = tooltip;
  item.show();
}

function renderEmulatorStarting(item: vscode.StatusBarItem, profile: string): void {
  item.text = `$(sync~spin) Sphere Engine: ${profile} (starting…)`;
  item.backgroundColor = undefined;
  item.command = Commands.showLog;
  const tooltip = new vscode.MarkdownString(undefined, true);
  tooltip.appendMarkdown(`**Sphere Engine**, profile **${escapeMarkdown(profile)}**\n\n`);
  tooltip.appendMarkdown('Starting the local emulator… Commands run once it is ready.\n\n');
  tooltip.appendMarkdown('Click to show the log.');
  item.tooltip = tooltip;
  item.show();
}

/** A server's reply as one clause: the services end some with a period and some without. */
function clause(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

function describe(connection: Connection, status: ModuleStatus): string {
  const name = MODULE_LABELS[status.module];
  const where = connection.tryEndpoint(status.module)?.baseUrl;
  const at = where ? ` — ${escapeMarkdown(where)}` : ' — no endpoint';
  switch (status.state) {
    case 'signedOut':
      return `$(circle-slash) ${name}: not signed in${at}`;
    case 'untested':
      return `$(key) ${name}: token set, not tested yet${at}`;
    case 'ok':
      return `$(pass) ${name}: ${escapeMarkdown(clause(status.lastTest?.message ?? 'connected'))}${at}`;
    case 'failed':
      return `$(error) ${name}: ${escapeMarkdown(clause(status.lastTest?.message ?? 'failed'))}${at}`;
  }
}
