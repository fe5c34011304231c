#!/usr/bin/env node
// `npx sphere-engine-emulator [options]` (from the repository, where npm links it): the local
// emulator without VS Code. It runs the bundle the extension ships (dist/emulator.js, `npm run
// build`) or, failing that, the compiled sources (out/emulator/main.js, `npm run compile`);
// `--help` lists its options.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.join(__dirname, '..', '..');
const CANDIDATES = [path.join(REPO_ROOT, 'dist', 'emulator.js'), path.join(REPO_ROOT, 'out', 'emulator', 'main.js')];
const entry = CANDIDATES.find((file) => fs.existsSync(file));
if (!entry) {
  console.error('sphere-engine-emulator: not built yet. Run `npm run build` (or `npm run compile`) in the repository first.');
  process.exit(1);
}
require(entry);
