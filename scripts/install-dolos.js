#!/usr/bin/env node
// `npm run bench:dolos`: installs @dodona/dolos-lib (the open-source similarity checker the
// similarity bench compares ours with) into a cache folder OUTSIDE node_modules, so it is never a
// dependency of `npm ci` or of the extension. Its tree-sitter grammars build natively (node-gyp:
// build-essential and python3 are needed); npm 11 runs those install scripts only when the folder's
// package.json allows them, which this file writes. The bench finds it there by itself.
// Usage: node scripts/install-dolos.js [folder]   (default ~/.cache/sphere-engine-bench/dolos)
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const VERSION = '3.5.1';
const dir = process.argv[2] || path.join(os.homedir(), '.cache', 'sphere-engine-bench', 'dolos');
fs.mkdirSync(dir, { recursive: true });
const manifest = {
  name: 'sphere-engine-bench-dolos',
  private: true,
  description: 'Installed by scripts/install-dolos.js for bench/similarity.bench.ts only',
  dependencies: { '@dodona/dolos-lib': VERSION },
  allowScripts: { '@dodona/dolos-parsers': true, 'tree-sitter': true, 'tree-sitter-compat': true },
};
fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
/** Dolos loads and parses a line of Python (its tree-sitter grammars are built). */
function works() {
  try {
    const script = `const { Dolos } = require(require.resolve('@dodona/dolos-lib', { paths: [${JSON.stringify(dir)}] })); new Dolos({ language: 'python' }).analyze([]).catch(() => {}); `;
    execFileSync(process.execPath, ['-e', script], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
try {
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--foreground-scripts'], { cwd: dir, stdio: 'inherit' });
  if (!works()) {
    // A folder installed before the scripts were allowed has the packages but not their native builds.
    execFileSync(npm, ['rebuild', '--foreground-scripts', '@dodona/dolos-parsers', 'tree-sitter', 'tree-sitter-compat'], { cwd: dir, stdio: 'inherit' });
    if (!works()) throw new Error('@dodona/dolos-lib is installed but its native parsers do not load');
  }
  console.log(`@dodona/dolos-lib ${VERSION} is installed in ${dir}: npm run bench -- similarity now runs it beside ours.`);
} catch (err) {
  console.error(
    `Could not install @dodona/dolos-lib in ${dir}: ${err.message}\nIts native build needs a C++ compiler, make and python3 (apt-get install -y build-essential python3); the bench runs without it.`,
  );
  process.exit(1);
}
