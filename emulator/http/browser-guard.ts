// Keeps web browsers out. The emulator listens on loopback and runs the code it is sent, and any web
// page the user visits can reach loopback: a <form> or a `fetch(..., {mode: 'no-cors'})` sends a
// cross-site POST without a CORS preflight, and a DNS-rebinding page (evil.example resolving to
// 127.0.0.1) can even read the answers. Real API clients (undici, curl, the Python client) send
// no `Origin` and no `Sec-Fetch-*` headers and name the emulator in `Host`, so refusing
//   - a `Host` that is not 127.0.0.1:PORT, localhost:PORT or [::1]:PORT (421: rebinding), and
//   - an `Origin` other than the emulator's own, or `Sec-Fetch-Site: cross-site | same-site` (403)
// costs them nothing. Nothing behind this middleware runs for a refused request.
//
// One exception: a top-level navigation (a person opening a workspace's `workspace_url` or
// `preview_url` from VS Code or another page) may show the read-only workspace pages. A
// navigation cannot read the answer across origins, and the API routes stay refused.
import type { MiddlewareHandler } from 'hono';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const FOREIGN_SITES = new Set(['cross-site', 'same-site']);
const NAVIGABLE_PAGES = /^\/containers\/(?:workspace|preview)\//;

export const SECURITY_README = 'README, "The local emulator and your browser"';

interface Headers {
  host?: string;
  origin?: string;
  secFetchSite?: string;
  secFetchMode?: string;
}

export type Refusal = { status: 403 | 421; message: string };

/** Why a request must not be served, or undefined when it may. */
export function refusal(method: string, pathname: string, headers: Headers, port: number): Refusal | undefined {
  const hosts = LOOPBACK_NAMES.map((name) => `${name}:${port}`);
  const host = headers.host?.toLowerCase();
  if (!host || !hosts.includes(host)) {
    return {
      status: 421,
      message:
        `refused: Host "${headers.host ?? ''}" is not this emulator (only ${hosts.join(', ')} are served, ` +
        `against DNS rebinding). Use http://127.0.0.1:${port}. See ${SECURITY_README}.`,
    };
  }
  const navigation = (method === 'GET' || method === 'HEAD') && headers.secFetchMode === 'navigate' && NAVIGABLE_PAGES.test(pathname);
  if (navigation) return undefined;
  if (headers.origin !== undefined && !hosts.some((h) => headers.origin === `http://${h}`)) {
    return {
      status: 403,
      message:
        `refused: a web page (Origin ${headers.origin}) may not use the local emulator: it runs the code it is sent. ` +
        `API clients send no Origin header. See ${SECURITY_README}.`,
    };
  }
  if (headers.secFetchSite !== undefined && FOREIGN_SITES.has(headers.secFetchSite)) {
    return {
      status: 403,
      message:
        `refused: a request from another site (Sec-Fetch-Site: ${headers.secFetchSite}) may not use the local emulator: ` + `it runs the code it is sent. See ${SECURITY_README}.`,
    };
  }
  return undefined;
}

/** `port()` is known once the server listens. */
export function browserGuard(port: () => number): MiddlewareHandler {
  return async (c, next) => {
    const refused = refusal(
      c.req.method,
      new URL(c.req.url).pathname,
      {
        host: c.req.header('host'),
        origin: c.req.header('origin'),
        secFetchSite: c.req.header('sec-fetch-site')?.toLowerCase(),
        secFetchMode: c.req.header('sec-fetch-mode')?.toLowerCase(),
      },
      port(),
    );
    if (refused) return c.json({ error_code: refused.status, message: refused.message }, refused.status);
    await next();
  };
}
