// The emulator the host run started (scripts/test-host.js or scripts/test-electron.js), as the
// extension sees it: SPHERE_ENGINE_EMULATOR = {"origin":"http://127.0.0.1:PORT","token":"..."}.
// Tests read the emulator's admin routes (/__emulator/...) with plain fetch, never our own client.

export interface EmulatorInfo {
  origin: string;
  token: string;
  /** A token the emulator accepts without write access: reads and submits, every change 403. */
  readOnlyToken?: string;
}

export interface LoggedRequest {
  at: number;
  method: string;
  /** Path and query, access_token shown as ***. */
  url: string;
  status: number;
  ms: number;
}

export function emulatorInfo(): EmulatorInfo {
  const raw = process.env.SPHERE_ENGINE_EMULATOR;
  if (!raw) throw new Error('SPHERE_ENGINE_EMULATOR is not set: run host tests with `npm run test:host`');
  const info = JSON.parse(raw) as Partial<EmulatorInfo>;
  if (typeof info.origin !== 'string' || typeof info.token !== 'string') {
    throw new Error('SPHERE_ENGINE_EMULATOR must be JSON {"origin": "...", "token": "..."}');
  }
  return { origin: info.origin, token: info.token, readOnlyToken: info.readOnlyToken };
}

/**
 * A call to a test hook. The run starts the emulator with --test-hooks; the hooks take only the
 * token it was started with (in a header: it stays out of URLs), even while a test has revoked it
 * for the API.
 */
export function emulatorHook(method: string, route: string, body?: unknown): Promise<Response> {
  const { origin, token } = emulatorInfo();
  return fetch(`${origin}/__emulator/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function admin<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await emulatorHook(method, route, body);
  if (!res.ok) throw new Error(`${method} /__emulator/${route}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** Every API request the emulator answered so far (admin routes excluded), oldest first. */
export async function emulatorRequests(): Promise<LoggedRequest[]> {
  return (await admin<{ items: LoggedRequest[] }>('GET', 'requests')).items;
}

/** Forgets the request log, so a test can count the requests of one user action. */
export async function clearEmulatorRequests(): Promise<void> {
  await admin('DELETE', 'requests');
}

/** How often a client fetched one submission faster than the emulator's minimum interval. */
export async function pollGuardTrips(): Promise<{ minIntervalMs: number; trips: number }> {
  return admin('GET', 'poll-guard');
}

/** Fault rules (see emulator/http/faults.ts); remember to clear them in afterEach. */
export async function setEmulatorFaults(items: unknown[]): Promise<void> {
  await admin('POST', 'faults', { items });
}

/** The fault rules in force, with what is left of each (`times` counts down as a rule is used). */
export async function emulatorFaults(): Promise<Array<{ path: string; kind: string; times?: number }>> {
  return (await admin<{ items: Array<{ path: string; kind: string; times?: number }> }>('GET', 'faults')).items;
}

export async function clearEmulatorFaults(): Promise<void> {
  await admin('DELETE', 'faults');
}

/** Replaces the tokens the emulator's API accepts (the service revoking ours, and back). */
export async function setEmulatorTokens(tokens: string[]): Promise<void> {
  await admin('POST', 'tokens', { tokens });
}

/** Moves the emulator's clock (workspace timers, judging) without waiting for real time. */
export async function advanceEmulatorClock(advanceMs: number): Promise<void> {
  await admin('POST', 'clock', { advanceMs });
}

/** The requests that change something (not GET, not admin), as `METHOD /path` without the query. */
export async function changingRequests(): Promise<string[]> {
  return (await emulatorRequests()).filter((r) => r.method !== 'GET' && !r.url.startsWith('/__emulator')).map((r) => `${r.method} ${r.url.replace(/\?.*$/, '')}`);
}
