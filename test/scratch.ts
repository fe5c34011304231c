// Temp folders for tests, removed after the describe() that asked for them, also when a test in it
// failed (test runs once left 78 folders, 684 MB, in /tmp; scripts/tmp-check.js now fails `npm test`
// on any leftover).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Call inside a describe(); returns make(prefix), each folder made removed in that describe's after(). */
export function useScratch(): (prefix: string) => string {
  const made: string[] = [];
  after(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}

/** Writes `files` (relative path → text) under `root`, making folders as needed; returns `root`. */
export function writeTree(root: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}
