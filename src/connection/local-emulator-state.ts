// What a window knows of the local emulator, apart from the profiles and clients that use it
// (connection.ts): whether the emulator the emulator profile remembers still runs (a challenge,
// never the token), the starts under way that commands wait for, the one this window started or
// reuses, and what a refused connection to it means. Connection hands it the few profile
// operations it needs (EmulatorProfileHost) and delegates its emulator methods here.
import * as vscode from 'vscode';
import { API_MODULES, type ApiModule, type SphereApiError } from '../api';
import { proveToken } from '../core/local-emulator';
import type { Log } from '../ui/log';
import type { EmulatorInfo } from './emulator-env';
import { autoStartEnabled, EMULATOR_STARTING_KEY, EmulatorStarts } from './emulator-start';
import type { EmulatorInUse } from './emulator-in-use';
import { emulatorNotRunningError, type ResolvedEndpoint } from './endpoints';
import { EMULATOR_PROFILE_ID, isEmulatorProfile, type Profile, type ProfilesState } from './profiles';

/** How long the check after a reload waits for the recorded emulator to answer its challenge. */
const EMULATOR_CHECK_MS = 2000;

/** What of the connection's profiles the emulator state reads and changes. */
export interface EmulatorProfileHost {
  /** Settles once the profiles are loaded. */
  readonly ready: Promise<void>;
  loaded(): boolean;
  state(): ProfilesState;
  profile(): Profile;
  tryEndpoint(module: ApiModule): ResolvedEndpoint | undefined;
  token(profileId: string, module: ApiModule): Promise<string | undefined>;
  updateProfiles(next: ProfilesState, why: string): Promise<void>;
  /** The views and status bar should read the state again. */
  statusChanged(): void;
}

export class LocalEmulatorState {
  /**
   * Set when this window started (a reload, a new window) on the emulator profile and found its
   * emulator gone: the emulator feature then starts it (sphereEngine.emulator.autoStart) or offers to.
   */
  emulatorFoundStopped = false;
  /**
   * Set when this window started on the emulator profile pointed at an emulator other than the one
   * npm start announces (one Start Local Emulator had started): the profile went back to npm
   * start's, and the emulator feature says so (issue 40, item 2). The origin it left.
   */
  emulatorLeftOnLoad: string | undefined;
  /** Starts of the local emulator under way: commands wait for them (settled), views say "starting". */
  private readonly starts: EmulatorStarts;
  /** Ends the auto-start counted from the moment the emulator was found gone (autoStartDone). */
  private autoStartEnd: (() => void) | undefined;

  constructor(
    private readonly host: EmulatorProfileHost,
    /** The emulator SPHERE_ENGINE_EMULATOR announces (npm start, the test runners). */
    private readonly announced: EmulatorInfo | undefined,
    private readonly log: Log,
  ) {
    this.starts = new EmulatorStarts((starting) => {
      void vscode.commands.executeCommand('setContext', EMULATOR_STARTING_KEY, starting);
      this.host.statusChanged();
    });
  }

  /**
   * Once the profiles are loaded, before any client is built (so no request goes to a port the
   * emulator left): whether the remembered emulator is gone, and which emulator a reload left.
   */
  async afterLoad(replacedOrigin: string | undefined, save: (next: ProfilesState) => Promise<void>): Promise<void> {
    this.emulatorLeftOnLoad = replacedOrigin;
    if (replacedOrigin)
      this.log.info(`The local emulator profile is back on the emulator npm start runs at ${this.announced?.origin} (it used the one at ${replacedOrigin} before the reload)`);
    const gone = await this.goneEmulatorOrigin();
    if (gone) this.expectAutoStart();
    if (gone) await save(withoutEmulatorOrigin(this.host.state(), gone));
    this.emulatorFoundStopped = gone !== undefined;
  }

  /**
   * True while the active profile is the built-in emulator profile and its emulator is not running
   * (it was stopped, or found gone): there is nothing to connect to until it is started again.
   */
  emulatorNotRunning(): boolean {
    if (!this.host.loaded()) return false;
    const profile = this.host.profile();
    return isEmulatorProfile(profile) && !profile.emulatorOrigin && API_MODULES.some((module) => !profile.endpoints[module]);
  }

  /**
   * The emulator profile remembers the origin of the emulator it was last pointed at; after a
   * reload that emulator may be gone (it ends with the window that started it), and its port may
   * even be someone else's now. Asked to prove that it knows the profile's token (never sent:
   * core/local-emulator/challenge.ts); when it cannot, the origin is forgotten. The emulator
   * announced by SPHERE_ENGINE_EMULATOR (npm start, tests) is its launcher's business: not checked.
   * Returns the origin that is gone, if any.
   */
  async goneEmulatorOrigin(): Promise<string | undefined> {
    const profile = this.host.profile();
    const origin = profile.emulatorOrigin;
    if (!isEmulatorProfile(profile) || !origin || origin === this.announced?.origin) return undefined;
    const tokens = await Promise.all(API_MODULES.map((module) => this.host.token(profile.id, module)));
    const token = tokens.find((t): t is string => !!t);
    if (!token) return undefined;
    const outcome = await proveToken(origin, token, EMULATOR_CHECK_MS);
    if (outcome === 'proven') return undefined;
    this.log.info(`The local emulator at ${origin} is not running (${outcome === 'unreachable' ? 'nothing listens there' : 'what answers there is not it'})`);
    return origin;
  }

  /** The check a window makes when it starts (see goneEmulatorOrigin), made again now; true when the emulator was gone. */
  async checkEmulator(): Promise<boolean> {
    await this.host.ready;
    const gone = await this.goneEmulatorOrigin();
    if (gone) this.expectAutoStart();
    if (gone) await this.emulatorStopped(gone);
    return gone !== undefined;
  }

