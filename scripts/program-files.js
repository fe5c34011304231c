#!/usr/bin/env node
// Part of `npm run compile`: clears out/, then the C, C++ and Python programs kept as files beside their TypeScript
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
    fs.writeFileSync(target, `"use strict";\n// Generated from ${rel.split(path.sep).join('/')} by scripts/program-files.js.\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.default = ${JSON.stringify(text)};\n`);
  }
}

module.exports = { allProgramFiles };

/**
 * out/ starts empty: tsc never removes what it compiled before, and a module left from before a
 * move (out/src/core/packer.js beside the new out/src/core/packer/) is what require() finds first.
 */
function clearOut() {
  fs.rmSync(OUT, { recursive: true, force: true });
}

// Run by `npm run compile`; required by the unit test for the list only. `--keep-out`: `npm start`,
// which compiles incrementally into the out/ of its last start (scripts/start.js).
if (require.main === module) {
  if (!process.argv.includes('--keep-out')) clearOut();
  writeProgramModules();
}
