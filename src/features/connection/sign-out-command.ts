// "Sign Out": deletes the stored token of one module or of all three.
import * as vscode from 'vscode';
import { API_MODULES, MODULE_LABELS, type ApiModule } from '../../api';
import type { Connection } from '../../connection/connection';
import { isModuleChoice, type ModuleChoice } from './set-token-command';
import { showQuickPick } from '../../ui/prompts';

/** Returns the modules signed out (empty when the user cancelled). */
export async function signOut(connection: Connection, moduleArg?: unknown): Promise<ApiModule[]> {
  await connection.ready;
  const choice = isModuleChoice(moduleArg) ? moduleArg : await pickModule(connection);
  if (!choice) return [];
  const modules = choice === 'all' ? [...API_MODULES] : [choice];
  for (const module of modules) await connection.signOut(module);
  const names = modules.map((module) => MODULE_LABELS[module]).join(', ');
  void vscode.window.showInformationMessage(
    modules.length > 1
      ? vscode.l10n.t('Signed out of Sphere Engine {0}: the access tokens were deleted.', names)
      : vscode.l10n.t('Signed out of Sphere Engine {0}: the access token was deleted.', names),
  );
  return modules;
}

async function pickModule(connection: Connection): Promise<ModuleChoice | undefined> {
  const signedIn = API_MODULES.filter((module) => connection.status(module).state !== 'signedOut');
  if (signedIn.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('You are not signed in to any Sphere Engine module.'));
    return undefined;
  }
  if (signedIn.length === 1) return signedIn[0];
  type Item = vscode.QuickPickItem & { choice: ModuleChoice };
  const items: Item[] = [{ label: vscode.l10n.t('All modules'), choice: 'all' }, ...signedIn.map((module): Item => ({ label: MODULE_LABELS[module], choice: module }))];
  const picked = await showQuickPick(items, { title: vscode.l10n.t('Sign Out of Sphere Engine'), placeHolder: vscode.l10n.t('Delete the token of…') });
  return picked?.choice;
}
