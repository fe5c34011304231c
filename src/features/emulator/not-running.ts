// A window that starts on the built-in "Local emulator" profile whose emulator is gone (it ended
// with the window that started it, or with a reload): the connection found that out before any
// request (Connection.emulatorFoundStopped). Then the emulator is started again, by the setting
// sphereEngine.emulator.autoStart (on by default), or the person is told exactly that and offered
// Start Local Emulator; never sent to the endpoint settings, which have nothing to fix. A window
// that the reload put back on npm start's emulator says so (sayWhichEmulatorAfterReload).
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { Commands, executeCommand } from '../../ui/commands';
import { AUTO_START_SETTING, autoStartEnabled } from '../../connection/emulator-start';
import { describeEmulatorInUse } from '../../connection/emulator-in-use';
import type { Connection } from '../../connection/connection';

/** Starts the emulator (autoStart) or offers to; resolves when the start or the offer is done. */
export async function whenEmulatorFoundStopped(services: Services): Promise<void> {
  const profile = services.connection.profileName() ?? '';
  if (autoStartEnabled()) {
    services.log.info(`The connection profile "${profile}" uses the local emulator, which is not running: starting it (${AUTO_START_SETTING})`);
    try {
      await executeCommand(Commands.startLocalEmulator);
    } finally {
      // The connection counted this start as under way since it found the emulator gone.
      services.connection.autoStartDone();
    }
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

/**
 * A window on the emulator profile that used another emulator than npm start's before a reload (one
 * Start Local Emulator had started) is back on npm start's: said, naming both (issue 40, item 2).
 */
export function sayWhichEmulatorAfterReload(connection: Connection): void {
  const left = connection.emulatorLeftOnLoad;
  const inUse = connection.emulatorInUse();
  if (!left || !inUse) return;
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      "Sphere Engine: after the reload, the local emulator profile is back on npm start's emulator, not the one at {0} it used before. {1}",
      left,
      describeEmulatorInUse(inUse),
    ),
  );
}
