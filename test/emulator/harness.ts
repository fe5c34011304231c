// Starts a private emulator for a test file: fresh data directory, free port, fast clock.
// Tests speak to it with plain fetch (never our own client), as the conformance suite must.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultOptions, startEmulator, type RunningEmulator } from '../../emulator/server';
import type { EmulatorOptions } from '../../emulator/context';

export const TOKEN = 'conformance-token';
/** Accepted too, but lacks write access: GETs and new submissions only, everything else 403. */
export const READ_ONLY_TOKEN = 'conformance-read-only-token';

export interface TestEmulator extends RunningEmulator {
  dataDir: string;
  /** `${origin}${modulePath}${path}` with access_token added (TOKEN unless `token` names another). */
  url(module: 'containers' | 'compilers' | 'problems', p: string, query?: Record<string, string | string[]>, token?: string): string;
}

const MODULE_API = { containers: '/containers/api/v1', compilers: '/compilers/api/v4', problems: '/problems/api/v4' };

/** close() also removes the data directory (about 8 MB), unless the caller passed its own. */
export async function startTestEmulator(overrides: Partial<EmulatorOptions> = {}): Promise<TestEmulator> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'se-emu-'));
  const removeOwn = () => overrides.dataDir === undefined && fs.rmSync(dataDir, { recursive: true, force: true });
  const emu = await startEmulator(defaultOptions({ dataDir, tokens: [TOKEN], readOnlyTokens: [READ_ONLY_TOKEN], workspaceStartMs: 200, testHooks: true, ...overrides }));
  return {
    ...emu,
    dataDir,
    close: () => emu.close().finally(removeOwn),
    url(module, p, query = {}, token = TOKEN) {
      const u = new URL(emu.origin + MODULE_API[module] + p);
      u.searchParams.set('access_token', token);
      for (const [k, v] of Object.entries(query)) {
        if (Array.isArray(v)) for (const item of v) u.searchParams.append(k, item);
        else u.searchParams.set(k, v);
      }
      return u.toString();
    },
  };
}

/** A call to one of the emulator's /__emulator test hooks, with the token they require. */
export function testHook(emu: { origin: string }, method: string, route: string, body?: unknown, token = TOKEN): Promise<Response> {
  return fetch(`${emu.origin}/__emulator/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function json(res: Response): Promise<any> {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POSTs a JSON submission to Compilers or Problems and polls it (never a fixed wait) until it is no longer executing. */
export async function submitAndWait(emu: TestEmulator, module: 'compilers' | 'problems', body: Record<string, unknown>): Promise<any> {
  const res = await fetch(emu.url(module, '/submissions'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const created = await json(res);
  if (res.status !== 201) throw new Error(`POST ${module}/submissions: ${res.status} ${JSON.stringify(created)}`);
  return waitUntilDone(emu, module, created.id);
}

/** A stream of a finished submission's result as text ('' when the result has none). */
export async function streamText(sub: any, name: string): Promise<string> {
  const stream = sub.result.streams[name];
  return stream ? (await fetch(stream.uri)).text() : '';
}

/** Polls a Compilers or Problems submission every 50 ms until it is no longer executing; fails after `seconds`. */
export async function waitUntilDone(emu: TestEmulator, module: 'compilers' | 'problems', id: number, seconds = 60): Promise<any> {
  for (let i = 0; i < seconds * 20; i++) {
    const res = await fetch(emu.url(module, `/submissions/${id}`));
    const sub = await json(res);
    if (res.status !== 200) throw new Error(`GET ${module} submission ${id}: HTTP ${res.status} ${JSON.stringify(sub)}`);
    if (!sub.executing) return sub;
    await sleep(50);
  }
  throw new Error(`${module} submission ${id} still executing after ${seconds} s`);
}
