// The emulator is a package of its own (emulator/package.json, an npm workspace): it declares every
// package its code imports, and its `bin` starts it without VS Code (`npx sphere-engine-emulator`).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';
import { sourceFiles } from './source-files';

const EMULATOR = path.join(REPO_ROOT, 'emulator');
const manifest = JSON.parse(fs.readFileSync(path.join(EMULATOR, 'package.json'), 'utf8')) as {
  name: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
};

/** `hono/utils/http-status` → `hono`; `@hono/node-server/utils` → `@hono/node-server`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

describe('the emulator package', () => {
  it('declares in its own package.json every package its code imports', () => {
    const imported = new Set<string>();
    for (const file of sourceFiles(EMULATOR)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bfrom '([^'.][^']*)'|\brequire\('([^'.][^']*)'\)/g)) {
        const specifier = m[1] ?? m[2];
        if (!specifier.startsWith('node:')) imported.add(packageOf(specifier));
      }
    }
    assert.ok(imported.has('hono'), `imports found: ${[...imported].join(', ')}`);
    assert.deepEqual([...imported].filter((p) => !(p in manifest.dependencies)).sort(), [], 'imported by emulator/ but not in emulator/package.json');
  });

  it('starts from its bin without VS Code (--help prints the options)', () => {
    const bin = path.join(EMULATOR, manifest.bin['sphere-engine-emulator']);
    const built = ['dist/emulator.js', 'out/emulator/main.js'].some((f) => fs.existsSync(path.join(REPO_ROOT, f)));
    const run = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8', timeout: 30_000 });
    if (built) {
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /--port N/);
    } else {
      assert.equal(run.status, 1);
      assert.match(run.stderr, /npm run build/);
    }
  });
});
