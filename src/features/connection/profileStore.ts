// Where the profiles list lives: the extension's globalState on this machine, next to the tokens
// in SecretStorage, which do not leave it either (a profile synced to a machine without its
// tokens would only ask to sign in again, and a synced "active profile" would switch another
// machine's target under its user). No workspace can write globalState. Never a token here.
// On the first start with profiles, the endpoint settings and tokens of earlier versions become
// the first profile (profiles.ts: migrateFromSettings), with nothing for the user to redo.
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';
import { API_MODULES, type ApiModule } from '../../api/modules';
import type { Log } from '../../ui/log';
import type { EmulatorInfo } from './emulatorEnv';
import {
  activeProfile,
  EMULATOR_PROFILE_ID,
  migrateFromSettings,
  newProfileId,
  parseProfilesState,
  withEmulatorProfile,
  type ProfilesState,
} from './profiles';
import { readEndpointSetting } from './settings';
import type { TokenStore } from './tokenStore';

export const PROFILES_KEY = 'sphereEngine.profiles';
/** Modules signed out explicitly, per profile id: the emulator's token is not seeded back into them. */
export const SIGNED_OUT_KEY = 'sphereEngine.profileSignedOutModules';
/** The same, before profiles: one list. */
const LEGACY_SIGNED_OUT_KEY = 'sphereEngine.signedOutModules';

function newProfileIdPart(): string {
  return randomBytes(6).toString('hex');
}

export class ProfileStore {
  private current: ProfilesState | undefined;
  /**
   * Every list this window wrote (the last 20), to tell another window's change from ours. Not
   * only the last one: VS Code keeps an extension's globalState as one value and may hand a window
   * an older copy of it for a moment (microsoft/vscode#171827), which must not pass for a change
   * made elsewhere, or a profile just added here would be dropped again.
   */
  private readonly written: string[] = [];

  constructor(private readonly memento: vscode.Memento) {}

  /** The profiles; load() must have run. */
  get state(): ProfilesState {
    if (!this.current) throw new Error('the connection profiles are not loaded yet');
    return this.current;
  }

  get loaded(): boolean {
    return this.current !== undefined;
  }

  freshId(): string {
    return newProfileId(this.state, newProfileIdPart);
  }

  /** Reads the profiles, migrating from the settings and tokens of earlier versions when there are none. */
  async load(tokens: TokenStore, emulator: EmulatorInfo | undefined, log: Log): Promise<void> {
    const stored = parseProfilesState(this.memento.get(PROFILES_KEY));
    let state = stored ?? (await this.migrate(tokens, emulator, log));
    if (emulator) {
      const hadEmulator = state.profiles.some((p) => p.id === EMULATOR_PROFILE_ID);
      state = withEmulatorProfile(state, emulator.origin);
      // As before profiles, an announced emulator is used when nothing else is configured.
      const active = activeProfile(state);
      if (!hadEmulator && API_MODULES.every((module) => !active.endpoints[module])) state = { ...state, activeId: EMULATOR_PROFILE_ID };
    }
    if (!state.profiles.some((p) => p.id === state.activeId)) state = { ...state, activeId: state.profiles[0].id };
    await this.save(state);
  }

  private async migrate(tokens: TokenStore, emulator: EmulatorInfo | undefined, log: Log): Promise<ProfilesState> {
    const settings = Object.fromEntries(API_MODULES.map((module) => [module, readEndpointSetting(module)])) as Record<ApiModule, string>;
    const state = migrateFromSettings(settings, emulator?.origin, `p-${newProfileIdPart()}`);
    const first = activeProfile(state);
    const adopted = await tokens.adoptLegacyTokens(first.id, API_MODULES);
    const signedOut = this.memento.get<ApiModule[]>(LEGACY_SIGNED_OUT_KEY);
    if (signedOut?.length) await this.memento.update(SIGNED_OUT_KEY, { [first.id]: signedOut });
    await this.memento.update(LEGACY_SIGNED_OUT_KEY, undefined);
    log.info(`connection profile "${first.name}" made from the endpoint settings${adopted.length ? ` and the tokens of ${adopted.join(', ')}` : ''}`);
    return state;
  }

  /**
   * What another window of this machine stored since this one last read or wrote the list
   * (VS Code shares an extension's globalState between windows, without an event); undefined when
   * nothing changed.
   */
  storedByAnotherWindow(emulator: EmulatorInfo | undefined): ProfilesState | undefined {
    const raw = this.memento.get(PROFILES_KEY);
    if (!this.current || this.written.includes(JSON.stringify(raw))) return undefined;
    const stored = parseProfilesState(raw);
    if (!stored) return undefined;
    let state = emulator ? withEmulatorProfile(stored, emulator.origin) : stored;
    if (!state.profiles.some((p) => p.id === state.activeId)) state = { ...state, activeId: state.profiles[0].id };
    return state;
  }

  async save(state: ProfilesState): Promise<void> {
    this.current = state;
    this.written.push(JSON.stringify(state));
    if (this.written.length > 20) this.written.shift();
    await this.memento.update(PROFILES_KEY, state);
  }

  signedOut(profileId: string): ApiModule[] {
    return this.memento.get<Record<string, ApiModule[]>>(SIGNED_OUT_KEY, {})[profileId] ?? [];
  }

  async setSignedOut(profileId: string, modules: ApiModule[]): Promise<void> {
    const all = { ...this.memento.get<Record<string, ApiModule[]>>(SIGNED_OUT_KEY, {}) };
    if (modules.length) all[profileId] = modules;
    else delete all[profileId];
    await this.memento.update(SIGNED_OUT_KEY, all);
  }
}
