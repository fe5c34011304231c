// The similarity session (session.ts: the engine and the pages), loaded on the first check only:
// esbuild.js bundles it apart (dist/similarity.js), so dist/extension.js and activation carry
// none of it.
import type * as Session from './session';

/** Node caches the module: every call after the first is a lookup. */
export function sessionModule(): typeof Session {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./session') as typeof Session;
}
