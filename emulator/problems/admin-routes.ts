// Emulator-only controls of this module (tests and demos): the account's submission pool, to
// reproduce 402/2, and the order in which an interactive run's two results reach the verdict.
// Not part of the Sphere Engine API.
import type { Hono } from 'hono';
import type { ProblemsDb } from './db';
import type { Judging } from './judging';
import { apiError } from '../http/errors';

const DELIVERY_SIDES = ['program', 'judge', null] as const;

export function registerAdminRoutes(app: Hono, db: ProblemsDb, judging: Judging): void {
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
  /**
   * Body `{last?: "program" | "judge" | null, programAfterJudge?: boolean}`: from now on, every
   * interactive run hands that side's result to the verdict only after the other side's (null: as
   * they come, the default), and starts its program only once its judge's run is over (default
   * false). Tests use it to make the order of arrival differ from the order in which the two
   * processes ended, and a judge finish before the program opened its input.
   */
  const interactiveControls = () => ({ last: judging.deliverLast, programAfterJudge: judging.programAfterJudge });
  app.get('/__emulator/interactive-delivery', (c) => c.json(interactiveControls()));
  app.post('/__emulator/interactive-delivery', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const given = typeof body === 'object' && body !== null ? (body as { last?: unknown; programAfterJudge?: unknown }) : {};
    const { last, programAfterJudge } = given;
    // Checked whole before it changes anything.
    const lastOk = last === undefined || DELIVERY_SIDES.includes(last as (typeof DELIVERY_SIDES)[number]);
    const afterOk = programAfterJudge === undefined || typeof programAfterJudge === 'boolean';
    if (!lastOk || !afterOk || (last === undefined && programAfterJudge === undefined)) {
      throw apiError(400, 400, 'invalid body: expected {"last": "program", "judge" or null, "programAfterJudge": true or false}, either or both');
    }
    if (last !== undefined) judging.deliverLast = last as Judging['deliverLast'];
    if (programAfterJudge !== undefined) judging.programAfterJudge = programAfterJudge as boolean;
    return c.json(interactiveControls());
  });
}
