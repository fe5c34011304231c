// Request bodies capped per route BEFORE they are read (issue 26 item 7: a 300 MB `source` once
// took the emulator from 105 MB to 1.33 GB of memory before it answered 400). A declared
// Content-Length above the cap is refused at once, unread; a chunked body is counted as the route
// reads it and fails the moment it passes the cap, and the answer is then the refusal.
//
// After a refusal the connection is not closed at once, even when the client asked for
// "Connection: close": closing a socket whose client is still sending makes the kernel answer with
// a reset, and the reset may destroy the refusal before the client has read it (the client then
// sees EPIPE or ECONNRESET and never learns why; the security suite met this one run in three).
// The answer therefore keeps the connection open: Node reads and discards (never keeps) what still
// arrives, the client closes once it has the answer, and the connection is cut LINGER_MS later if
// the client goes on sending: the "lingering close" of RFC 9112 section 9.6.
//
// Bodies in flight together are capped as well (issue 36 item 4: 50 concurrent 8 MiB bodies, each
// under its route's cap, took the emulator's memory up by about 300 MB): a declared length is
// reserved before the body is read and a chunked body is counted as it arrives, both released when
// the request has been answered. Past MAX_IN_FLIGHT_BYTES the request is answered 503 with
// Retry-After, its body unread, as for a body over its route's cap; a body alone is always let in.
import type { Context, MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MODULE_PATHS } from '../context';

const MiB = 1024 * 1024;
/** How long a refused request's client may go on sending (discarded) before the connection is cut. */
const LINGER_MS = 5000;

/**
 * Request bodies being read or held by their routes, all requests together. A route parses what it
 * reads (a form body becomes strings, then fields), so memory runs to a few times this, and the
 * refused bodies' bytes still pass through Node on their way to being discarded. 50 concurrent 8 MiB
 * bodies took RSS over idle to 101 MB at 64 MiB, to 94 MB quiet and 112 MB beside a CPU hog on every
 * core at 32 MiB, and to 70-77 MB at 16 MiB, quiet and beside three hogs a core.
 * One body alone is always admitted: its route's own cap bounds it (a 40 MiB test case).
 */
export const MAX_IN_FLIGHT_BYTES = 16 * MiB;
/** What a 503 for a busy emulator asks the client to wait, in seconds. */
export const IN_FLIGHT_RETRY_AFTER_SEC = 1;

export interface BodyCap {
  maxBytes: number;
  status: number;
  errorCode: number;
  what: string;
}

export const BODY_CAPS = {
  submission: { maxBytes: 8 * MiB, status: 400, errorCode: 201306, what: 'a submission (source at most 64 KiB, input at most 1 MiB)' },
  workspaceFile: { maxBytes: 17 * MiB, status: 413, errorCode: 202511, what: 'a workspace file upload (16 MiB per file)' },
  testCase: { maxBytes: 40 * MiB, status: 413, errorCode: 10, what: 'a test case (input and output, 16 MiB each)' },
  other: { maxBytes: 17 * MiB, status: 413, errorCode: 10, what: 'this request (16 MiB of data)' },
} as const satisfies Record<string, BodyCap>;

const SUBMISSIONS = new RegExp(`^(?:${MODULE_PATHS.compilers}|${MODULE_PATHS.problems})/submissions/?$`);
const WORKSPACE_FILES = new RegExp(`^${MODULE_PATHS.containers}/workspaces/[^/]+/files/?$`);
const TEST_CASES = new RegExp(`^${MODULE_PATHS.problems}/problems/[^/]+/testcases(?:/[^/]+)?/?$`);

export function capFor(pathname: string): BodyCap {
  if (SUBMISSIONS.test(pathname)) return BODY_CAPS.submission;
  if (WORKSPACE_FILES.test(pathname)) return BODY_CAPS.workspaceFile;
  if (TEST_CASES.test(pathname)) return BODY_CAPS.testCase;
  return BODY_CAPS.other;
}

function refuse(c: Context, cap: BodyCap, size: number | undefined): Response {
  const seen = size === undefined ? `more than ${cap.maxBytes} bytes` : `${size} bytes`;
  const message = `request body too large: ${seen}; the emulator accepts at most ${cap.maxBytes} bytes for ${cap.what}. Nothing of it was kept; send less.`;
  lingerThenCut(c);
  return c.json({ error_code: cap.errorCode, message }, cap.status as ContentfulStatusCode);
}

function refuseBusy(c: Context, max: number, size: number | undefined): Response {
  const seen = size === undefined ? "this request's body" : `this request's ${size} bytes`;
  const message = `the emulator is busy reading other request bodies: ${seen} would take the bodies in flight together past ${max} bytes. Nothing of it was kept; retry after ${IN_FLIGHT_RETRY_AFTER_SEC} s.`;
  lingerThenCut(c);
  const res = c.json({ error_code: 503, message }, 503);
  res.headers.set('retry-after', String(IN_FLIGHT_RETRY_AFTER_SEC));
  return res;
}

/** Keeps the connection open after the refusal, and cuts it LINGER_MS from now unless the request has ended (see the header). */
function lingerThenCut(c: Context): void {
  const { incoming, outgoing } = (c.env as Partial<HttpBindings> | undefined) ?? {};
  const socket = incoming?.socket;
  if (!incoming || !outgoing || !socket) return;
  // Node closes the socket the moment the answer is written unless the answer keeps it alive.
  if (!outgoing.headersSent) outgoing.shouldKeepAlive = true;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  const stop = () => clearTimeout(timer);
  incoming.once('end', stop);
  socket.once('close', stop);
}

export function bodyCap(maxInFlight = MAX_IN_FLIGHT_BYTES): MiddlewareHandler {
  let inFlight = 0;
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const cap = capFor(new URL(c.req.url).pathname);
    const declared = c.req.raw.headers.get('content-length');
    if (declared !== null && !c.req.raw.headers.has('transfer-encoding')) {
      const size = Number(declared);
      if (!(size <= cap.maxBytes)) return refuse(c, cap, Number.isFinite(size) ? size : undefined);
      if (size > 0 && inFlight > 0 && inFlight + size > maxInFlight) return refuseBusy(c, maxInFlight, size);
      // Node's parser never delivers more than the declared length: reserved until answered.
      inFlight += size;
      try {
        await next();
      } finally {
        inFlight -= size;
      }
      return;
    }
    const body = c.req.raw.body;
    if (!body) return next();
    // Chunked: counted as the route reads it (a route that reads as it goes keeps doing so); past
    // the cap the stream fails, the route's answer is replaced by the refusal, and nothing more is read.
    let size = 0;
    let exceeded = false;
    let busy = false;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.length;
          inFlight += chunk.length;
          if (size > cap.maxBytes) {
            exceeded = true;
            controller.error(new Error('request body too large'));
          } else if (inFlight > maxInFlight && inFlight > size) {
            busy = true;
            controller.error(new Error('request bodies in flight over the cap'));
          } else {
            controller.enqueue(chunk);
          }
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    try {
      await next();
    } finally {
      inFlight -= size;
    }
    if (exceeded) c.res = refuse(c, cap, undefined);
    else if (busy) c.res = refuseBusy(c, maxInFlight, undefined);
  };
}
