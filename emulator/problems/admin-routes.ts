// Emulator-only controls of this module (tests and demos): the account's submission pool, to
// reproduce 402/2. Not part of the Sphere Engine API.
import type { Hono } from 'hono';
import type { ProblemsDb } from './db';

export function registerAdminRoutes(app: Hono, db: ProblemsDb): void {
  app.get('/__emulator/pool', (c) => c.json({ remaining: db.meta.submissionPool }));
  /** Body `{remaining: number | null}`; null means unlimited (the default). */
  app.post('/__emulator/pool', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { remaining?: number | null };
    const remaining = body.remaining;
    db.meta.submissionPool = typeof remaining === 'number' && remaining >= 0 ? Math.floor(remaining) : null;
    db.saveMeta();
    return c.json({ remaining: db.meta.submissionPool });
  });
}
