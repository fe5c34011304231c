// What one click on the status bar item (or "Switch Connection Profile…") shows: every profile,
// the active one marked, with where it points; then the actions on profiles. Picking a profile
// switches to it.
import * as vscode from 'vscode';
import { API_MODULES } from '../../api';
import { Commands, executeCommand, type CommandId } from '../../ui/commands';
import { showQuickPick } from '../../ui/prompts';
import type { Connection } from '../../connection/connection';
import { switchProfile } from './profile-commands';
import type { Profile, ProfilesState } from '../../connection/profiles';

type Item = vscode.QuickPickItem & { profile?: Profile; command?: CommandId };

export async function pickProfile(connection: Connection, target?: unknown): Promise<ProfilesState | undefined> {
  await connection.ready;
  if (typeof target === 'string') return switchProfile(connection, target);
  const state = connection.profiles();
  const items: Item[] = state.profiles.map((profile) => ({
    label: `${profile.id === state.activeId ? '$(check)' : '$(blank)'} ${profile.name}`,
    description: profile.id === state.activeId ? vscode.l10n.t('active') : undefined,
    detail: whereItPoints(connection, profile),
    profile,
  }));
  items.push(
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: `$(add) ${vscode.l10n.t('Add Profile…')}`, command: Commands.profilesAdd },
    { label: `$(edit) ${vscode.l10n.t('Rename Profile…')}`, command: Commands.profilesRename },
    { label: `$(trash) ${vscode.l10n.t('Remove Profile…')}`, command: Commands.profilesRemove },
    { label: `$(gear) ${vscode.l10n.t('Configure Endpoints of "{0}"…', connection.profile().name)}`, command: Commands.configureEndpoints },
    { label: `$(plug) ${vscode.l10n.t('Test Connection')}`, command: Commands.testConnection },
  );
  const picked = await showQuickPick(items, {
    title: vscode.l10n.t('Sphere Engine Connection Profiles'),
    placeHolder: vscode.l10n.t('Switch to a profile, or manage them'),
    matchOnDetail: true,
  });
  if (picked?.profile) return switchProfile(connection, picked.profile.id);
  if (picked?.command) await executeCommand(picked.command);
  return undefined;
}

/** The profile's endpoints in one line: what a person checks before submitting. */
export function whereItPoints(connection: Connection, profile: Profile): string {
  if (profile.emulatorOrigin && API_MODULES.every((module) => !profile.endpoints[module])) {
    return vscode.l10n.t('built-in: the local emulator at {0}', profile.emulatorOrigin);
  }
  const set = API_MODULES.map((module) => profile.endpoints[module]).filter(Boolean);
  return set.length ? [...new Set(set)].join(', ') : vscode.l10n.t('no endpoints yet');
}
