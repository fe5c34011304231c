// "Set Access Token": pick a module (or all three), type the token in a password box, check it
// with GET /test and save it only if the service accepts it. Tests call it with (module, token)
// and get the outcome back instead of going through the UI.
import * as vscode from 'vscode';
import { API_MODULES, MODULE_LABELS, type ApiModule } from '../../api';
import { Commands, executeCommand } from '../../ui/commands';
import type { Log } from '../../ui/log';
import type { Connection, ConnectionTestResult } from '../../connection/connection';
import { showInputBox, showQuickPick } from '../../ui/prompts';

export type ModuleChoice = ApiModule | 'all';

export interface SetTokenOutcome extends ConnectionTestResult {
  saved: boolean;
}

export async function setAccessToken(connection: Connection, log: Log, moduleArg?: unknown, tokenArg?: unknown): Promise<SetTokenOutcome[] | undefined> {
  // Driven by arguments (tests): never wait on a notification.
  const interactive = typeof tokenArg !== 'string';
  const choice = isModuleChoice(moduleArg) ? moduleArg : await pickModule(connection);
  if (!choice) return undefined;
  const modules = choice === 'all' ? [...API_MODULES] : [choice];
  const token = typeof tokenArg === 'string' ? tokenArg : await askToken(choice);
  if (token === undefined) return undefined;
  const trimmed = token.trim();
  if (!trimmed) return modules.map((module) => ({ module, ok: false, saved: false, message: 'The access token is empty.' }));

  const checks = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking the access token…'), cancellable: false }, () =>
    Promise.all(modules.map((module) => connection.test(module, { token: trimmed }))),
  );

  const outcomes: SetTokenOutcome[] = [];
  for (const check of checks) {
    let saved = false;
    if (check.ok) {
      await connection.setToken(check.module, trimmed, check);
      saved = true;
    } else if (interactive && isUnverifiable(check)) {
      // The service could not be reached, so the token is unverified (not rejected): let the user decide.
      saved = await offerSaveUnverified(connection, check, trimmed);
    }
    outcomes.push({ ...check, saved });
  }
  report(outcomes, log, interactive);
  return outcomes;
}

export function isModuleChoice(value: unknown): value is ModuleChoice {
  return value === 'all' || (API_MODULES as readonly unknown[]).includes(value);
}

/** No answer from the service (network, timeout): the token was neither accepted nor rejected. */
function isUnverifiable(check: ConnectionTestResult): boolean {
  return !check.ok && check.status === undefined && check.action !== 'openSettings';
}

async function pickModule(connection: Connection): Promise<ModuleChoice | undefined> {
  await connection.ready;
  type Item = vscode.QuickPickItem & { choice: ModuleChoice };
  const items: Item[] = API_MODULES.map((module) => ({
    label: MODULE_LABELS[module],
    description: connection.status(module).state === 'signedOut' ? 'no token' : 'token set',
    detail: connection.tryEndpoint(module)?.baseUrl ?? 'no endpoint configured',
    choice: module,
  }));
  items.push({ label: 'All three (same token)', description: 'Containers, Compilers and Problems', choice: 'all' });
  const picked = await showQuickPick(items, {
    title: vscode.l10n.t('Set Sphere Engine Access Token (profile "{0}")', connection.profile().name),
    placeHolder: vscode.l10n.t('Which module is the token for?'),
  });
  return picked?.choice;
}

function askToken(choice: ModuleChoice): Thenable<string | undefined> {
  const what = choice === 'all' ? 'Containers, Compilers and Problems' : MODULE_LABELS[choice];
  return showInputBox({
    title: vscode.l10n.t('Sphere Engine {0} access token', what),
    prompt: vscode.l10n.t('Find it in the client panel under API Tokens. It is stored in the OS keychain, never in settings.'),
    password: true,
    validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('Enter the access token')),
  });
}

async function offerSaveUnverified(connection: Connection, check: ConnectionTestResult, token: string): Promise<boolean> {
  const save = 'Save Anyway';
  const answer = await vscode.window.showWarningMessage(vscode.l10n.t('{0}: the token could not be checked. {1}', MODULE_LABELS[check.module], check.message), save);
  if (answer !== save) return false;
  await connection.setToken(check.module, token);
  return true;
}

function report(outcomes: SetTokenOutcome[], log: Log, interactive: boolean): void {
  for (const outcome of outcomes) {
    const name = MODULE_LABELS[outcome.module];
    if (outcome.saved) {
      void vscode.window.showInformationMessage(
        outcome.ok ? vscode.l10n.t('{0}: access token saved ({1}).', name, outcome.message) : vscode.l10n.t('{0}: access token saved.', name),
      );
      continue;
    }
    // An unverifiable token was already offered "Save Anyway" and declined.
    if (interactive && isUnverifiable(outcome)) continue;
    const status = outcome.status !== undefined ? ` (HTTP ${outcome.status})` : '';
    const text = `${name}: the access token was not saved. ${outcome.message}${status}`;
    log.warn(text);
    const next = outcome.action === 'openSettings' ? 'Open Settings' : 'Try Again';
    // Not awaited: waiting for a click would hang callers that drive the command without a UI.
    void vscode.window.showErrorMessage(text, next).then((answer) => {
      if (answer === 'Open Settings') void executeCommand(Commands.configureEndpoints);
      else if (answer === 'Try Again') void executeCommand(Commands.setAccessToken, outcome.module);
    });
  }
}
