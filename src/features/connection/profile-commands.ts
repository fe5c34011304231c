// Add, rename, remove and switch connection profiles, and edit the active one's endpoints. Each
// takes its answers as arguments (tests, other commands) or asks for them; each returns the
// profiles as plain data (names, endpoints, ids: never a token).
import * as vscode from 'vscode';
import { API_MODULES, MODULE_LABELS, normaliseEndpoint, type ApiModule } from '../../api';
import { showInputBox, showQuickPick } from '../../ui/prompts';
import type { Connection } from '../../connection/connection';
import {
  addProfile,
  emptyEndpoints,
  findProfile,
  isEmulatorProfile,
  nameFromEndpoints,
  nameProblem,
  removeProfile,
  renameProfile,
  setEndpoint,
  type Profile,
  type ProfilesState,
} from '../../connection/profiles';

export async function switchProfile(connection: Connection, target: unknown): Promise<ProfilesState | undefined> {
  await connection.ready;
  const profile = requireProfile(connection, target);
  await connection.updateProfiles({ ...connection.profiles(), activeId: profile.id }, 'switched');
  return connection.profiles();
}

export async function addProfileCommand(connection: Connection, nameArg?: unknown, endpointsArg?: unknown): Promise<ProfilesState | undefined> {
  await connection.ready;
  const endpoints = isEndpoints(endpointsArg) ? { ...emptyEndpoints(), ...endpointsArg } : await askEndpoints();
  if (!endpoints) return undefined;
  const name = typeof nameArg === 'string' ? nameArg : await askName(connection, vscode.l10n.t('Name of the new connection profile'), suggestedName(connection, endpoints));
  if (name === undefined) return undefined;
  const profile: Profile = { id: connection.freshProfileId(), name, endpoints };
  const next = addProfile(connection.profiles(), profile);
  // The new profile is what the person is about to use: it becomes active, with no token yet.
  await connection.updateProfiles({ ...next, activeId: profile.id }, 'added');
  if (typeof nameArg !== 'string') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Connection profile "{0}" added and active. Set its access tokens to sign in.', name.trim()));
  }
  return connection.profiles();
}

export async function renameProfileCommand(connection: Connection, target?: unknown, nameArg?: unknown): Promise<ProfilesState | undefined> {
  await connection.ready;
  const profile = await profileFrom(connection, target, vscode.l10n.t('Rename which connection profile?'));
  if (!profile) return undefined;
  const name = typeof nameArg === 'string' ? nameArg : await askName(connection, vscode.l10n.t('New name of "{0}"', profile.name), profile.name, profile.id);
  if (name === undefined) return undefined;
  await connection.updateProfiles(renameProfile(connection.profiles(), profile.id, name), 'renamed');
  return connection.profiles();
}

export async function removeProfileCommand(connection: Connection, target?: unknown): Promise<ProfilesState | undefined> {
  await connection.ready;
  const profile = await profileFrom(connection, target, vscode.l10n.t('Remove which connection profile?'));
  if (!profile) return undefined;
  if (typeof target !== 'string') {
    const remove = vscode.l10n.t('Remove');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Remove the connection profile "{0}" and delete its access tokens from this machine?', profile.name),
      { modal: true },
      remove,
    );
    if (answer !== remove) return undefined;
  }
  const next = removeProfile(connection.profiles(), profile.id);
  await connection.deleteProfileTokens(profile.id);
  await connection.updateProfiles(next, 'removed');
  return connection.profiles();
}

/** "Configure Endpoints": one endpoint of the active profile, from arguments or asked for. */
export async function configureEndpoint(connection: Connection, moduleArg?: unknown, valueArg?: unknown): Promise<ProfilesState | undefined> {
  await connection.ready;
  const profile = connection.profile();
  const module = isModule(moduleArg) ? moduleArg : await pickModule(connection, profile);
  if (!module) return undefined;
  if (valueArg === undefined && followsEmulator(profile, module)) {
    // Nothing to type: the emulator's endpoints follow the emulator the profile uses (issue 40, item 3).
    void vscode.window.showInformationMessage(emulatorEndpointNote(connection, profile, module));
    return undefined;
  }
  const value = typeof valueArg === 'string' ? valueArg : valueArg === null ? '' : await askEndpoint(module, profile.endpoints[module], profile.name);
  if (value === undefined) return undefined;
  await connection.updateProfiles(setEndpoint(connection.profiles(), profile.id, module, value), 'endpoint changed');
  return connection.profiles();
}

