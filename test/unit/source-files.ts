// The extension's TypeScript sources, for the unit tests that scan them (layering, prompts,
// codicons).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';

export const ROOT = REPO_ROOT;
export const SRC = path.join(ROOT, 'src');

/** Every .ts file under `dir` (declaration files left out), as absolute paths. */
export function sourceFiles(dir: string = SRC): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => /\.(ts|mts|cts)$/.test(rel) && !rel.endsWith('.d.ts'))
    .map((rel) => path.join(dir, rel));
}
