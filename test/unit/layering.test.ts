// Data flows one way: VS Code side (features, ui) → core → api → HTTP. The api and core layers
// must run without VS Code (unit tests, bench, emulator tools), so they may not import `vscode`
// nor anything from the layers above them. This test scans the sources.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT, SRC, sourceFiles } from './source-files';

/** Every module specifier a file imports: import/export from, require(), import(). */
function importsOf(text: string): string[] {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...withoutComments.matchAll(pattern)].map((m) => m[1]));
}

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

describe('layering', () => {
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
      "import type { X } from \"vscode\";",
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
