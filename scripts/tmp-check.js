#!/usr/bin/env node
// `npm test` runs its steps through this: `node scripts/tmp-check.js <command> [args...]`.
// Test runs once left 78 folders (684 MB) in /tmp. The command gets a private temp folder (TMPDIR,
// TMP and TEMP point into it), so whatever any process of the run leaves in the temp directory is
// found, and nothing that unrelated processes keep in /tmp (another checkout's test run uses the
// same prefixes) is blamed on it. At the end the run fails, naming what was left, unless the folder
// is empty; it is removed either way.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

/** Caches by design, not leftovers: Node's compile cache (TypeScript turns it on). */
const IGNORED = new Set(['node-compile-cache']);

function sizeOf(p) {
  const stat = fs.lstatSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(p).reduce((sum, name) => sum + sizeOf(path.join(p, name)), 0);
}

/** What is left in `dir`: [{ name, bytes }], largest first. */
function leftovers(dir) {
  return fs
    .readdirSync(dir)
    .filter((name) => !IGNORED.has(name))
    .map((name) => ({ name, bytes: sizeOf(path.join(dir, name)) }))
    .sort((a, b) => b.bytes - a.bytes);
}

function report(dir, left) {
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  const total = left.reduce((sum, e) => sum + e.bytes, 0);
  return [
    `tmp-check: FAILED: the run left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} (${mb(total)}) in its temp folder ${dir}:`,
    ...left.map((e) => `  ${e.name}  ${mb(e.bytes)}`),
    'Every test and harness must remove what it creates, also when it fails (after/afterEach hooks).',
  ].join('\n');
}

function main(argv) {
  if (!argv.length) {
    console.error('usage: node scripts/tmp-check.js <command> [args...]');
    return Promise.resolve(2);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sphere-test-run-'));
  const env = { ...process.env, TMPDIR: dir, TMP: dir, TEMP: dir };
  const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit', env, shell: process.platform === 'win32' });
  // Ctrl-C reaches the command too (same terminal); wait for it, then check and clean up.
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('error', (err) => console.error(`tmp-check: ${err.message}`));
    child.on('close', (code, signal) => {
      const left = leftovers(dir);
      fs.rmSync(dir, { recursive: true, force: true });
      if (left.length) console.error(`\n${report(dir, left)}`);
      else console.log(`tmp-check: the run left nothing in the temp directory`);
      resolve(code || (signal ? 1 : 0) || (left.length ? 1 : 0));
    });
  });
}

if (require.main === module) main(process.argv.slice(2)).then((code) => process.exit(code));

module.exports = { leftovers };
