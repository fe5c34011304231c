// Data flows one way: VS Code side (features, ui) → core → api → HTTP. The api and core layers
// must run without VS Code (unit tests, bench, emulator tools), so they may not import `vscode`
// nor anything from the layers above them. This test scans the sources.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cycles, deepImports, importGraph, importsOf, packagesUnder, runtimeFeatureImports, upwardImports, type Layers } from './import-graph';
import { useScratch, writeTree } from '../scratch';
import { ROOT, SRC, sourceFiles } from './source-files';

/** Helpers several features use (settings readers, pickers, command arguments): any feature may import them. */
const SHARED_FEATURE_HELPERS = ['src/features/shared/'];

/**
 * What the extension and the emulator must do alike, written once (contract/index.ts): the layer
 * below both, which imports neither of them nor `vscode`.
 */
const CONTRACT = 'contract/';

/** The extension's layers, lowest first (see ARCHITECTURE.md). */
const SRC_LAYERS: Layers = [
  [CONTRACT],
  ['src/api/'],
  ['src/core/'],
  ['src/ui/', 'src/cli/'],
  ['src/connection/', 'src/services.ts', 'src/events.ts', 'src/surface.ts', 'src/test-api.ts'],
  ['src/features/shared/'],
  ['src/features/'],
  ['src/extension.ts'],
];

/** The emulator's layers, lowest first: shared parts, the run-time services, the three APIs, the server, main. */
const EMULATOR_LAYERS: Layers = [
  [CONTRACT],
  [
    'emulator/clock.ts',
    'emulator/request-log.ts',
    'emulator/fs-safety/',
    'emulator/data-dir.ts',
    'emulator/access-token.ts',
    'emulator/jobs/',
    'emulator/judges/',
    'emulator/seed-problems/',
    'emulator/store/',
  ],
  ['emulator/runner/', 'emulator/languages/', 'emulator/http/', 'emulator/context.ts', 'emulator/machine-report.ts'],
  ['emulator/compilers/', 'emulator/containers/', 'emulator/problems/'],
  ['emulator/server.ts'],
  ['emulator/main.ts'],
];

const { APART } = require(path.join(ROOT, 'esbuild.js')) as { APART: { name: string; entry: string }[] };

/**
 * Files inside a core package that outsiders import by their own path, not through its index:
 * - every bundle apart (esbuild.js APART): required at the moment of use, so an index that the
 *   extension loads at activation must not re-export it (the bundle would load with the index);
 * - src/core/kattis/measure.ts: what Check Problem Folder uses of the Kattis package, without the
 *   index's importer and exporter (and their YAML parser, which stays out of dist/extension.js);
 * - src/core/kattis/folder-settings.ts: the code an imported package asks for, read by Push at
 *   activation's cost of one small module (measure.ts is a bundle apart, loaded at a check);
 * - what the bundles apart take from a package whose index would bring the whole package, the API
 *   client and undici with it (esbuild cannot leave out modules that have effects when loaded):
 *   the Kattis importer (dist/kattis-import.js) reads and writes problem folders with
 *   problem-folder's errors, format and read (156 KB instead of 586 KB); the similarity engine
 *   (dist/similarity.js) finds solutions and writes CSV cells as judge-many does (50 KB, not 513 KB).
 */
const OWN_DOORS = [
  ...APART.map((a) => a.entry),
  'src/core/kattis/measure.ts',
  'src/core/kattis/folder-settings.ts',
  'src/core/problem-folder/errors.ts',
  'src/core/problem-folder/format.ts',
  'src/core/problem-folder/read.ts',
  'src/core/judge-many/plan.ts',
  'src/core/judge-many/export.ts',
];

/** The layer (first folder under src/) a relative import lands in, or undefined for packages. */
function targetLayer(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.relative(SRC, path.resolve(path.dirname(file), specifier));
  if (target.startsWith('..')) return '<outside src>';
  return target.split(path.sep)[0];
}

/** Violations of one layer: `vscode` imports and imports of forbidden layers. */
function violations(layer: string, forbiddenLayers: string[]): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(SRC, layer))) {
    for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
      const where = path.relative(ROOT, file);
      if (specifier === 'vscode' || specifier.startsWith('vscode/')) found.push(`${where} imports ${specifier}`);
      const target = targetLayer(file, specifier);
      if (target && (forbiddenLayers.includes(target) || /^(extension|services)(\.ts)?$/.test(target))) {
        found.push(`${where} imports ${specifier} (layer ${target})`);
      }
    }
  }
  return found;
}

