// The repository's root folder, whether a test runs compiled (out/test/…) or from source
// (`npm run test:one`, test/…): the nearest folder above this file whose package.json is ours.
import * as fs from 'node:fs';
import * as path from 'node:path';

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'sphere-engine') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no sphere-engine package.json above ${start}`);
  }
}

export const REPO_ROOT = findRepoRoot(__dirname);
