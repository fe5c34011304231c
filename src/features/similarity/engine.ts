// The similarity engine (src/core/similarity), loaded on the first check only: esbuild.js bundles
// it apart (dist/similarity.js), so dist/extension.js and activation carry none of it.
import type * as Engine from '../../core/similarity';

let loaded: typeof Engine | undefined;

export function engine(): typeof Engine {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('../../core/similarity') as typeof Engine;
  return loaded;
}