/** Imports of contract/ files that reach src/, emulator/ or `vscode` (any other top folder of ours too). */
function contractLeaks(root: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(root, CONTRACT))) {
    const where = path.relative(root, file).split(path.sep).join('/');
    for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
      if (specifier === 'vscode' || specifier.startsWith('vscode/')) found.push(`${where} imports ${specifier}`);
      if (!specifier.startsWith('.')) continue;
      const target = path
        .relative(root, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/');
      if (!target.startsWith(CONTRACT)) found.push(`${where} imports ${target}`);
    }
  }
  return found;
}

describe('layering', () => {
  const scratch = useScratch();
  const graph = importGraph(ROOT, ['src', 'emulator', 'contract']);

  it('contract/ imports neither src/ nor emulator/ nor vscode, and both may import it', () => {
    assert.ok(sourceFiles(path.join(ROOT, CONTRACT)).length > 0, 'no sources found under contract/');
    assert.deepEqual(contractLeaks(ROOT), []);
    assert.ok(
      [...graph].some(([file, targets]) => file.startsWith('emulator/') && targets.some((t) => t.startsWith(CONTRACT))),
      'the emulator uses the contract',
    );
  });

  it('finds a planted contract import of src/, emulator/ and vscode', () => {
    const root = writeTree(scratch('se-layering-contract-'), {
      'contract/index.ts': "export { a } from './a';\n",
      'contract/a.ts': "import { x } from '../src/api/http';\nimport { y } from '../emulator/clock';\nimport type * as vscode from 'vscode';\nexport const a = x + y;\n",
      'src/api/http.ts': "import { a } from '../../contract';\nexport const x = 1;\n",
      'emulator/clock.ts': "import { a } from '../contract';\nexport const y = 2;\n",
    });
    assert.deepEqual(contractLeaks(root).sort(), ['contract/a.ts imports emulator/clock', 'contract/a.ts imports src/api/http', 'contract/a.ts imports vscode']);
    const planted = importGraph(root, ['src', 'emulator', 'contract']);
    assert.deepEqual(upwardImports(new Map([...planted].filter(([file]) => file.startsWith('src/'))), SRC_LAYERS), [], 'src/ may import the contract');
    assert.deepEqual(upwardImports(new Map([...planted].filter(([file]) => file.startsWith('contract/'))), SRC_LAYERS), ['contract/a.ts imports src/api/http.ts']);
  });

  it('has no import cycle in src/ or emulator/, type-only imports included', () => {
    assert.ok(graph.size > 100, 'the sources were not found');
    assert.deepEqual(cycles(graph), []);
  });

  it('src/ imports no higher layer', () => {
    const upward = upwardImports(new Map([...graph].filter(([file]) => file.startsWith('src/'))), SRC_LAYERS);
    assert.deepEqual(upward, []);
  });

  it('names every source file in kebab-case (lower case words joined by "-")', () => {
    const names = ['src', 'contract', 'emulator', 'test', 'bench', 'scripts'].flatMap((dir) =>
      fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter((rel) => !rel.startsWith('fixtures') && /\.(ts|js|mjs|cjs)$/.test(rel)),
    );
    assert.ok(names.length > 300, `only ${names.length} files found`);
    assert.deepEqual(
      names.filter((rel) => !/^[a-z0-9]+(?:[-.][a-z0-9]+)*$/.test(path.basename(rel))),
      [],
    );
  });

  it('emulator/ imports no higher layer', () => {
    assert.deepEqual(upwardImports(new Map([...graph].filter(([file]) => file.startsWith('emulator/'))), EMULATOR_LAYERS), []);
  });

  it('everything outside src/api reaches it through src/api/index.ts', () => {
    assert.deepEqual(deepImports(graph, 'src/api/'), []);
  });

  it('everything outside a package of src/core (a folder with an index.ts) reaches it through its index', () => {
    const packages = packagesUnder(graph, 'src/core/');
    assert.ok(packages.length >= 13, `only ${packages.length} packages found under src/core: ${packages.join(', ')}`);
    assert.ok(packages.includes('src/core/packer/'));
    assert.deepEqual(
      packages.flatMap((pkg) => deepImports(graph, pkg, OWN_DOORS)),
      [],
    );
  });

  it('a feature loads no code of another (type-only imports of its handle; src/features/shared/ for helpers)', () => {
    assert.deepEqual(runtimeFeatureImports(ROOT, 'src/features/', SHARED_FEATURE_HELPERS), []);
  });

  it('finds a planted runtime import of another feature, and lets type-only and shared imports pass', () => {
    const root = writeTree(scratch('se-layering-features-'), {
      'src/features/a/index.ts': "import type { B } from '../b';\nimport { helper } from '../shared/helper';\nimport { y } from '../b/inner';\nexport const a: B = helper(y);\n",
      'src/features/b/index.ts': 'export interface B { n: number }\n',
      'src/features/b/inner.ts': 'export const y = 1;\n',
      'src/features/shared/helper.ts': 'export const helper = (n: number) => ({ n });\n',
      'src/features/glue.ts': "import { y } from './b/inner';\nexport const g = y;\n",
    });
    assert.deepEqual(runtimeFeatureImports(root, 'src/features/', SHARED_FEATURE_HELPERS), ['src/features/a/index.ts imports src/features/b/inner.ts']);
    const planted = importGraph(root, ['src']);
    assert.deepEqual(upwardImports(planted, SRC_LAYERS), [], 'shared sits below the features');
    fs.writeFileSync(path.join(root, 'src/features/shared/helper.ts'), "import { y } from '../b/inner';\nexport const helper = (n: number) => ({ n: n + y });\n");
    assert.deepEqual(upwardImports(importGraph(root, ['src']), SRC_LAYERS), ['src/features/shared/helper.ts imports src/features/b/inner.ts']);
  });

  it('finds a planted cycle, upward import and deep import', () => {
    const root = writeTree(scratch('se-layering-'), {
      'src/api/http.ts': 'export const x = 1;\n',
      'src/api/index.ts': "export { x } from './http';\n",
      'src/core/a.ts': "import type { B } from './b';\nimport { x } from '../api/http';\nexport type A = B;\n",
      'src/core/b.ts': "import type { A } from './a';\nexport type B = A | number;\n",
      'src/core/c.ts': "import { y } from '../features/f';\nexport const z = y;\n",
      'src/features/f.ts': "import { x } from '../api';\nexport const y = x;\n",
      'src/core/packer/archive.ts': 'export const pack = 1;\n',
      'src/core/packer/index.ts': "export { pack } from './archive';\n",
      'src/core/flat.ts': "import { pack } from './packer';\nexport const p = pack;\n",
      'src/features/g.ts': "import { pack } from '../core/packer/archive';\nexport const q = pack;\n",
    });
    const planted = importGraph(root, ['src']);
    assert.deepEqual(cycles(planted), [['src/core/a.ts', 'src/core/b.ts']]);
    assert.deepEqual(upwardImports(planted, SRC_LAYERS), ['src/core/c.ts imports src/features/f.ts']);
    assert.deepEqual(deepImports(planted, 'src/api/'), ['src/core/a.ts imports src/api/http.ts']);
    assert.deepEqual(packagesUnder(planted, 'src/core/'), ['src/core/packer/']);
    assert.deepEqual(deepImports(planted, 'src/core/packer/'), ['src/features/g.ts imports src/core/packer/archive.ts']);
    assert.deepEqual(deepImports(planted, 'src/core/packer/', ['src/core/packer/archive.ts']), []);
  });

  it('src/api imports neither vscode nor core, features or ui', () => {
    assert.ok(sourceFiles(path.join(SRC, 'api')).length > 0, 'no sources found under src/api');
    assert.deepEqual(violations('api', ['core', 'features', 'ui']), []);
  });

  it('src/core imports neither vscode nor features or ui', () => {
    assert.deepEqual(violations('core', ['features', 'ui']), []);
  });

  it('the import scanner sees every import form', () => {
    const text = [
      "import * as vscode from 'vscode';",
      'import type { X } from "vscode";',
      "export { y } from '../features/x';",
      "const v = require('vscode');",
      "const w = await import('vscode');",
      "import 'side-effect';",
      "// import { z } from 'commented-out';",
    ].join('\n');
    assert.deepEqual(importsOf(text).sort(), ['../features/x', 'side-effect', 'vscode', 'vscode', 'vscode', 'vscode'].sort());
    assert.equal(targetLayer(path.join(SRC, 'api', 'x.ts'), '../features/x'), 'features');
    assert.equal(targetLayer(path.join(SRC, 'api', 'x.ts'), './http'), 'api');
  });
});
