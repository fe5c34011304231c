// Problems module (API v4): problems, test cases, judges and judged submissions.
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';
import { registerAdminRoutes } from './admin-routes';
import { ProblemsDb } from './db';
import { registerJudgeRoutes } from './judge-routes';
import { Judging } from './judging';
import { registerProblemRoutes } from './problem-routes';
import { seedProblems } from './seed';
import { registerSubmissionRoutes } from './submission-routes';
import { registerTestCaseRoutes } from './testcase-routes';
import { createToolchain } from './languages-toolchain';

export function problemsModule(ctx: EmulatorContext): Hono {
  const db = new ProblemsDb(ctx.store);
  seedProblems(db);
  const toolchain = createToolchain(ctx);
  const judging = new Judging(ctx, db, toolchain);
  judging.recoverInterrupted();

  const app = new Hono();
  app.get('/test', (c) => c.json({ message: 'You can use Sphere Engine Problems API.' }));
  app.get('/compilers', (c) => c.json({ items: toolchain.listCompilers() }));
  registerProblemRoutes(app, ctx, db);
  registerTestCaseRoutes(app, ctx, db);
  registerJudgeRoutes(app, ctx, db, toolchain);
  registerSubmissionRoutes(app, ctx, db, toolchain, judging);
  if (ctx.options.testHooks) registerAdminRoutes(app, db, judging);
  return app;
}
