// Shared pieces of the fault suite: a private emulator, its admin routes (faults, request log,
// tokens, poll guard) spoken to with plain fetch, and our own API clients pointed at it with
// small timeouts and instant backoff sleeps that are recorded, so retries can be counted.
import * as assert from 'node:assert/strict';
import { CompilersClient, ContainersClient, ProblemsClient, SphereApiError, type HttpClientOptions } from '../../src/api';
import type { FaultRule } from '../../emulator/http/faults';
import { startTestEmulator, testHook, TOKEN, type TestEmulator } from '../emulator/harness';

export { startTestEmulator, TOKEN, type TestEmulator };
export type { FaultRule };

export interface LoggedRequest {
  method: string;
  url: string;
  status: number;
}

async function admin<T>(emu: { origin: string }, method: string, route: string, body?: unknown): Promise<T> {
  const res = await testHook(emu, method, route, body);
  assert.ok(res.ok, `${method} /__emulator/${route}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

export const setFaults = (emu: TestEmulator, items: FaultRule[]) => admin(emu, 'POST', 'faults', { items });
export const clearFaults = (emu: TestEmulator) => admin(emu, 'DELETE', 'faults');
/** The fault rules as the emulator holds them now (`times` counts down as they hit). */
export const listFaults = async (emu: TestEmulator) => (await admin<{ items: FaultRule[] }>(emu, 'GET', 'faults')).items;
export const clearRequests = (emu: TestEmulator) => admin(emu, 'DELETE', 'requests');
export const setTokens = (emu: TestEmulator, tokens: string[]) => admin(emu, 'POST', 'tokens', { tokens });
export const pollGuard = (emu: TestEmulator) => admin<{ minIntervalMs: number; trips: number }>(emu, 'GET', 'poll-guard');

/** API requests the emulator saw, optionally only those whose path matches. */
export async function requests(emu: TestEmulator, path?: RegExp, method?: string): Promise<LoggedRequest[]> {
  const { items } = await admin<{ items: LoggedRequest[] }>(emu, 'GET', 'requests');
  return items.filter((r) => (!path || path.test(r.url.split('?')[0])) && (!method || r.method === method));
}

/** Backoff waits a client asked for, instead of really waiting (retries stay fast and countable). */
export class RecordedSleeps {
  readonly waits: number[] = [];
  readonly sleep = async (ms: number) => {
    this.waits.push(ms);
  };
}

export interface ClientKit {
  containers: ContainersClient;
  compilers: CompilersClient;
  problems: ProblemsClient;
  sleeps: RecordedSleeps;
  log: string[];
  close(): Promise<void>;
}

/** Our three clients against the emulator; `overrides` for timeouts, retries, token, endpoint. */
export function clients(emu: { endpoints: Record<'containers' | 'compilers' | 'problems', string> }, overrides: Partial<HttpClientOptions> = {}): ClientKit {
  const sleeps = new RecordedSleeps();
  const log: string[] = [];
  const base = (endpoint: string): HttpClientOptions => ({
    endpoint,
    token: TOKEN,
    timeouts: { connectMs: 2000, headersMs: 5000, bodyMs: 5000 },
    retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 },
    sleep: sleeps.sleep,
    logger: (line) => log.push(line),
    ...overrides,
  });
  const kit: ClientKit = {
    containers: new ContainersClient(base(emu.endpoints.containers)),
    compilers: new CompilersClient(base(emu.endpoints.compilers)),
    problems: new ProblemsClient(base(emu.endpoints.problems)),
    sleeps,
    log,
    close: async () => {
      await Promise.all([kit.containers.close(), kit.compilers.close(), kit.problems.close()]);
    },
  };
  return kit;
}

/** Awaits a rejection and checks it is a SphereApiError (what every caller relies on). */
export async function apiError(promise: Promise<unknown>): Promise<SphereApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof SphereApiError, `expected a SphereApiError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to fail');
}

/** The message a person reads must say what happened and what to do, and never carry the token. */
export function assertUserFacing(err: SphereApiError, what: RegExp): void {
  assert.match(err.message, what);
  assert.ok(err.explanation.length > 20, 'an explanation in plain words');
  assert.ok(err.actionLabel.length > 0, 'a suggested action');
  assert.ok(!err.message.includes(TOKEN), 'no token in the message');
  assert.ok(!(err.url ?? '').includes(TOKEN), 'no token in the URL');
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
