// "Use Local Emulator": switch to the built-in "Local emulator" profile, pointed at a running
// emulator, and sign in there with its token. The emulator announced by SPHERE_ENGINE_EMULATOR is
// used without questions; otherwise the user gives its address and token (the emulator prints
// both when it starts). The three modules are tested there BEFORE anything changes: a wrong
// address or token leaves the active profile as it was (and a failure after the switch switches
// back). Other profiles and their tokens are left as they are.
import * as vscode from 'vscode';
import { API_MODULES, MODULE_LABELS } from '../../api';
import type { Log } from '../../ui/log';
import type { Connection } from '../../connection/connection';
import { emulatorEndpoint, type EmulatorInfo } from '../../connection/emulator-env';
import { EMULATOR_PROFILE_ID, emptyEndpoints, withEmulatorProfile } from '../../connection/profiles';
import type { SetTokenOutcome } from './set-token-command';
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

  // Tested where it would point, before the profile changes.
  const checks = await Promise.all(
    API_MODULES.map((module) => connection.test(module, { token: emulator.token, at: emulatorEndpoint(emulator.origin, module) })),
  );
  const failed = checks.filter((check) => !check.ok);
  if (failed.length) {
    const lines = failed.map((check) => `${MODULE_LABELS[check.module]}: ${check.message}`).join(' ');
    log.warn(`Local emulator at ${emulator.origin} not usable, profile "${connection.profile().name}" kept: ${lines}`);
    void vscode.window.showErrorMessage(
      vscode.l10n.t('The local emulator at {0} did not accept the connection; the profile "{1}" stays active. {2}', emulator.origin, connection.profile().name, lines),
    );
    return checks.map((check) => ({ ...check, saved: false }));
  }

  // All three modules on the emulator, as the command says, whatever was typed into the profile before.
  const previous = connection.profiles();
  const withEmulator = withEmulatorProfile(previous, emulator.origin);
  const profiles = withEmulator.profiles.map((p) => (p.id === EMULATOR_PROFILE_ID ? { ...p, endpoints: emptyEndpoints() } : p));
  const outcomes: SetTokenOutcome[] = [];
  try {
    await connection.updateProfiles({ profiles, activeId: EMULATOR_PROFILE_ID }, 'Use Local Emulator');
    for (const check of checks) {
      await connection.setToken(check.module, emulator.token, check);
      outcomes.push({ ...check, saved: true });
    }
  } catch (err) {
    await connection.updateProfiles(previous, 'Use Local Emulator failed: back to the previous profile');
    throw err;
  }
  log.info(`Using the local emulator at ${emulator.origin}`);
  void vscode.window.showInformationMessage(vscode.l10n.t('Sphere Engine: using the local emulator at {0}.', emulator.origin));
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
