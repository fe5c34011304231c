// Fault injection for tests: latency, error statuses, broken bodies and dropped connections on
// chosen routes. Set at start (--faults file) or at run time (POST /__emulator/faults).
import type { Context, MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
// The adapter's documented marker for "this handler wrote (or cut) the response itself": it then
// writes nothing more into the socket. Any other Response would be written after ours.
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';

export const FAULT_KINDS = [
  'latency', // wait `ms`, then answer normally
  'status', // answer `status` with a JSON error envelope (5xx by default)
  'html', // answer `status` with an HTML error page
  'malformed-json', // 200 with a body that is not JSON
  'truncated-json', // 200 with JSON cut in the middle
  'wrong-content-type', // the real answer, labelled text/plain
  'drop', // close the connection without an answer
  'drop-request-body', // read `bytes` of the request body, then close the connection
  'drop-response-body', // send headers and `bytes` of the real body (never all of it), then close
  'json', // answer `status` (200 by default) with `body` as JSON: what a hostile or broken server sends
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  /** Regular expression matched against the path (no query). */
  path: string;
  method?: string;
  kind: FaultKind;
  ms?: number;
  status?: number;
  /** For `status`: the envelope's error_code (default: the status) and message, to stand in for spec errors the emulator has no state for (409/200510, 409/200612). */
  errorCode?: number;
  message?: string;
  bytes?: number;
  /** How many requests it hits before it disarms; absent means every request. */
  times?: number;
  /** For `json`: the answer's body. */
  body?: unknown;
}

export class Faults {
  private rules: FaultRule[] = [];

  constructor(initial: FaultRule[] = []) {
    this.set(initial);
  }

  set(rules: FaultRule[]): void {
    this.rules = rules.map((r) => ({ ...r }));
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** The first armed rule for this request, counting it down. */
  take(method: string, path: string): FaultRule | undefined {
    for (const rule of this.rules) {
      if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) continue;
      if (!new RegExp(rule.path).test(path)) continue;
      if (rule.times !== undefined) {
        if (rule.times <= 0) continue;
        rule.times -= 1;
      }
      return rule;
    }
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Tells the node adapter that this answer was written (or cut) by hand: it then writes nothing. */
function answeredByHand(c: Context): void {
  // Clear first: a Response set over an existing one is merged with it into a new adapter
  // response, which loses the marker and is written into the socket after ours.
  c.res = undefined;
  c.res = RESPONSE_ALREADY_SENT;
}

export function faultMiddleware(faults: Faults): MiddlewareHandler<{ Bindings: HttpBindings }> {
  return async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (path.startsWith('/__emulator')) return next();
    const rule = faults.take(c.req.method, path);
    if (!rule) return next();
    const socket = c.env?.incoming?.socket;
    switch (rule.kind) {
      case 'latency':
        await sleep(rule.ms ?? 1000);
        return next();
      case 'status':
        return c.json({ error_code: rule.errorCode ?? rule.status ?? 500, message: rule.message ?? 'injected fault: internal server error' }, (rule.status ?? 500) as 500);
      case 'json':
        return c.json(rule.body ?? null, (rule.status ?? 200) as 200);
      case 'html':
        return c.html('<html><body><h1>502 Bad Gateway</h1></body></html>', (rule.status ?? 502) as 502);
      case 'malformed-json':
        return c.body('{"items": [ this is not json', 200, { 'content-type': 'application/json' });
      case 'truncated-json':
        return c.body('{"items": [{"id": 1, "name": "trunc', 200, { 'content-type': 'application/json' });
      case 'wrong-content-type': {
        await next();
        const body = await c.res.text();
        c.res = new Response(body, { status: c.res.status, headers: { 'content-type': 'text/plain' } });
        return;
      }
      case 'drop':
        socket?.destroy();
        answeredByHand(c);
        return;
      case 'drop-request-body': {
        const incoming = c.env.incoming;
        const limit = rule.bytes ?? 1024;
        let seen = 0;
        await new Promise<void>((resolve) => {
          incoming.on('data', (chunk: Buffer) => {
            seen += chunk.length;
            if (seen >= limit) {
              incoming.socket.destroy();
              resolve();
            }
          });
          incoming.on('end', () => {
            incoming.socket.destroy();
            resolve();
          });
          incoming.on('error', () => resolve());
        });
        answeredByHand(c);
        return;
      }
      case 'drop-response-body': {
        await next();
        const full = Buffer.from(await c.res.arrayBuffer());
        // At least one byte short of the whole: a cut that delivers everything would be no cut.
        const part = full.subarray(0, Math.max(0, Math.min(rule.bytes ?? 16, full.length - 1)));
        const out = c.env.outgoing;
        // Announce the whole length, send a part, then cut the connection.
        out.writeHead(c.res.status, {
          'content-type': c.res.headers.get('content-type') ?? 'application/octet-stream',
          'content-length': String(full.length),
        });
        out.write(part, () => setTimeout(() => out.socket?.destroy(), 20));
        // After next() a returned Response is ignored: the adapter would write the consumed one
        // (ERR_INVALID_STATE) and its error text into this socket. The marker stops it.
        answeredByHand(c);
        return;
      }
    }
  };
}
