// The bundles built apart (esbuild.js APART) are named by module: each must name a module that
// exists, and the files that require it lazily must resolve to it, so a rename fails here instead
// of silently moving the module back into dist/extension.js (or out of every bundle).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, SRC, sourceFiles } from './source-files';

interface Apart {
  name: string;
  entry: string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { APART, apartFor } = require(path.join(ROOT, 'esbuild.js')) as { APART: Apart[]; apartFor(dir: string, specifier: string): Apart | undefined };

/** Every `require('./x')` of the sources, with the folder it is relative to. */
function lazyRequires(): { file: string; specifier: string }[] {
  return sourceFiles(SRC).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/\brequire\(\s*'(\.[^']+)'\s*\)/g)].map((m) => ({ file, specifier: m[1] })),
  );
}

describe('esbuild bundles apart', () => {
  it('name modules that exist, each once', () => {
    assert.ok(APART.length > 0);
    for (const apart of APART) assert.ok(fs.existsSync(path.join(ROOT, apart.entry)), `${apart.name}: ${apart.entry} does not exist`);
    assert.equal(new Set(APART.map((a) => a.entry)).size, APART.length);
  });

  it('are each required lazily by a source file that the build resolves to them', () => {
    const requires = lazyRequires();
    for (const apart of APART) {
      const importers = requires.filter((r) => apartFor(path.dirname(r.file), r.specifier) === apart);
      assert.ok(importers.length > 0, `nothing requires ${apart.entry}: ${apart.name}.js would never load`);
    }
  });

  it('leave other imports to the bundle', () => {
    assert.equal(apartFor(path.join(SRC, 'features', 'problems'), '../../core/kattis/validator-cpp'), undefined);
    assert.equal(apartFor(path.join(SRC, 'features', 'problems'), '../../core/kattis/import')?.name, 'kattis-import');
  });
});
