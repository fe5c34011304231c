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
  leanBuild?: boolean;
}
const { APART, apartFor } = require(path.join(ROOT, 'esbuild.js')) as { APART: Apart[]; apartFor(dir: string, specifier: string): Apart | undefined };

/** Every `require('./x')` of the sources, with the folder it is relative to. */
function lazyRequires(): { file: string; specifier: string }[] {
  return sourceFiles(SRC).flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/\brequire\(\s*'(\.[^']+)'\s*\)/g)].map((m) => ({ file, specifier: m[1] })));
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

  it('are loaded by dist/extension.js only through require() at the moment of use, never by an import', async function () {
    this.timeout(30_000);
    // The build's own record of every import in the modules dist/extension.js holds: an `import` of
    // a bundle apart would load it with its importer, at activation.
    const esbuild = await import('esbuild');
    const { options } = require(path.join(ROOT, 'esbuild.js')) as { options: import('esbuild').BuildOptions };
    const result = await esbuild.build({
      ...options,
      entryPoints: { extension: 'src/extension.ts' },
      absWorkingDir: ROOT,
      write: false,
      outdir: path.join(ROOT, 'dist'),
      logLevel: 'silent',
      sourcemap: false,
      minify: false,
    });
    const meta = result.metafile!;
    const extension = Object.values(meta.outputs).find((o) => o.entryPoint === 'src/extension.ts')!;
    const apartImports = Object.keys(extension.inputs).flatMap((file) =>
      meta.inputs[file].imports.filter((i) => APART.some((a) => i.path === `./${a.name}.js`)).map((i) => ({ file, path: i.path, kind: i.kind })),
    );
    assert.ok(apartImports.length >= APART.length - 1, `the extension requires the bundles apart: ${JSON.stringify(apartImports)}`);
    assert.deepEqual(
      apartImports.filter((i) => i.kind !== 'require-call'),
      [],
      'imported, not required',
    );
  });

  it('built lean (leanBuild) carry only what they use: no undici, no worker pool', async function () {
    this.timeout(30_000);
    const esbuild = await import('esbuild');
    const { leanOptions } = require(path.join(ROOT, 'esbuild.js')) as { leanOptions: import('esbuild').BuildOptions };
    const names = Object.keys(leanOptions.entryPoints as Record<string, string>);
    assert.deepEqual(
      names,
      APART.filter((a) => a.leanBuild).map((a) => a.name),
    );
    const result = await esbuild.build({ ...leanOptions, absWorkingDir: ROOT, write: false, outdir: path.join(ROOT, 'dist'), logLevel: 'silent', sourcemap: false });
    const outputs = Object.entries(result.metafile!.outputs).filter(([, o]) => o.entryPoint !== undefined);
    assert.equal(outputs.length, names.length, 'one output a lean bundle');
    for (const [file, output] of outputs) {
      const name = path.basename(file, '.js');
      // What the bundle holds: the build's record lists modules it read and then left out too.
      const inputs = Object.entries(output.inputs)
        .filter(([, i]) => i.bytesInOutput > 0)
        .map(([file]) => file);
      assert.deepEqual(
        inputs.filter((f) => /node_modules[\\/]undici|fragment-workers/.test(f)),
        [],
        `${name}.js carries modules it never uses`,
      );
    }
  });

  it('are each shipped in the VSIX (.vscodeignore lets them in)', () => {
    const kept = fs
      .readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('!'))
      .map((l) => l.slice(1).trim());
    for (const apart of APART) assert.ok(kept.includes(`dist/${apart.name}.js`), `dist/${apart.name}.js is left out of the VSIX: add !dist/${apart.name}.js to .vscodeignore`);
  });

  it('leave other imports to the bundle', () => {
    assert.equal(apartFor(path.join(SRC, 'features', 'problems'), '../../core/kattis/validator-cpp'), undefined);
    assert.equal(apartFor(path.join(SRC, 'features', 'problems'), '../../core/kattis/import')?.name, 'kattis-import');
  });
});
