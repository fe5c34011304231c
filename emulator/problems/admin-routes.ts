// Emulator-only controls of this module (tests and demos): the account's submission pool, to
// reproduce 402/2. Not part of the Sphere Engine API.
import type { Hono } from 'hono';
import type { ProblemsDb } from './db';
import { apiError } from '../http/errors';

export function registerAdminRoutes(app: Hono, db: ProblemsDb): void {
  app.get('/__emulator/pool', (c) => c.json({ remaining: db.meta.submissionPool }));
  /** Body `{remaining: number | null}`; null means unlimited (the default). */
  app.post('/__emulator/pool', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const remaining = typeof body === 'object' && body !== null ? (body as { remaining?: unknown }).remaining : undefined;
    // Checked whole before it changes anything: a malformed body leaves the pool as it was.
    if (remaining !== null && !(typeof remaining === 'number' && Number.isInteger(remaining) && remaining >= 0)) {
      throw apiError(400, 400, 'invalid body: expected {"remaining": a whole number ≥ 0, or null for unlimited}');
    }
    db.meta.submissionPool = remaining;
    db.saveMeta();
    return c.json({ remaining: db.meta.submissionPool });
  });
}
