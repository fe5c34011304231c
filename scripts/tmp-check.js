#!/usr/bin/env node
// `npm test` runs its steps through this: `node scripts/tmp-check.js <command> [args...]`.
// Test runs once left 78 folders (684 MB) in /tmp. The command gets a private temp folder (TMPDIR,
// TMP and TEMP point into it), so whatever any process of the run leaves in the temp directory is
// found, and nothing that unrelated processes keep in /tmp (another checkout's test run uses the
// same prefixes) is blamed on it. At the end the run fails, naming what was left, unless the folder
// is empty; it is removed either way.
//
// The emulator also keeps private folders in shared memory (/dev/shm: runs' work folders, the
// sandbox's /etc), which no TMPDIR can redirect. Each is named <prefix><pid>-<random> and removed
// when its process exits, or by the next emulator when that process was killed
// (emulator/runner/private-folder.ts). So a folder named so that appeared during the run and
// whose process is gone at the end was left by the run: the run fails naming it, and it is removed.
// Folders of live processes (another checkout's emulator) and what was there before are not ours.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { processAlive } = require('./lib/processes');

/** Shared memory; the environment variable is for this script's own test. */
const SHARED_MEMORY = process.env.TMP_CHECK_SHARED_MEMORY || '/dev/shm';

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

function namesIn(dir) {
  try {
    return fs.readdirSync(dir);
  } catch {
    return []; // no shared memory folder here
  }
}

/** Private folders in `dir` that are not in `before` and whose process is gone: [{ name, bytes }]. */
function orphanedPrivateFolders(dir, before) {
  return namesIn(dir)
    .filter((name) => !before.has(name))
    .filter((name) => {
      const pid = Number(/-(\d+)-[^-]+$/.exec(name)?.[1]);
      return pid > 0 && !processAlive(pid);
    })
    .map((name) => ({ name, bytes: sizeOrZero(path.join(dir, name)) }));
}

/** A size for the report; a folder a run left unreadable (chmod 000) counts as 0. */
function sizeOrZero(p) {
  try {
    return sizeOf(p);
  } catch {
    return 0;
  }
}

const TEMP_HINT = 'Every test and harness must remove what it creates, also when it fails (after/afterEach hooks).';
const SHARED_HINT =
  'These are private folders of processes that are gone (an emulator killed, and no later emulator started to remove them): a test that kills an emulator must start one after it, or remove them.';

function report(where, left, hint) {
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  const total = left.reduce((sum, e) => sum + e.bytes, 0);
  return [
    `tmp-check: FAILED: the run left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} (${mb(total)}) ${where}:`,
    ...left.map((e) => `  ${e.name}  ${mb(e.bytes)}`),
    hint,
  ].join('\n');
}

function main(argv) {
  if (!argv.length) {
    console.error('usage: node scripts/tmp-check.js <command> [args...]');
    return Promise.resolve(2);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sphere-test-run-'));
  const sharedBefore = new Set(namesIn(SHARED_MEMORY));
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
      const orphans = orphanedPrivateFolders(SHARED_MEMORY, sharedBefore);
      for (const o of orphans) {
        try {
          fs.rmSync(path.join(SHARED_MEMORY, o.name), { recursive: true, force: true });
        } catch (err) {
          console.error(`tmp-check: could not remove ${o.name}: ${err.message}`);
        }
      }
      if (left.length) console.error(`\n${report(`in its temp folder ${dir}`, left, TEMP_HINT)}`);
      if (orphans.length) console.error(`\n${report(`in ${SHARED_MEMORY}`, orphans, SHARED_HINT)}`);
      if (!left.length && !orphans.length) console.log(`tmp-check: the run left nothing in the temp directory or in ${SHARED_MEMORY}`);
      resolve(code || (signal ? 1 : 0) || (left.length || orphans.length ? 1 : 0));
    });
  });
}

if (require.main === module) main(process.argv.slice(2)).then((code) => process.exit(code));

module.exports = { leftovers };
