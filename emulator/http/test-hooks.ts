// The emulator's test controls under /__emulator: request log, fault rules, clock, accepted tokens,
// polling guard. Not part of any Sphere Engine API, and a way to take over the emulator (swap its
// tokens, break its answers), so they exist only when the emulator is started with --test-hooks
// (the test harnesses pass it), and then only for the token the emulator was started with, which
// /__emulator/tokens cannot take away (a test that revokes the API token can still restore it).
// Every hook checks its whole body before it changes anything: a malformed body is 400, no change.
import type { Context, Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { EmulatorContext } from '../context';
import { apiError } from './errors';
import { requireToken } from './auth';
import { FAULT_KINDS, type Faults, type FaultRule } from './faults';
import { compileCacheFor } from '../languages';
import { runnerPhases } from '../runner';

const badBody = (why: string) => apiError(400, 400, `invalid body: ${why}`);

async function jsonObject(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badBody('expected a JSON object');
  return body as Record<string, unknown>;
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optional = (v: unknown, check: (x: unknown) => boolean) => v === undefined || check(v);

function checkFaultRule(rule: unknown, index: number): FaultRule {
  const where = `items[${index}]`;
  if (typeof rule !== 'object' || rule === null) throw badBody(`${where} is not an object`);
  const r = rule as Record<string, unknown>;
  if (typeof r.path !== 'string') throw badBody(`${where}.path must be a regular expression string`);
  try {
    new RegExp(r.path);
  } catch {
    throw badBody(`${where}.path is not a valid regular expression`);
  }
  if (!FAULT_KINDS.includes(r.kind as FaultRule['kind'])) throw badBody(`${where}.kind must be one of ${FAULT_KINDS.join(', ')}`);
  for (const key of ['ms', 'status', 'errorCode', 'bytes', 'times'] as const) {
    if (!optional(r[key], isFiniteNumber)) throw badBody(`${where}.${key} must be a number`);
  }
  for (const key of ['method', 'message'] as const) {
    if (!optional(r[key], (v) => typeof v === 'string')) throw badBody(`${where}.${key} must be a string`);
  }
  return r as unknown as FaultRule;
}

/** Mounts the hooks on the root app; `apiTokens` is the live set the API modules accept. */
export function registerTestHooks(app: Hono<{ Bindings: HttpBindings }>, ctx: EmulatorContext, faults: Faults, apiTokens: Set<string>): void {
  const startTokens = new Set(ctx.options.tokens);
  app.use(
    '/__emulator/*',
    requireToken((token) => startTokens.has(token)),
  );

  app.get('/__emulator/requests', (c) => c.json({ items: ctx.requests.list() }));
  app.delete('/__emulator/requests', (c) => {
    ctx.requests.clear();
    return c.json({});
  });

  app.get('/__emulator/faults', (c) => c.json({ items: faults.list() }));
  app.post('/__emulator/faults', async (c) => {
    const { items = [] } = await jsonObject(c);
    if (!Array.isArray(items)) throw badBody('items must be an array of fault rules');
    faults.set(items.map(checkFaultRule));
    return c.json({ items: faults.list() });
  });
  app.delete('/__emulator/faults', (c) => {
    faults.set([]);
    return c.json({});
  });

  app.post('/__emulator/clock', async (c) => {
    const { advanceMs, speed } = await jsonObject(c);
    if (!optional(advanceMs, (v) => isFiniteNumber(v) && v >= 0)) throw badBody('advanceMs must be a number ≥ 0');
    if (!optional(speed, (v) => isFiniteNumber(v) && v > 0)) throw badBody('speed must be a number > 0');
    if (speed !== undefined) ctx.clock.setSpeed(speed as number);
    if (advanceMs) ctx.clock.advance(advanceMs as number);
    return c.json({ now: ctx.clock.now(), speed: ctx.clock.getSpeed() });
  });

  app.post('/__emulator/tokens', async (c) => {
    const { tokens } = await jsonObject(c);
    if (!Array.isArray(tokens) || tokens.length === 0 || !tokens.every((t) => typeof t === 'string' && t.length > 0)) {
      throw badBody('tokens must be a list of one or more non-empty strings');
    }
    apiTokens.clear();
    for (const t of tokens as string[]) apiTokens.add(t);
    return c.json({ count: apiTokens.size });
  });

  // What running programs cost (sums over this process's runs) and what the compile cache saved.
  app.get('/__emulator/runner', (c) => c.json({ phases: runnerPhases(), compile: compileCacheFor(ctx).stats() }));

  app.get('/__emulator/poll-guard', (c) => c.json({ minIntervalMs: ctx.pollGuard.minIntervalMs, trips: ctx.pollGuard.trips() }));
  app.post('/__emulator/poll-guard', async (c) => {
    const { minIntervalMs } = await jsonObject(c);
    if (!isFiniteNumber(minIntervalMs) || minIntervalMs < 0) throw badBody('minIntervalMs must be a number ≥ 0');
    ctx.pollGuard.minIntervalMs = minIntervalMs;
    return c.json({ minIntervalMs: ctx.pollGuard.minIntervalMs });
  });
}
