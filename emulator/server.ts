// One process, three modules under one port, on loopback only.
import * as http from 'node:http';
import * as os from 'node:os';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';
import { Clock } from './clock';
import { MODULE_PATHS, type EmulatorContext, type EmulatorOptions } from './context';
import { ApiError, errorResponse } from './http/errors';
import { requireToken } from './http/auth';
import { callerToken, tokenScope } from './http/read-only';
import { Faults, faultMiddleware } from './http/faults';
import { browserGuard } from './http/browser-guard';
import { bodyCap } from './http/body-cap';
import { registerTestHooks } from './http/test-hooks';
import { registerChallenge } from './http/challenge';
import { PollGuard } from './http/poll-guard';
import { RequestLog, redactUrl } from './request-log';
import { Store } from './store';
import { CountingJobPool, queueCap } from './http/queue-cap';
import { containersModule, containersPagesApp } from './containers';
import { compilersModule } from './compilers';
import { problemsModule } from './problems';

export interface RunningEmulator {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Base URLs as a user would configure them; the client appends /api/v1 or /api/v4. */
  endpoints: Record<keyof typeof MODULE_PATHS, string>;
  ctx: EmulatorContext;
  faults: Faults;
  close(): Promise<void>;
}

export function defaultOptions(overrides: Partial<EmulatorOptions> = {}): EmulatorOptions {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '.emulator-data',
    tokens: [],
    readOnlyTokens: [],
    pollMinIntervalMs: 0,
    clockSpeed: 1,
    workspaceStartMs: 2000,
    faults: [],
    sandbox: 'auto',
    slots: 4,
    verbose: false,
    // One more than the cores: verdicts are CPU time, so a run waiting for a core loses nothing, and
    // the runs' sandbox starts overlap the emulator's own work (BENCHMARKS.md, issue 37).
    workers: os.availableParallelism() + 1,
    workOnDisk: false,
    testHooks: false,
    queueCapPerToken: 1000,
    unpackMaxBytes: 256 * 1024 * 1024,
    unpackMaxEntries: 20_000,
    ...overrides,
  };
}

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  // No default token: a well-known one would let any local program (or web page) run code here.
  if (options.tokens.length === 0) throw new Error('the emulator needs at least one access token');
  let origin = '';
  let port = 0;
  const store = new Store(options.dataDir);
  const jobs = new CountingJobPool(options.workers);
  // Closers run last-registered first: the store and the pool, registered first, close after
  // every module has stopped its runs.
  const closers: Array<() => void | Promise<void>> = [() => store.close(), () => jobs.close()];
  const tokens = new Set(options.tokens);
  const readOnly = new Set(options.readOnlyTokens.filter((t) => !tokens.has(t)));
  const faults = new Faults(options.faults);
  const ctx: EmulatorContext = {
    options,
    store,
    jobs,
    clock: new Clock(options.clockSpeed),
    requests: new RequestLog(),
    pollGuard: new PollGuard(options.pollMinIntervalMs),
    origin: () => origin,
    streamToken: () => callerToken() || ([...tokens][0] ?? ''),
    onClose: (fn) => closers.push(fn),
  };

  const app = new Hono<{ Bindings: HttpBindings }>();

  app.use('*', async (c, next) => {
    const started = Date.now();
    await next();
    const entry = {
      at: started,
      method: c.req.method,
      url: redactUrl(c.req.url.replace(origin, '')),
      status: c.res.status,
      ms: Date.now() - started,
    };
    if (!entry.url.startsWith('/__emulator')) ctx.requests.add(entry);
    if (options.verbose) console.log(`${entry.method} ${entry.url} ${entry.status} ${entry.ms}ms`);
  });
  // Before anything that acts on a request: a refused one changes nothing and runs nothing.
  app.use(
    '*',
    browserGuard(() => port),
  );
  // Before any route reads a body: one above its cap is refused unread (http/body-cap.ts).
  app.use('*', bodyCap());
  app.use('*', faultMiddleware(faults));

  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    // The details name host folders (the data directory, temp files): they go to the emulator's
    // stderr only, never into an answer. The path without its query keeps the token out of the log.
    console.error(`[emulator] unexpected error in ${c.req.method} ${new URL(c.req.url).pathname}:`, err);
    return c.json({ error_code: 1003, message: 'internal emulator error' }, 500);
  });
  app.notFound((c) => c.json({ error_code: 404, message: 'resource not found' }, 404));

  const isValid = (t: string) => tokens.has(t) || readOnly.has(t);
  const mount = (module: keyof typeof MODULE_PATHS, sub: Hono) => {
    const path = MODULE_PATHS[module];
    const guarded = new Hono();
    guarded.use('*', requireToken(isValid));
    guarded.use(
      '*',
      tokenScope(module, path, (t) => readOnly.has(t)),
    );
    guarded.use(
      '*',
      queueCap(jobs, path, () => options.queueCapPerToken),
    );
    guarded.route('/', sub);
    app.route(path, guarded);
  };
  mount('containers', containersModule(ctx));
  // The workspace IDE and preview pages that workspace_url / preview_url point to (no API token:
  // the real pages use a workspace token instead).
  app.route('/containers', containersPagesApp(ctx));
  mount('compilers', compilersModule(ctx));
  mount('problems', problemsModule(ctx));

  registerChallenge(app, () => [...tokens][0]);
  if (options.testHooks) registerTestHooks(app, ctx, faults, tokens);

  const server = createAdaptorServer({ fetch: app.fetch, createServer: http.createServer }) as http.Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: the emulator runs code it is sent.
    server.listen(options.port, '127.0.0.1', () => resolve());
  }).catch(async (err) => {
    for (const fn of closers.reverse()) await fn();
    throw err;
  });
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    endpoints: {
      containers: `${origin}/containers`,
      compilers: `${origin}/compilers`,
      problems: `${origin}/problems`,
    },
    ctx,
    faults,
    close: async () => {
      for (const fn of closers.reverse()) await fn();
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
