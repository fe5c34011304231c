// problems module routes (placeholder until the module lands).
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';

export function problemsModule(_ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.get('/test', (c) => c.json({ message: 'You can use Sphere Engine problems API' }));
  return app;
}
