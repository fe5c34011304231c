// "Use Local Emulator": the emulator announced by SPHERE_ENGINE_EMULATOR is used without
// questions; otherwise the user gives its address and token (the emulator prints both when it
// starts). The switch itself, tested before anything changes, is Connection.useEmulator.
import * as vscode from 'vscode';
import { MODULE_LABELS } from '../../api';
import type { Log } from '../../ui/log';
import type { Connection } from '../../connection/connection';
import type { EmulatorInfo } from '../../connection/emulator-env';
import type { SetTokenOutcome } from './set-token-command';
import { showInputBox } from '../../ui/prompts';

const DEFAULT_EMULATOR_ORIGIN = 'http://127.0.0.1:8400';

export async function useLocalEmulator(connection: Connection, log: Log, originArg?: unknown, tokenArg?: unknown): Promise<SetTokenOutcome[] | undefined> {
  await connection.ready;
  const emulator = await emulatorToUse(connection.emulator, originArg, tokenArg);
  if (!emulator) return undefined;

  const { switched, checks } = await connection.useEmulator(emulator);
  if (!switched) {
    const lines = checks
      .filter((check) => !check.ok)
      .map((check) => `${MODULE_LABELS[check.module]}: ${check.message}`)
      .join(' ');
    log.warn(`Local emulator at ${emulator.origin} not usable, profile "${connection.profile().name}" kept: ${lines}`);
    void vscode.window.showErrorMessage(
      vscode.l10n.t('The local emulator at {0} did not accept the connection; the profile "{1}" stays active. {2}', emulator.origin, connection.profile().name, lines),
    );
    return checks.map((check) => ({ ...check, saved: false }));
  }
  log.info(`Using the local emulator at ${emulator.origin}`);
  void vscode.window.showInformationMessage(vscode.l10n.t('Sphere Engine: using the local emulator at {0}.', emulator.origin));
  return checks.map((check) => ({ ...check, saved: true }));
}

async function emulatorToUse(announced: EmulatorInfo | undefined, originArg: unknown, tokenArg: unknown): Promise<EmulatorInfo | undefined> {
  if (typeof originArg === 'string' && typeof tokenArg === 'string') return { origin: originArg.replace(/\/+$/, ''), token: tokenArg };
  if (announced) return announced;
  const origin = await showInputBox({
    title: vscode.l10n.t('Local Sphere Engine emulator (1/2)'),
    prompt: vscode.l10n.t('Address of the running emulator (start it with `npm run emulator`).'),
    value: DEFAULT_EMULATOR_ORIGIN,
    validateInput: (value) => (/^https?:\/\/[^/\s]+/.test(value.trim()) ? undefined : vscode.l10n.t('Enter a URL such as {0}', DEFAULT_EMULATOR_ORIGIN)),
  });
  if (!origin) return undefined;
  const token = await showInputBox({
    title: vscode.l10n.t('Local Sphere Engine emulator (2/2)'),
    prompt: vscode.l10n.t('Access token the emulator accepts: it prints it on start and keeps it in the access-token file of its data folder.'),
    password: true,
    validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Enter the token')),
  });
  if (!token) return undefined;
  return { origin: origin.trim().replace(/\/+$/, ''), token: token.trim() };
}
