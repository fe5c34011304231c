// The three undici classes we use, loaded from their own modules instead of the package index.
// The index also loads fetch, WebSocket, EventSource, the cache and mock layers, none of which
// the extension uses; importing the parts keeps about 230 KB (minified) out of the bundle.
// They are the very same classes the index exports (test/unit/api/undici-parts.test.ts checks,
// in a fresh process that never loads the index).
/* eslint-disable @typescript-eslint/no-require-imports */
import type * as undici from 'undici';

// The index adds request(), stream(), pipeline() ... to every dispatcher. We call only request(),
// so add just that one, once (the index, if something else loads it, adds the same function).
const DispatcherBase = require('undici/lib/dispatcher/dispatcher');
if (typeof DispatcherBase.prototype.request !== 'function') {
  DispatcherBase.prototype.request = require('undici/lib/api/api-request');
}

export const Pool: typeof undici.Pool = require('undici/lib/dispatcher/pool');
export const ProxyAgent: typeof undici.ProxyAgent = require('undici/lib/dispatcher/proxy-agent');
export const FormData: typeof undici.FormData = require('undici/lib/web/fetch/formdata').FormData;
// Type names alongside the values, so `FormData` in a type position means undici's, not the global.
export type Pool = undici.Pool;
export type ProxyAgent = undici.ProxyAgent;
export type FormData = undici.FormData;
