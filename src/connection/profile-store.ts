// Where the profiles list lives: the extension's globalState on this machine, next to the tokens
// in SecretStorage, which do not leave it either (a profile synced to a machine without its
// tokens would only ask to sign in again, and a synced "active profile" would switch another
// machine's target under its user). No workspace can write globalState. Never a token here.
// On the first start with profiles, the endpoint settings and tokens of earlier versions become
// the first profile (profiles.ts: migrateFromSettings), with nothing for the user to redo.
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';
import { API_MODULES, type ApiModule } from '../api';
import { asRecord, MementoStore } from '../core/memento-store';
import type { Log } from '../ui/log';
import type { EmulatorInfo } from './emulator-env';
import { activeProfile, EMULATOR_PROFILE_ID, migrateFromSettings, newProfileId, parseProfilesState, withEmulatorProfile, type ProfilesState } from './profiles';
import { readEndpointSetting } from './settings';
import type { TokenStore } from './token-store';

export const PROFILES_KEY = 'sphereEngine.profiles';
/** Modules signed out explicitly, per profile id: the emulator's token is not seeded back into them. */
export const SIGNED_OUT_KEY = 'sphereEngine.profileSignedOutModules';
/** The same, before profiles: one list. */
const LEGACY_SIGNED_OUT_KEY = 'sphereEngine.signedOutModules';

function newProfileIdPart(): string {
  return randomBytes(6).toString('hex');
}

export class ProfileStore {
  /** Undefined when nothing is stored yet: load() migrates from earlier versions then. */
  private readonly profiles: MementoStore<ProfilesState | undefined>;
  /** Set by load(): the stored list is used once the emulator profile and the active one are settled. */
  private isLoaded = false;
  private readonly signedOutModules: MementoStore<Record<string, ApiModule[]>>;

  constructor(private readonly memento: vscode.Memento) {
    this.profiles = new MementoStore(memento, PROFILES_KEY, parseProfilesState);
    this.signedOutModules = new MementoStore(memento, SIGNED_OUT_KEY, asRecord<ApiModule[]>);
  }

  /** The profiles; load() must have run. */
  get state(): ProfilesState {
    const state = this.profiles.value;
    if (!this.isLoaded || !state) throw new Error('the connection profiles are not loaded yet');
    return state;
  }

  get loaded(): boolean {
    return this.isLoaded;
  }

  freshId(): string {
    return newProfileId(this.state, newProfileIdPart);
  }

  /** Set by load(): the emulator profile (active) pointed at this origin and now points at the announced emulator. */
  replacedEmulatorOrigin: string | undefined;

  /** Reads the profiles, migrating from the settings and tokens of earlier versions when there are none. */
  async load(tokens: TokenStore, emulator: EmulatorInfo | undefined, log: Log): Promise<void> {
    const stored = this.profiles.value;
    let state = stored ?? (await this.migrate(tokens, emulator, log));
    if (emulator) {
      const hadEmulator = state.profiles.some((p) => p.id === EMULATOR_PROFILE_ID);
      const before = state.profiles.find((p) => p.id === EMULATOR_PROFILE_ID)?.emulatorOrigin;
      // Said by the window when the emulator profile is the active one (Connection.emulatorLeftOnLoad).
      if (before && before !== emulator.origin && state.activeId === EMULATOR_PROFILE_ID) this.replacedEmulatorOrigin = before;
      state = withEmulatorProfile(state, emulator.origin);
      // As before profiles, an announced emulator is used when nothing else is configured.
      const active = activeProfile(state);
      if (!hadEmulator && API_MODULES.every((module) => !active.endpoints[module])) state = { ...state, activeId: EMULATOR_PROFILE_ID };
    }
    if (!state.profiles.some((p) => p.id === state.activeId)) state = { ...state, activeId: state.profiles[0].id };
    const saved = this.save(state);
    this.isLoaded = true;
    await saved;
  }

  private async migrate(tokens: TokenStore, emulator: EmulatorInfo | undefined, log: Log): Promise<ProfilesState> {
    const settings = Object.fromEntries(API_MODULES.map((module) => [module, readEndpointSetting(module)])) as Record<ApiModule, string>;
    const state = migrateFromSettings(settings, emulator?.origin, `p-${newProfileIdPart()}`);
    const first = activeProfile(state);
    const adopted = await tokens.adoptLegacyTokens(first.id, API_MODULES);
    const signedOut = this.memento.get<ApiModule[]>(LEGACY_SIGNED_OUT_KEY);
    if (signedOut?.length) await this.signedOutModules.set({ [first.id]: signedOut });
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
    if (!this.loaded) return undefined;
    const stored = this.profiles.storedElsewhere();
    if (!stored) return undefined;
    let state = emulator ? withEmulatorProfile(stored, emulator.origin) : stored;
    if (!state.profiles.some((p) => p.id === state.activeId)) state = { ...state, activeId: state.profiles[0].id };
    return state;
  }

  save(state: ProfilesState): Promise<void> {
    return this.profiles.set(state);
  }

  signedOut(profileId: string): ApiModule[] {
    return this.signedOutModules.value[profileId] ?? [];
  }

  setSignedOut(profileId: string, modules: ApiModule[]): Promise<void> {
    return this.signedOutModules.update((all) => {
      const next = { ...all };
      if (modules.length) next[profileId] = modules;
      else delete next[profileId];
      return next;
    });
  }
}