  /**
   * The emulator was found gone and autoStart will start it again: counted as a start under way
   * from now, before the views learn it is gone, so they say "starting" and never "Set … Access
   * Token" or "not running" meanwhile, and commands wait for it. Ended by the start (or autoStartDone).
   */
  expectAutoStart(): void {
    if (autoStartEnabled()) this.autoStartEnd ??= this.starts.begin();
  }

  /** The emulator feature's auto-start is over (started, failed or not attempted). */
  autoStartDone(): void {
    const end = this.autoStartEnd;
    this.autoStartEnd = undefined;
    end?.();
  }

  /** Start Local Emulator begins: until the function returned is called, commands wait and views say "starting". */
  emulatorStartBegins(): () => void {
    const end = this.starts.begin();
    return () => {
      end();
      this.autoStartDone();
    };
  }

  /** True while a start of the local emulator is under way. */
  emulatorStarting(): boolean {
    return this.starts.starting;
  }

  /**
   * What every command waits for before it runs (the command gate, ui/commands.ts): the profiles
   * loaded, and no start of the local emulator under way (its endpoint is not known until it ends).
   */
  async settled(): Promise<void> {
    await this.host.ready;
    await this.starts.settled();
  }

  /**
   * The emulator at `origin` stopped (Stop Local Emulator, a crash, or a refused connection): the
   * emulator profile forgets it, so its views empty and every request says "not running" with
   * Start Local Emulator instead of failing against a dead port.
   */
  async emulatorStopped(origin: string): Promise<void> {
    if (this.started?.origin === origin) this.started = undefined;
    await this.host.ready;
    const emulatorProfile = this.host.state().profiles.find(isEmulatorProfile);
    if (emulatorProfile?.emulatorOrigin !== origin) return;
    await this.host.updateProfiles(withoutEmulatorOrigin(this.host.state(), origin), 'the local emulator stopped');
  }

  /** The local emulator this window started or reuses (Start Local Emulator), until it stops. */
  private started: (Omit<EmulatorInfo, 'token'> & { reused?: boolean }) | undefined;

  /** Start Local Emulator tells the connection what it started (or reuses: another window's): whether it is sandboxed, above all. */
  emulatorStarted(info: Omit<EmulatorInfo, 'token'> & { reused?: boolean }): void {
    this.started = { origin: info.origin, sandboxed: info.sandboxed, warning: info.warning, reused: info.reused };
  }

  /**
   * True when the module's requests go to the emulator this window started or reuses (Start Local
   * Emulator): one the extension started without polling protection. An emulator announced by
   * SPHERE_ENGINE_EMULATOR or typed as an endpoint may have it (the test suites start theirs so).
   */
  usesOwnEmulator(module: ApiModule): boolean {
    const endpoint = this.host.tryEndpoint(module);
    const profile = this.host.loaded() ? this.host.profile() : undefined;
    return !!this.started && endpoint?.source === 'emulator' && profile?.emulatorOrigin === this.started.origin;
  }

  /** The local emulator the active profile uses, and whose it is (emulator-in-use.ts); undefined when none. */
  emulatorInUse(): EmulatorInUse | undefined {
    if (!this.host.loaded()) return undefined;
    const profile = this.host.profile();
    const origin = profile.emulatorOrigin;
    if (!isEmulatorProfile(profile) || !origin || API_MODULES.every((module) => profile.endpoints[module])) return undefined;
    const owner = origin === this.started?.origin ? (this.started.reused ? 'otherWindow' : 'window') : origin === this.announced?.origin ? 'npmStart' : 'elsewhere';
    return { origin, owner };
  }

  /**
   * The local emulator this window knows of: the one announced by SPHERE_ENGINE_EMULATOR, else
   * the one Start Local Emulator started. Never its token.
   */
  get localEmulator(): Omit<EmulatorInfo, 'token'> | undefined {
    return this.announced ?? this.started;
  }

  /**
   * An error as this window understands it: a refused connection to the emulator the emulator
   * profile uses means that emulator is not running (and is forgotten, see emulatorStopped).
   * Applied by the profile's clients to every error they end a request with (HttpClientOptions).
   * `sentTo` is the base URL the request went to: a client built for another endpoint (the
   * profile changed while its request was under way) says nothing about the emulator.
   */
  explainError(error: SphereApiError, sentTo: string): SphereApiError {
    if (error.kind !== 'connectionRefused' || !this.host.loaded()) return error;
    const profile = this.host.profile();
    const now = this.host.tryEndpoint(error.module);
    if (!isEmulatorProfile(profile) || now?.source !== 'emulator' || now.baseUrl !== sentTo) return error;
    if (profile.emulatorOrigin) void this.emulatorStopped(profile.emulatorOrigin);
    return emulatorNotRunningError(error.module, profile);
  }

  /**
   * Said wherever the emulator's status shows (log, status bar) when a module uses an emulator
   * that runs programs without a sandbox: whatever is run there runs as the user.
   */
  unsandboxedEmulatorWarning(): string | undefined {
    if (this.announced?.sandboxed !== false) return undefined;
    const origin = `${this.announced.origin}/`;
    if (!API_MODULES.some((module) => this.host.tryEndpoint(module)?.baseUrl.startsWith(origin))) return undefined;
    return `Local emulator at ${this.announced.origin}: ${this.announced.warning ?? 'programs run unsandboxed, as you'}.`;
  }
}

/** The state with the emulator profile no longer pointing at `origin`. */
export function withoutEmulatorOrigin(state: ProfilesState, origin: string): ProfilesState {
  return {
    ...state,
    profiles: state.profiles.map((p) => (p.id === EMULATOR_PROFILE_ID && p.emulatorOrigin === origin ? { ...p, emulatorOrigin: undefined } : p)),
  };
}
