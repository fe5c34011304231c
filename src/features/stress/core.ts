// The stress test's core (src/core/stress: the round loop, the runners, stress.json), loaded on
// the first stress test only: esbuild.js bundles it apart (dist/stress.js), so dist/extension.js
// and activation carry none of it. Only types are imported from it anywhere in this feature.
import type * as StressCore from '../../core/stress';

/** Node caches the module: every call after the first is a lookup. */
export function stressCore(): typeof StressCore {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../../core/stress') as typeof StressCore;
}
