// The connection to the three modules: which profile, which endpoint, which token, and a lazily
// built client per module that is thrown away whenever the profile, a setting or a token changes.
// Features ask this object for clients and listen to onDidChange to refresh; they never read
// tokens themselves.
import * as vscode from 'vscode';
import {
  API_MODULES,
  isAbortError,
  MODULE_LABELS,
  SphereApiError,
  type ApiModule,
  type SuggestedAction,
} from '../../api';
import type { Log } from '../../ui/log';
import { clientOptions, createClient, type ModuleClient, type ModuleClients } from './clientFactory';
import { emulatorEndpoint, type EmulatorInfo } from './emulatorEnv';
import { resolveEndpoint, type ResolvedEndpoint } from './endpoints';
import { ProfileStore } from './profileStore';
import { activeProfile, type Profile, type ProfilesState } from './profiles';
import { affectsConnection } from './settings';
import type { TokenStore } from './tokenStore';

/** The outcome of GET /test for one module, as plain data (commands return it to tests). */
export interface ConnectionTestResult {
  module: ApiModule;
  ok: boolean;
  /** The server's message when ok, otherwise the plain-words explanation of the failure. */
  message: string;
  /** Normalised base URL, when one is configured. */
  endpoint?: string;
  status?: number;
  errorCode?: number;
  action?: SuggestedAction;
}

export type ModuleState = 'signedOut' | 'untested' | 'ok' | 'failed';

export interface ModuleStatus {
  module: ApiModule;
  state: ModuleState;
  lastTest?: ConnectionTestResult;
}

