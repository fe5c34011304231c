// Runs TypeScript from source, for the fast loop (`npm run test:one -- <file.ts>`): Node's require()
// compiles each .ts file it loads with esbuild (already a dependency; about a millisecond a file) and
// loads the C, C++ and Python programs that modules import as text, as esbuild.js and
// scripts/program-files.js do for the bundles and out/. No type check here: `npm run lint` and
// `npm run compile` do that. Source maps are inline, so stack traces name the .ts lines.
'use strict';
const fs = require('node:fs');
const esbuild = require('esbuild');

function compileTypeScript(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = esbuild.transformSync(source, {
    loader: 'ts',
    format: 'cjs',
    target: 'node20',
    sourcefile: filename,
    sourcemap: 'inline',
  });
  module._compile(code, filename);
}

function loadAsText(module, filename) {
  // The shape scripts/program-files.js writes to out/: a default export holding the text.
  module.exports = { __esModule: true, default: fs.readFileSync(filename, 'utf8') };
}

require.extensions['.ts'] = compileTypeScript;
for (const extension of ['.c', '.cpp', '.py']) require.extensions[extension] = loadAsText;
process.setSourceMapsEnabled(true);
