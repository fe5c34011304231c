// Size of what users download: the bundled extension and, when packaged, the VSIX.
import { existsSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { Benchmark, Figure } from './types';

const BUNDLE_GOAL_KB = 600;
const VSIX_GOAL_KB = 1024;

export const benchmark: Benchmark = {
  name: 'bundle-size',
  async run(ctx) {
    const figures: Figure[] = [];
    const bundle = path.join(ctx.repoRoot, 'dist', 'extension.js');
    if (existsSync(bundle)) {
      const kb = Math.round(statSync(bundle).size / 1024);
      figures.push({ name: 'dist/extension.js size', value: kb, unit: 'KB', goal: `< ${BUNDLE_GOAL_KB} KB`, ok: kb < BUNDLE_GOAL_KB, note: '`npm run build` (not minified); `npm run package` minifies' });
    } else {
      figures.push({ name: 'dist/extension.js size', value: NaN, unit: 'KB', note: 'not built: run `npm run build`' });
    }
    const vsix = path.join(ctx.repoRoot, 'dist', 'sphere-engine.vsix');
    if (existsSync(vsix)) {
      const kb = Math.round(statSync(vsix).size / 1024);
      figures.push({ name: 'dist/sphere-engine.vsix size', value: kb, unit: 'KB', goal: `< ${VSIX_GOAL_KB} KB`, ok: kb < VSIX_GOAL_KB });
    }
    return figures;
  },
};
