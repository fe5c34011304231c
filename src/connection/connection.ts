// The connection to the three modules: which profile, which endpoint, which token, and a lazily
// built client per module that is thrown away whenever the profile, a setting or a token changes.
// Features ask this object for clients and listen to onDidChange to refresh; they never read
// tokens themselves.
import * as vscode from 'vscode';
import { API_MODULES, isAbortError, MODULE_LABELS, normaliseEndpoint, SphereApiError, type ApiModule } from '../api';
import type { Log } from '../ui/log';
import { clientOptions, createClient, type ModuleClient, type ModuleClients } from './client-factory';
import { emulatorEndpoint, type EmulatorInfo } from './emulator-env';
import { resolveEndpoint, type ResolvedEndpoint } from './endpoints';
import { ProfileStore } from './profile-store';
import { activeProfile, type Profile, type ProfilesState } from './profiles';
import { affectsConnection } from './settings';
import type { TokenStore } from './token-store';
import type { ConnectionTestResult } from './test-result';
import { switchToEmulator, type UseEmulatorResult } from './use-emulator';
import { LocalEmulatorState } from './local-emulator-state';
import type { EmulatorInUse } from './emulator-in-use';

export type { ConnectionTestResult } from './test-result';

export type ModuleState = 'signedOut' | 'untested' | 'ok' | 'failed';

