// The connection feature: its commands, the status bar item and its test hooks.
import type * as vscode from 'vscode';
import type { ApiModule } from '../../api';
import type { Services } from '../../services';
import { Commands, registerCommand } from '../../ui/commands';
import type { ConnectionTestResult, ModuleState } from '../../connection/connection';
import { useLocalEmulator } from './emulator-command';
import { addProfileCommand, configureEndpoint, removeProfileCommand, renameProfileCommand } from './profile-commands';
import { pickProfile } from './profile-picker';
import type { ProfilesState } from '../../connection/profiles';
import { setAccessToken } from './set-token-command';
import { signOut } from './sign-out-command';
import { createStatusBar } from './status-bar';
import { testConnection } from './test-connection-command';

declare module '../../test-api' {
  interface TestHooks {
    connection: ConnectionTestApi;
  }
}

/** Test hooks of this feature: enough to check behaviour, never a token. */
export interface ConnectionTestApi {
  hasToken(module: ApiModule): Promise<boolean>;
  testConnection(): Promise<ConnectionTestResult[]>;
  /** signedOut / untested / ok / failed, as the status bar sees it. */
  state(module: ApiModule): ModuleState;
  statusBar(): { text: string; tooltip: string };
  /** The profiles (names, endpoints, ids) and the active one's id: never a token. */
  profiles(): ProfilesState;
  /** Where the log channel's file is written (under the extension's log folder). */
  logUri: vscode.Uri;
  globalStorageUri: vscode.Uri;
}

/** What other features may use of this one. */
export interface ConnectionFeature {
  /** Signs all three modules in to the local emulator at `origin` (Use Local Emulator, without its prompts). */
  signInToEmulator(origin: string, token: string): Promise<Array<{ ok: boolean }> | undefined>;
}

export function registerConnectionFeature(services: Services): ConnectionFeature {
  const { context, connection, log } = services;
  context.subscriptions.push(
    registerCommand(Commands.setAccessToken, (module?: unknown, token?: unknown) => setAccessToken(connection, log, module, token)),
    registerCommand(Commands.signOut, (module?: unknown) => signOut(connection, module)),
    registerCommand(Commands.testConnection, () => testConnection(connection)),
    registerCommand(Commands.showLog, () => log.show()),
    registerCommand(Commands.configureEndpoints, (module?: unknown, value?: unknown) => configureEndpoint(connection, module, value)),
    registerCommand(Commands.useLocalEmulator, (origin?: unknown, token?: unknown) => useLocalEmulator(connection, log, origin, token)),
    registerCommand(Commands.profilesSwitch, (profile?: unknown) => pickProfile(connection, profile)),
    registerCommand(Commands.profilesAdd, (name?: unknown, endpoints?: unknown) => addProfileCommand(connection, name, endpoints)),
    registerCommand(Commands.profilesRename, (profile?: unknown, name?: unknown) => renameProfileCommand(connection, profile, name)),
    registerCommand(Commands.profilesRemove, (profile?: unknown) => removeProfileCommand(connection, profile)),
  );
  const statusBar = createStatusBar(connection);
  context.subscriptions.push(statusBar);
  const api: ConnectionTestApi = {
    hasToken: (module) => connection.hasToken(module),
    testConnection: () => connection.testAll(),
    state: (module) => connection.status(module).state,
    statusBar: () => statusBar.snapshot(),
    profiles: () => structuredClone(connection.profiles()),
    logUri: context.logUri,
    globalStorageUri: context.globalStorageUri,
  };
  if (services.testHooks) services.testHooks.connection = api;
  return { signInToEmulator: (origin, token) => useLocalEmulator(connection, log, origin, token) };
}
