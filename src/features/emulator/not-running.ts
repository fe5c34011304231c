// A window that starts on the built-in "Local emulator" profile whose emulator is gone (it ended
// with the window that started it, or with a reload): the connection found that out before any
// request (Connection.emulatorFoundStopped). Then the emulator is started again, by the setting
// sphereEngine.emulator.autoStart (on by default), or the person is told exactly that and offered
// Start Local Emulator; never sent to the endpoint settings, which have nothing to fix.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { Commands, executeCommand } from '../../ui/commands';

export const AUTO_START_SETTING = 'sphereEngine.emulator.autoStart';

export function autoStartEnabled(): boolean {
  return vscode.workspace.getConfiguration('sphereEngine.emulator').get<boolean>('autoStart', true);
}

/** Starts the emulator (autoStart) or offers to; resolves when the start or the offer is done. */
export async function whenEmulatorFoundStopped(services: Services): Promise<void> {
  const profile = services.connection.profileName() ?? '';
  if (autoStartEnabled()) {
    services.log.info(`The connection profile "${profile}" uses the local emulator, which is not running: starting it (${AUTO_START_SETTING})`);
    await executeCommand(Commands.startLocalEmulator);
    return;
  }
  const start = vscode.l10n.t('Start Local Emulator');
  const switchProfile = vscode.l10n.t('Switch Profile');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('Sphere Engine: the local emulator is not running, and the connection profile "{0}" uses it.', profile),
    start,
    switchProfile,
  );
  if (choice === start) await executeCommand(Commands.startLocalEmulator);
  else if (choice === switchProfile) await executeCommand(Commands.profilesSwitch);
}