export class Connection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ApiModule>();
  /** Fires when a module's endpoint, token or proxy changed: its client has been rebuilt. */
  readonly onDidChange = this.changed.event;
  private readonly statusChanged = new vscode.EventEmitter<void>();
  /** Fires when the signed-in state or a test result changed (status bar, welcome views). */
  readonly onDidChangeStatus = this.statusChanged.event;
  private readonly profileChanged = new vscode.EventEmitter<void>();
  /** Fires when the profiles list or the active profile changed (after onDidChange of each module). */
  readonly onDidChangeProfiles = this.profileChanged.event;
  private readonly store: ProfileStore;

  /** Keyed by profile id and endpoint: two profiles on one endpoint still hold different tokens. */
  private readonly clients = new Map<ApiModule, { key: string; client: Promise<ModuleClient> }>();
  private readonly signedIn = new Map<ApiModule, boolean>();
  private readonly lastTests = new Map<ApiModule, ConnectionTestResult>();
  private readonly disposables: vscode.Disposable[] = [];
  /** Settles once the profiles were loaded (or migrated) and stored tokens read (and seeded from the emulator); never rejects. */
  readonly ready: Promise<void>;

  constructor(
    private readonly tokens: TokenStore,
    globalState: vscode.Memento,
    private readonly log: Log,
    readonly emulator: EmulatorInfo | undefined,
  ) {
    this.store = new ProfileStore(globalState);
    this.disposables.push(
      this.changed,
      this.statusChanged,
      this.profileChanged,
      tokens.onDidChange((change) => {
        if (this.store.loaded && change.profileId === this.profile().id) void this.invalidate(change.module, 'token changed');
      }),
      // A profile added, renamed, removed or switched to in another window is followed here when
      // this window gets the focus back (globalState is shared, but says nothing when it changes).
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused) void this.followOtherWindows();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        // Test results are kept: status() ignores those recorded for another endpoint.
        if (affectsConnection(event)) for (const module of API_MODULES) void this.invalidate(module, 'settings changed', false);
      }),
    );
    this.ready = this.initialize().catch((err) => this.log.error(err instanceof Error ? err : String(err)));
  }

  /** Loads the profiles, reads which modules have tokens; seeds empty ones from SPHERE_ENGINE_EMULATOR. No network. */
  private async initialize(): Promise<void> {
    await this.store.load(this.tokens, this.emulator, this.log);
    this.log.info(`connection profile: ${this.profile().name}`);
    await Promise.all(API_MODULES.map((module) => this.seedFromEmulator(module)));
    await Promise.all(API_MODULES.map((module) => this.refreshSignedIn(module)));
    const unsandboxed = this.unsandboxedEmulatorWarning();
    if (unsandboxed) this.log.warn(unsandboxed);
  }

  /**
   * Said wherever the emulator's status shows (log, status bar) when a module uses an emulator
   * that runs programs without a sandbox: whatever is run there runs as the user.
   */
  unsandboxedEmulatorWarning(): string | undefined {
    if (this.emulator?.sandboxed !== false) return undefined;
    const origin = `${this.emulator.origin}/`;
    if (!API_MODULES.some((module) => this.tryEndpoint(module)?.baseUrl.startsWith(origin))) return undefined;
    return `Local emulator at ${this.emulator.origin}: ${this.emulator.warning ?? 'programs run unsandboxed, as you'}.`;
  }

  /**
   * A development convenience: with the emulator announced and the module pointing at it, a
   * module without a token gets the emulator's token. Not after an explicit Sign Out. A different
   * token already stored for the emulator's endpoint was the emulator's own before: its data
   * directory was made anew (`--fresh`), or it came from before the emulator made a random token
   * per data directory. The announced one replaces it, so the user is not left with a 401.
   */
  private async seedFromEmulator(module: ApiModule): Promise<void> {
    if (!this.emulator || this.wasSignedOut(module)) return;
    const endpoint = this.tryEndpoint(module);
    // Only the announced emulator's token: the emulator profile may point at another one (Use Local Emulator).
    if (endpoint?.source !== 'emulator' || this.profile().emulatorOrigin !== this.emulator.origin) return;
    const id = this.profile().id;
    const stored = await this.tokens.get(id, module);
    if (stored === this.emulator.token) return;
    await this.tokens.set(id, module, this.emulator.token);
    const what = stored === undefined ? 'using' : "the emulator's token changed; now using";
    this.log.info(`${MODULE_LABELS[module]}: ${what} the local emulator at ${endpoint.baseUrl} (access_token=***)`);
  }

  /** The module's endpoint in the active profile; throws a SphereApiError when none is configured or it is invalid. */
  endpoint(module: ApiModule): ResolvedEndpoint {
    return resolveEndpoint(module, this.profile());
  }

  /** The active profile (the profiles are loaded before `ready` settles). */
  profile(): Profile {
    return activeProfile(this.store.state);
  }

  /** The active profile's name, or undefined before the profiles are loaded (for views drawn early). */
  profileName(): string | undefined {
    return this.store.loaded ? this.profile().name : undefined;
  }

  /** Every profile, and which one is active. */
  profiles(): ProfilesState {
    return this.store.state;
  }

  /** Ids made here are never in use, so no token can be waiting under them. */
  freshProfileId(): string {
    return this.store.freshId();
  }

  /**
   * Replaces the profiles list (add, rename, remove, endpoints, switch: profileCommands.ts makes
   * the new state with profiles.ts). Clients of a profile no longer active are dropped but not
   * closed: a submission still polling with one finishes against the profile it was sent to.
   */
  async updateProfiles(next: ProfilesState, why: string): Promise<void> {
    await this.ready;
    const before = this.profile();
    await this.store.save(next);
    const after = this.profile();
    const switched = before.id !== after.id;
    if (switched) {
      this.log.info(`connection profile: ${after.name} (${why})`);
      await Promise.all(API_MODULES.map((module) => this.seedFromEmulator(module)));
    }
    for (const module of API_MODULES) {
      if (switched || before.endpoints[module] !== after.endpoints[module] || before.emulatorOrigin !== after.emulatorOrigin) {
        await this.invalidate(module, why, switched);
      }
    }
    // Also said again when nothing changed: a switch to the active profile re-reads its tokens.
    if (!switched) for (const module of API_MODULES) await this.refreshSignedIn(module);
    this.profileChanged.fire();
  }

  /** Takes the profiles list another window stored, if it differs from this window's. */
  async followOtherWindows(): Promise<boolean> {
    await this.ready;
    const stored = this.store.storedByAnotherWindow(this.emulator);
    if (!stored) return false;
    await this.updateProfiles(stored, 'changed in another window');
    return true;
  }

  /** Deletes a profile's tokens (before it is removed: they would otherwise stay in the keychain). */
  async deleteProfileTokens(profileId: string): Promise<void> {
    for (const module of API_MODULES) await this.tokens.delete(profileId, module);
    await this.store.setSignedOut(profileId, []);
  }

  tryEndpoint(module: ApiModule): ResolvedEndpoint | undefined {
    try {
      return this.endpoint(module);
    } catch {
      return undefined;
    }
  }

  /** The emulator's URL for a module, when SPHERE_ENGINE_EMULATOR is set. */
  emulatorEndpoint(module: ApiModule): string | undefined {
    return this.emulator ? emulatorEndpoint(this.emulator.origin, module) : undefined;
  }

  async hasToken(module: ApiModule): Promise<boolean> {
    await this.ready;
    return this.tokens.has(this.profile().id, module);
  }

  /** Synchronous snapshot for the status bar and context keys. */
  status(module: ApiModule): ModuleStatus {
    // A result for an endpoint the module no longer uses says nothing about the current one.
    const recorded = this.lastTests.get(module);
    const lastTest = recorded && recorded.endpoint === this.tryEndpoint(module)?.baseUrl ? recorded : undefined;
    if (!this.signedIn.get(module)) return { module, state: 'signedOut', lastTest };
    if (!lastTest) return { module, state: 'untested' };
    return { module, state: lastTest.ok ? 'ok' : 'failed', lastTest };
  }

  /** The module's client, built on first use. Rejects with a SphereApiError when there is no endpoint or token. */
  client<M extends ApiModule>(module: M): Promise<ModuleClients[M]> {
    // Reading settings is cheap and synchronous: comparing the endpoint here means a client is
    // never used for an old endpoint, even before the configuration event has reached us.
    const keyNow = this.store.loaded ? `${this.profile().id} ${this.tryEndpoint(module)?.baseUrl ?? ''}` : '';
    let cached = this.clients.get(module);
    if (cached && cached.key !== keyNow) {
      this.dropClient(module);
      cached = undefined;
    }
    if (!cached) {
      const client = this.buildClient(module);
      const entry = { key: keyNow, client };
      this.clients.set(module, entry);
      // A failed build (no token yet) must not be cached: the next call tries again.
      client.catch(() => {
        if (this.clients.get(module) === entry) this.clients.delete(module);
      });
      cached = entry;
    }
    return cached.client as Promise<ModuleClients[M]>;
  }

  containers(): Promise<ModuleClients['containers']> {
    return this.client('containers');
  }

  compilers(): Promise<ModuleClients['compilers']> {
    return this.client('compilers');
  }

  problems(): Promise<ModuleClients['problems']> {
    return this.client('problems');
  }

  private async buildClient<M extends ApiModule>(module: M): Promise<ModuleClients[M]> {
    await this.ready;
    const endpoint = this.endpoint(module);
    const profile = this.profile();
    const token = await this.tokens.get(profile.id, module);
    if (!token) throw noTokenError(module, profile);
    return createClient(module, clientOptions(endpoint.baseUrl, token, (line) => this.log.info(line)));
  }

  /**
   * GET /test for one module. With `token`, checks that token instead of the stored one (used
   * before saving a new token); the result is then not recorded as the module's state.
   */
  async test(module: ApiModule, options: { token?: string; signal?: AbortSignal } = {}): Promise<ConnectionTestResult> {
    let endpoint: string | undefined;
    // Test Connection right after start-up must wait for the profiles, not report them missing.
    await this.ready;
    try {
      endpoint = this.endpoint(module).baseUrl;
      let client: ModuleClient;
      if (options.token !== undefined) {
        client = createClient(module, clientOptions(endpoint, options.token, (line) => this.log.info(line)));
      } else {
        client = await this.client(module);
      }
      try {
        const answer = await client.test(options.signal);
        return this.record(options.token === undefined, { module, ok: true, message: answer.message, endpoint });
      } finally {
        // A throwaway client for a candidate token holds a connection pool: release it.
        if (options.token !== undefined) await client.http.close().catch(() => undefined);
      }
    } catch (err) {
      if (isAbortError(err)) throw err;
      return this.record(options.token === undefined, failure(module, err, endpoint));
    }
  }

  /** GET /test on the three modules in parallel. */
  async testAll(signal?: AbortSignal): Promise<ConnectionTestResult[]> {
    return Promise.all(API_MODULES.map((module) => this.test(module, { signal })));
  }

  /** Stores a token; `verified` is the GET /test result that accepted it, kept as the module's state. */
  async setToken(module: ApiModule, token: string, verified?: ConnectionTestResult): Promise<void> {
    await this.ready;
    const profile = this.profile();
    await this.tokens.set(profile.id, module, token);
    await this.store.setSignedOut(profile.id, this.store.signedOut(profile.id).filter((m) => m !== module));
    this.log.info(`${MODULE_LABELS[module]}: access token saved in profile "${profile.name}" (access_token=***)`);
    await this.invalidate(module, 'token saved');
    if (verified?.ok) {
      this.lastTests.set(module, verified);
      this.statusChanged.fire();
    }
  }

  async signOut(module: ApiModule): Promise<void> {
    await this.ready;
    const profile = this.profile();
    await this.tokens.delete(profile.id, module);
    // Remembered so the emulator token is not seeded straight back in on the next start.
    await this.store.setSignedOut(profile.id, [...new Set([...this.store.signedOut(profile.id), module])]);
    this.lastTests.delete(module);
    this.log.info(`${MODULE_LABELS[module]}: signed out of profile "${profile.name}", access token deleted`);
    await this.invalidate(module, 'signed out');
  }

  private wasSignedOut(module: ApiModule): boolean {
    return this.store.signedOut(this.profile().id).includes(module);
  }

  private record(remember: boolean, result: ConnectionTestResult): ConnectionTestResult {
    const line = result.ok
      ? `${MODULE_LABELS[result.module]}: connection ok (${result.message})`
      : `${MODULE_LABELS[result.module]}: connection failed: ${result.message}`;
    if (result.ok) this.log.info(line);
    else this.log.warn(line);
    if (remember) {
      this.lastTests.set(result.module, result);
      this.statusChanged.fire();
    }
    return result;
  }

  private async invalidate(module: ApiModule, why: string, forgetTest = true): Promise<void> {
    // A closed pool would refuse the next poll of a submission being followed: see dropClient.
    this.dropClient(module);
    if (forgetTest) this.lastTests.delete(module);
    this.log.debug(`${MODULE_LABELS[module]}: client reset (${why})`);
    await this.refreshSignedIn(module);
    this.changed.fire(module);
  }

  /**
   * Forgets the module's client without closing it: work still running with it (a submission
   * being followed across a profile switch, a token, endpoint or HTTP setting change) keeps it,
   * and its idle sockets close by themselves after the pool's keep-alive time. Pools are closed
   * on dispose only.
   */
  private dropClient(module: ApiModule): void {
    this.clients.delete(module);
  }

  private async refreshSignedIn(module: ApiModule): Promise<void> {
    const signedIn = await this.tokens.has(this.profile().id, module);
    this.signedIn.set(module, signedIn);
    await vscode.commands.executeCommand('setContext', `sphereEngine.${module}.signedIn`, signedIn);
    this.statusChanged.fire();
  }

  dispose(): void {
    for (const { client } of this.clients.values()) client.then((c) => c.http.close()).catch(() => undefined);
    this.clients.clear();
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function noTokenError(module: ApiModule, profile: Profile): SphereApiError {
  return new SphereApiError({
    module,
    kind: 'invalidArgument',
    explanation: `No access token is set for Sphere Engine ${MODULE_LABELS[module]} in the connection profile "${profile.name}". Run "Sphere Engine: Set Access Token".`,
    action: 'setToken',
  });
}

function failure(module: ApiModule, err: unknown, endpoint: string | undefined): ConnectionTestResult {
  if (err instanceof SphereApiError) {
    return { module, ok: false, message: err.explanation, endpoint, status: err.status, errorCode: err.errorCode, action: err.action };
  }
  return { module, ok: false, message: err instanceof Error ? err.message : String(err), endpoint };
}