async function profileFrom(connection: Connection, target: unknown, placeHolder: string): Promise<Profile | undefined> {
  const state = connection.profiles();
  if (typeof target === 'string') return requireProfile(connection, target);
  const picked = await showQuickPick(
    state.profiles.map((p) => ({ label: p.name, description: p.id === state.activeId ? vscode.l10n.t('active') : undefined, profile: p })),
    { title: vscode.l10n.t('Sphere Engine Connection Profiles'), placeHolder },
  );
  return picked?.profile;
}

/** The profile by id or name; an error saying so when there is none. */
function requireProfile(connection: Connection, target: unknown): Profile {
  const found = typeof target === 'string' ? findProfile(connection.profiles(), target) : undefined;
  if (!found) throw new Error(vscode.l10n.t('There is no connection profile "{0}".', String(target)));
  return found;
}

function askName(connection: Connection, title: string, value: string, exceptId?: string): Thenable<string | undefined> {
  return showInputBox({ title, value, validateInput: (text) => nameProblem(connection.profiles(), text, exceptId) });
}

function suggestedName(connection: Connection, endpoints: Record<ApiModule, string>): string {
  const base = nameFromEndpoints(endpoints);
  return nameProblem(connection.profiles(), base) ? '' : base;
}

/** The three endpoints of a new profile; each may stay empty (set later with Configure Endpoints). */
async function askEndpoints(): Promise<Record<ApiModule, string> | undefined> {
  const endpoints = emptyEndpoints();
  let previous = '';
  for (const module of API_MODULES) {
    // A customer id typed once is offered for the next module: most accounts share one.
    const value = await askEndpoint(module, /^[a-z0-9]+$/i.test(previous) ? previous : '', undefined);
    if (value === undefined) return undefined;
    endpoints[module] = value;
    previous = value;
  }
  return endpoints;
}

function askEndpoint(module: ApiModule, value: string, profileName: string | undefined): Thenable<string | undefined> {
  const where = profileName ? vscode.l10n.t('{0} endpoint of the profile "{1}"', MODULE_LABELS[module], profileName) : vscode.l10n.t('{0} endpoint', MODULE_LABELS[module]);
  return showInputBox({
    title: where,
    prompt: vscode.l10n.t('Your customer id (e.g. a1b2c3d4) or a full URL; leave empty if you do not use {0}.', MODULE_LABELS[module]),
    value,
    validateInput: (text) => endpointProblem(module, text),
  });
}

function endpointProblem(module: ApiModule, text: string): string | undefined {
  if (!text.trim()) return undefined;
  try {
    normaliseEndpoint(module, text.trim());
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** The built-in emulator profile's module with no endpoint typed in: it is the emulator's, read-only. */
function followsEmulator(profile: Profile, module: ApiModule): boolean {
  return isEmulatorProfile(profile) && !profile.endpoints[module];
}

/** What the emulator profile's endpoint of a module is, and why it is not edited here. */
function emulatorEndpointNote(connection: Connection, profile: Profile, module: ApiModule): string {
  const endpoint = connection.tryEndpoint(module)?.baseUrl;
  return endpoint
    ? vscode.l10n.t(
        'The {0} endpoint of the profile "{1}" is the local emulator\'s, {2}: it follows the emulator the profile uses and is not edited here. For other endpoints, add a profile ("Sphere Engine: Add Connection Profile").',
        MODULE_LABELS[module],
        profile.name,
        endpoint,
      )
    : vscode.l10n.t(
        'The {0} endpoint of the profile "{1}" is the local emulator\'s, once it runs: start it with "Sphere Engine: Start Local Emulator". For other endpoints, add a profile ("Sphere Engine: Add Connection Profile").',
        MODULE_LABELS[module],
        profile.name,
      );
}

function endpointDescription(connection: Connection, profile: Profile, module: ApiModule): string {
  if (!followsEmulator(profile, module)) return profile.endpoints[module] || vscode.l10n.t('not set');
  const endpoint = connection.tryEndpoint(module)?.baseUrl;
  return endpoint ? vscode.l10n.t("{0} (the local emulator's, read-only)", endpoint) : vscode.l10n.t("the local emulator's, once it runs (not running)");
}

async function pickModule(connection: Connection, profile: Profile): Promise<ApiModule | undefined> {
  const picked = await showQuickPick(
    API_MODULES.map((module) => ({ label: MODULE_LABELS[module], description: endpointDescription(connection, profile, module), module })),
    { title: vscode.l10n.t('Endpoints of the profile "{0}"', profile.name), placeHolder: vscode.l10n.t('Which endpoint?') },
  );
  return picked?.module;
}

function isModule(value: unknown): value is ApiModule {
  return (API_MODULES as readonly unknown[]).includes(value);
}

function isEndpoints(value: unknown): value is Partial<Record<ApiModule, string>> {
  return typeof value === 'object' && value !== null && Object.entries(value).every(([k, v]) => isModule(k) && typeof v === 'string');
}
