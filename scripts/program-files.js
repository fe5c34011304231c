#!/usr/bin/env node
// Part of `npm run compile`: prunes out/ of modules whose source is gone, then the C, C++ and Python programs kept as files beside their TypeScript
// modules (the emulator's supervisors, the Kattis validator adapters) are imported as text
// (`import source from './supervisor.c'`, typed by src/program-files.d.ts). esbuild inlines them
// itself (esbuild.js, its text loader); for tsc's out/ this writes each one as a CommonJS module
// beside the compiled modules, out/<path>.c.js, so Node's require('./supervisor.c') finds it with
// no loader hook. Run before tsc, so the files are there even when tsc reports type errors.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const OUT = path.join(ROOT, 'out');
/** Where modules import programs from; emulator/projects and emulator/seed are data, not imports. */
const FOLDERS = ['src', 'emulator'];
const NOT_IMPORTED = [path.join('emulator', 'projects'), path.join('emulator', 'seed')];
const PROGRAM = /\.(c|cpp|py)$/;

function programFiles(dir) {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_IMPORTED.includes(rel) ? [] : programFiles(rel);
    return PROGRAM.test(entry.name) ? [rel] : [];
  });
}

/** Every program file that modules import, relative to the repository (src/..., emulator/...). */
function allProgramFiles() {
  return FOLDERS.flatMap(programFiles);
}

/** Writes out/<file>.js for each program file: its text as the default export. */
function writeProgramModules() {
  for (const rel of allProgramFiles()) {
    const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
    const target = path.join(OUT, `${rel}.js`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(
      target,
      `"use strict";\n// Generated from ${rel.split(path.sep).join('/')} by scripts/program-files.js.\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.default = ${JSON.stringify(text)};\n`,
    );
  }
}

module.exports = { allProgramFiles };

/**
 * out/ keeps no module whose source is gone: tsc never removes what it compiled before, and a module
 * left from before a move (out/src/core/packer.js beside the new out/src/core/packer/) is what
 * require() finds first, or a deleted test that mocha would still run. out/ is no longer emptied
 * (that threw away `tsc -b`'s incremental state): each output whose source no longer exists is removed.
 */
const OUTPUT_SUFFIXES = ['.d.ts.map', '.d.ts', '.js.map', '.js'];
const SOURCE_SUFFIXES = ['.ts', '.tsx', ''];

function sourceExists(relOutput) {
  const suffix = OUTPUT_SUFFIXES.find((s) => relOutput.endsWith(s));
  if (!suffix) return true; // not an output of ours (build info, data): leave it
  const stem = relOutput.slice(0, -suffix.length);
  return SOURCE_SUFFIXES.some((s) => fs.existsSync(path.join(ROOT, stem + s)));
}

function pruneStale(dir = OUT) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      pruneStale(full);
      if (fs.readdirSync(full).length === 0) fs.rmdirSync(full);
    } else if (!sourceExists(path.relative(OUT, full))) fs.rmSync(full, { force: true });
  }
}

// Run by `npm run compile` and `npm start`; required by the unit test for the list only.
if (require.main === module) {
  pruneStale();
  writeProgramModules();
}