/** Context key: the active profile is the built-in emulator profile and its emulator is not running (viewsWelcome). */
export const EMULATOR_STOPPED_KEY = 'sphereEngine.emulatorStopped';
/** Context key: the profiles and tokens are loaded (before it, viewsWelcome says so instead of "Set … Access Token"). */
export const CONNECTION_READY_KEY = 'sphereEngine.connectionReady';
/** The message a request that was answered with a 2xx leaves as the module's state (it counts as tested). */
export const ANSWERED_MESSAGE = 'connected (answered a request)';

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
  /** The local emulator as this window knows it (local-emulator-state.ts). */
  private readonly local: LocalEmulatorState;

  constructor(
    private readonly tokens: TokenStore,
    globalState: vscode.Memento,
    private readonly log: Log,
    readonly emulator: EmulatorInfo | undefined,
  ) {
    this.store = new ProfileStore(globalState);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the host's getter reads `ready`, set below
    const connection = this;
    this.local = new LocalEmulatorState(
      {
        get ready() {
          return connection.ready;
        },
        loaded: () => this.store.loaded,
        state: () => this.store.state,
        profile: () => this.profile(),
        tryEndpoint: (module) => this.tryEndpoint(module),
        token: (profileId, module) => this.tokens.get(profileId, module),
        updateProfiles: (next, why) => this.updateProfiles(next, why),
        statusChanged: () => this.statusChanged.fire(),
      },
      emulator,
      log,
    );
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
    this.ready = this.initialize()
      .catch((err) => this.log.error(err instanceof Error ? err : String(err)))
      .then(() => vscode.commands.executeCommand('setContext', CONNECTION_READY_KEY, true))
      .then(
        () => undefined,
        () => undefined,
      );
  }

  /** Loads the profiles, reads which modules have tokens; seeds empty ones from SPHERE_ENGINE_EMULATOR. No network. */
  private async initialize(): Promise<void> {
    await this.store.load(this.tokens, this.emulator, this.log);
    this.log.info(`connection profile: ${this.profile().name}`);
    // Before any client is built (they wait for `ready`): no request goes to a port the emulator left.
    await this.local.afterLoad(this.store.replacedEmulatorOrigin, (next) => this.store.save(next));
    await Promise.all(API_MODULES.map((module) => this.seedFromEmulator(module)));
    await Promise.all(API_MODULES.map((module) => this.refreshSignedIn(module)));
    const unsandboxed = this.unsandboxedEmulatorWarning();
    if (unsandboxed) this.log.warn(unsandboxed);
  }

  // ---- The local emulator (local-emulator-state.ts): the same methods, delegated. ----

  get emulatorFoundStopped(): boolean {
    return this.local.emulatorFoundStopped;
  }

  get emulatorLeftOnLoad(): string | undefined {
    return this.local.emulatorLeftOnLoad;
  }

  /** True while the emulator profile is active and its emulator is not running. */
  emulatorNotRunning(): boolean {
    return this.local.emulatorNotRunning();
  }

  /** The check a window makes when it starts, made again now; true when the emulator was gone. */
  checkEmulator(): Promise<boolean> {
    return this.local.checkEmulator();
  }

  /** The emulator feature's auto-start is over (started, failed or not attempted). */
  autoStartDone(): void {
    this.local.autoStartDone();
  }

  /** Start Local Emulator begins: until the function returned is called, commands wait and views say "starting". */
  emulatorStartBegins(): () => void {
    return this.local.emulatorStartBegins();
  }

  /** True while a start of the local emulator is under way. */
  emulatorStarting(): boolean {
    return this.local.emulatorStarting();
  }

  /** What every command waits for before it runs (the command gate): the profiles loaded, and no start of the local emulator under way. */
  settled(): Promise<void> {
    return this.local.settled();
  }

  /** The emulator at `origin` stopped: the emulator profile forgets it. */
  emulatorStopped(origin: string): Promise<void> {
    return this.local.emulatorStopped(origin);
  }

  /** Start Local Emulator tells the connection what it started (or reuses: another window's). */
  emulatorStarted(info: Omit<EmulatorInfo, 'token'> & { reused?: boolean }): void {
    this.local.emulatorStarted(info);
  }

  /** True when the module's requests go to the emulator this window started or reuses. */
  usesOwnEmulator(module: ApiModule): boolean {
    return this.local.usesOwnEmulator(module);
  }

  /** The local emulator the active profile uses, and whose it is; undefined when none. */
  emulatorInUse(): EmulatorInUse | undefined {
    return this.local.emulatorInUse();
  }

  /** The local emulator this window knows of (announced, else started here). Never its token. */
  get localEmulator(): Omit<EmulatorInfo, 'token'> | undefined {
    return this.local.localEmulator;
  }

  /** An error as this window understands it: a refused connection to its emulator means it is not running. */
  explainError(error: SphereApiError, sentTo: string): SphereApiError {
    return this.local.explainError(error, sentTo);
  }

  /** Said wherever the emulator's status shows when a module uses an emulator that runs programs unsandboxed. */
  unsandboxedEmulatorWarning(): string | undefined {
    return this.local.unsandboxedEmulatorWarning();
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
   * Replaces the profiles list (add, rename, remove, endpoints, switch: features/connection/profile-commands.ts makes
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
    if (this.step) this.step.profiles = true;
    else this.profileChanged.fire();
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

  /** A token to use: stored, and (on the emulator profile) an emulator running to use it with. */
  async hasToken(module: ApiModule): Promise<boolean> {
    await this.ready;
    return !this.emulatorNotRunning() && this.tokens.has(this.profile().id, module);
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
    // Never for a state half switched (inOneStep): the endpoint of after with the token of before.
    while (this.step) await this.step.done;
    const endpoint = this.endpoint(module);
    const profile = this.profile();
    const token = await this.tokens.get(profile.id, module);
    if (!token) throw noTokenError(module, profile);
    return createClient(
      module,
      clientOptions(
        endpoint.baseUrl,
        token,
        (line) => {
          this.log.info(line);
          this.noteAnswer(module, endpoint.baseUrl, line);
        },
        (error) => this.explainError(error, endpoint.baseUrl),
      ),
    );
  }

  /**
   * A request the module answered with a 2xx proves its endpoint and token as well as GET /test
   * would: an untested module counts as connected from then on (the status bar no longer says
   * "not tested yet" beside views full of its data). `line` is the api layer's per-request log line,
   * "<METHOD> <url> <status> <ms>ms".
   */
  private noteAnswer(module: ApiModule, endpoint: string, line: string): void {
    if (!/ 2\d\d \d+ms$/.test(line) || this.status(module).state !== 'untested') return;
    if (this.tryEndpoint(module)?.baseUrl !== endpoint) return;
    this.record(true, { module, ok: true, message: ANSWERED_MESSAGE, endpoint });
  }

  /**
   * GET /test for one module. With `token`, checks that token instead of the stored one (used
   * before saving a new token), and with `at` as well, at that endpoint (as typed: customer id or
   * URL) instead of the profile's; the result is then not recorded as the module's state.
   */
  async test(module: ApiModule, options: { token?: string; at?: string; signal?: AbortSignal } = {}): Promise<ConnectionTestResult> {
    let endpoint: string | undefined;
    // Test Connection right after start-up must wait for the profiles, not report them missing.
    await this.ready;
    try {
      // `at` (with `token`): a candidate endpoint not in the active profile yet (Use Local Emulator).
      endpoint = options.token !== undefined && options.at !== undefined ? normaliseEndpoint(module, options.at) : this.endpoint(module).baseUrl;
      let client: ModuleClient;
      if (options.token !== undefined) {
        client = createClient(
          module,
          clientOptions(endpoint, options.token, (line) => this.log.info(line)),
        );
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

  /**
   * Use Local Emulator, without its questions: the built-in emulator profile pointed at
   * `emulator` and signed in to all three modules with its token, each module tested there first
   * (see use-emulator.ts). Nothing changes unless all three answer.
   */
  async useEmulator(emulator: EmulatorInfo): Promise<UseEmulatorResult> {
    await this.ready;
    return switchToEmulator(this, emulator);
  }

  /**
   * Runs `change` (a profile switch with its tokens: Use Local Emulator) as one step no view can
   * see half done: until it ends, no client is built (a view asking then waits, and gets one for
   * the endpoint and token of after) and no module is told of a change; at its end each module it
   * touched is told once. Without it the Problems view asked the new port with the old token and
   * showed "access token was rejected (HTTP 401)" (issue 40, item 1).
   */
  async inOneStep<T>(why: string, change: () => Promise<T>): Promise<T> {
    await this.ready;
    while (this.step) await this.step.done;
    let finish!: () => void;
    const step: OneStep = { modules: new Set(), profiles: false, done: new Promise<void>((resolve) => (finish = resolve)) };
    this.step = step;
    try {
      return await change();
    } finally {
      this.step = undefined;
      for (const module of step.modules) {
        // Clients built meanwhile (none should be) are for the state of before the end: drop them.
        this.dropClient(module);
        this.log.debug(`${MODULE_LABELS[module]}: client reset (${why})`);
        await this.refreshSignedIn(module);
        this.changed.fire(module);
      }
      if (step.profiles) this.profileChanged.fire();
      finish();
    }
  }

  /** Set while inOneStep runs: what it touched, told at its end. */
  private step: OneStep | undefined;

  /** GET /test on the three modules in parallel. */
  async testAll(signal?: AbortSignal): Promise<ConnectionTestResult[]> {
    return Promise.all(API_MODULES.map((module) => this.test(module, { signal })));
  }

  /** Stores a token; `verified` is the GET /test result that accepted it, kept as the module's state. */
  async setToken(module: ApiModule, token: string, verified?: ConnectionTestResult): Promise<void> {
    await this.ready;
    const profile = this.profile();
    await this.tokens.set(profile.id, module, token);
    await this.store.setSignedOut(
      profile.id,
      this.store.signedOut(profile.id).filter((m) => m !== module),
    );
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
    const line = result.ok ? `${MODULE_LABELS[result.module]}: connection ok (${result.message})` : `${MODULE_LABELS[result.module]}: connection failed: ${result.message}`;
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
    if (this.step) {
      this.step.modules.add(module);
      return;
    }
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
    if (this.step) {
      this.step.modules.add(module);
      return;
    }
    const signedIn = await this.tokens.has(this.profile().id, module);
    this.signedIn.set(module, signedIn);
    await vscode.commands.executeCommand('setContext', `sphereEngine.${module}.signedIn`, signedIn);
    await vscode.commands.executeCommand('setContext', EMULATOR_STOPPED_KEY, this.emulatorNotRunning());
    this.statusChanged.fire();
  }

  dispose(): void {
    // An auto-start no feature will make now: commands and views wait for it no longer.
    this.autoStartDone();
    for (const { client } of this.clients.values()) client.then((c) => c.http.close()).catch(() => undefined);
    this.clients.clear();
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** A change made in one step (Connection.inOneStep): the modules and whether the profiles changed, and when it is done. */
interface OneStep {
  modules: Set<ApiModule>;
  profiles: boolean;
  done: Promise<void>;
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
