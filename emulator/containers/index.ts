// containers module routes (placeholder until the module lands).
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';

export function containersModule(_ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.get('/test', (c) => c.json({ message: 'You can use Sphere Engine containers API' }));
  return app;
}
