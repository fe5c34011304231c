// The similarity session (session.ts: the engine and the pages), loaded on the first check only:
// esbuild.js bundles it apart (dist/similarity.js), so dist/extension.js and activation carry
// none of it.
import type * as Session from './session';

let loaded: typeof Session | undefined;

export function sessionModule(): typeof Session {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./session') as typeof Session;
  return loaded;
}
