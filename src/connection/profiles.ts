// Connection profiles as plain data: a named set of the three endpoints, one of them active.
// Pure (no vscode): the store (profile-store.ts) keeps this in globalState, the Connection acts on
// the active one, and tokens live in SecretStorage under the profile's id (token-store.ts), so a
// token never follows a profile's name or moves to another profile.
import { API_MODULES, type ApiModule } from '../api';

/** The built-in profile of the local emulator: one, with a fixed id, whatever port it runs on. */
export const EMULATOR_PROFILE_ID = 'local-emulator';
export const EMULATOR_PROFILE_NAME = 'Local emulator';
export const DEFAULT_PROFILE_NAME = 'Default';

export interface Profile {
  /** Stable, never shown, never reused: the key of the profile's tokens. */
  id: string;
  name: string;
  /** What the user typed per module (customer id or URL); '' when not set. */
  endpoints: Record<ApiModule, string>;
  /** Set on the built-in emulator profile: empty endpoints resolve to the emulator there. */
  emulatorOrigin?: string;
}

export interface ProfilesState {
  profiles: Profile[];
  activeId: string;
}

export function emptyEndpoints(): Record<ApiModule, string> {
  return { containers: '', compilers: '', problems: '' };
}

export function isEmulatorProfile(profile: Profile): boolean {
  return profile.id === EMULATOR_PROFILE_ID;
}

export function activeProfile(state: ProfilesState): Profile {
  return state.profiles.find((p) => p.id === state.activeId) ?? state.profiles[0];
}

export function findProfile(state: ProfilesState, idOrName: string): Profile | undefined {
  return state.profiles.find((p) => p.id === idOrName) ?? state.profiles.find((p) => p.name === idOrName);
}

/** Why a name cannot be used (empty, or another profile's), or undefined when it can. */
export function nameProblem(state: ProfilesState, name: string, exceptId?: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name for the profile.';
  if (state.profiles.some((p) => p.id !== exceptId && p.name.toLowerCase() === trimmed.toLowerCase())) {
    return `A profile named "${trimmed}" already exists.`;
  }
  return undefined;
}

/** A fresh id: never one in use, so no old token can be found under it. */
export function newProfileId(state: ProfilesState, random: () => string): string {
  for (;;) {
    const id = `p-${random()}`;
    if (!state.profiles.some((p) => p.id === id)) return id;
  }
}

export function addProfile(state: ProfilesState, profile: Profile): ProfilesState {
  const problem = nameProblem(state, profile.name);
  if (problem) throw new Error(problem);
  return { ...state, profiles: [...state.profiles, { ...profile, name: profile.name.trim() }] };
}

export function renameProfile(state: ProfilesState, id: string, name: string): ProfilesState {
  const problem = nameProblem(state, name, id);
  if (problem) throw new Error(problem);
  return { ...state, profiles: state.profiles.map((p) => (p.id === id ? { ...p, name: name.trim() } : p)) };
}

/** The last profile cannot go: there is always one to be active. Removing the active one activates the first left. */
export function removeProfile(state: ProfilesState, id: string): ProfilesState {
  const profiles = state.profiles.filter((p) => p.id !== id);
  if (profiles.length === 0) throw new Error('The only profile cannot be removed.');
  return { profiles, activeId: state.activeId === id ? profiles[0].id : state.activeId };
}

export function setEndpoint(state: ProfilesState, id: string, module: ApiModule, value: string): ProfilesState {
  return {
    ...state,
    profiles: state.profiles.map((p) => (p.id === id ? { ...p, endpoints: { ...p.endpoints, [module]: value.trim() } } : p)),
  };
}

/** Adds the emulator profile, or points the existing one at `origin` (its port changes between runs). */
export function withEmulatorProfile(state: ProfilesState, origin: string): ProfilesState {
  const existing = state.profiles.find(isEmulatorProfile);
  if (existing) {
    return { ...state, profiles: state.profiles.map((p) => (p === existing ? { ...p, emulatorOrigin: origin } : p)) };
  }
  // A user profile may already carry the name: the built-in one then says where it points.
  const name = nameProblem(state, EMULATOR_PROFILE_NAME) ? `${EMULATOR_PROFILE_NAME} (${origin})` : EMULATOR_PROFILE_NAME;
  return { ...state, profiles: [...state.profiles, { id: EMULATOR_PROFILE_ID, name, endpoints: emptyEndpoints(), emulatorOrigin: origin }] };
}

/**
 * The first profile, made from the endpoint settings of the versions before profiles. Named after
 * the customer id when all configured endpoints share one (`abc123de`), otherwise "Default".
 * Without endpoints but with an emulator announced, those versions used the emulator: so does
 * the first profile (the built-in one).
 */
export function migrateFromSettings(settings: Record<ApiModule, string>, emulatorOrigin: string | undefined, id: string): ProfilesState {
  const configured = API_MODULES.some((module) => settings[module]);
  if (!configured && emulatorOrigin) return withEmulatorProfile({ profiles: [], activeId: EMULATOR_PROFILE_ID }, emulatorOrigin);
  const profile: Profile = { id, name: nameFromEndpoints(settings), endpoints: { ...emptyEndpoints(), ...settings } };
  return { profiles: [profile], activeId: id };
}

export function nameFromEndpoints(endpoints: Record<ApiModule, string>): string {
  const customers = new Set(API_MODULES.map((module) => customerOf(endpoints[module])).filter((c): c is string => c !== undefined));
  return customers.size === 1 ? [...customers][0] : DEFAULT_PROFILE_NAME;
}

/** `abc123de` from `abc123de` or `https://abc123de.containers.sphere-engine.com/...`. */
function customerOf(endpoint: string): string | undefined {
  const text = endpoint.trim();
  if (!text) return undefined;
  if (/^[a-z0-9]+$/i.test(text)) return text;
  const host = /^https?:\/\/([^/:]+)/i.exec(text)?.[1];
  const match = host ? /^([a-z0-9]+)\.(containers|compilers|problems)\.sphere-engine\.com$/i.exec(host) : null;
  return match?.[1];
}

/** The stored value as a ProfilesState, or undefined when it is missing or not one. */
export function parseProfilesState(value: unknown): ProfilesState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { profiles, activeId } = value as Partial<ProfilesState>;
  if (!Array.isArray(profiles) || typeof activeId !== 'string') return undefined;
  const valid = profiles.filter((p): p is Profile => typeof p?.id === 'string' && typeof p.name === 'string' && typeof p.endpoints === 'object' && p.endpoints !== null);
  if (valid.length === 0) return undefined;
  return {
    activeId,
    profiles: valid.map((p) => ({ ...p, endpoints: { ...emptyEndpoints(), ...pickStrings(p.endpoints) } })),
  };
}

function pickStrings(endpoints: Partial<Record<ApiModule, unknown>>): Partial<Record<ApiModule, string>> {
  const out: Partial<Record<ApiModule, string>> = {};
  for (const module of API_MODULES) if (typeof endpoints[module] === 'string') out[module] = endpoints[module] as string;
  return out;
}
