// "Use Local Emulator": point all three modules at a running emulator and sign in with its
// token. The emulator announced by SPHERE_ENGINE_EMULATOR is used without questions; otherwise
// the user gives its address and token (the emulator prints both when it starts).
import * as vscode from 'vscode';
import { API_MODULES, MODULE_LABELS, normaliseEndpoint, type ApiModule } from '../../api';
import type { Log } from '../../ui/log';
import type { Connection } from './connection';
import { emulatorEndpoint, type EmulatorInfo } from './emulatorEnv';
import { SETTINGS_SECTION } from './settings';
import type { SetTokenOutcome } from './setTokenCommand';
import { showInputBox } from '../../ui/prompts';

const DEFAULT_EMULATOR_ORIGIN = 'http://127.0.0.1:8400';

export async function useLocalEmulator(
  connection: Connection,
  log: Log,
  originArg?: unknown,
  tokenArg?: unknown,
): Promise<SetTokenOutcome[] | undefined> {
  await connection.ready;
  const emulator = await emulatorToUse(connection.emulator, originArg, tokenArg);
  if (!emulator) return undefined;

  await Promise.all(API_MODULES.map((module) => pointAtEmulator(connection, module, emulator.origin)));
  const checks = await Promise.all(API_MODULES.map((module) => connection.test(module, { token: emulator.token })));
  const outcomes: SetTokenOutcome[] = [];
  for (const check of checks) {
    if (check.ok) await connection.setToken(check.module, emulator.token, check);
    outcomes.push({ ...check, saved: check.ok });
  }
  const failed = outcomes.filter((outcome) => !outcome.ok);
  if (failed.length === 0) {
    log.info(`Using the local emulator at ${emulator.origin}`);
    void vscode.window.showInformationMessage(vscode.l10n.t('Sphere Engine: using the local emulator at {0}.', emulator.origin));
  } else {
    const lines = failed.map((outcome) => `${MODULE_LABELS[outcome.module]}: ${outcome.message}`).join(' ');
    log.warn(`Local emulator at ${emulator.origin} not usable: ${lines}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('The local emulator at {0} did not accept the connection. {1}', emulator.origin, lines));
  }
  return outcomes;
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

/** Writes the endpoint setting only when the module does not already resolve to the emulator. */
async function pointAtEmulator(connection: Connection, module: ApiModule, origin: string): Promise<void> {
  const wanted = normaliseEndpoint(module, emulatorEndpoint(origin, module));
  if (connection.tryEndpoint(module)?.baseUrl === wanted) return;
  await vscode.workspace
    .getConfiguration(SETTINGS_SECTION)
    .update(`${module}.endpoint`, emulatorEndpoint(origin, module), vscode.ConfigurationTarget.Global);
}
