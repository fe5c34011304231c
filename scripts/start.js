#!/usr/bin/env node
// `npm start`: try the extension by hand against the local emulator.
//   1. builds what changed since the last start (incremental tsc into out/, its .tsbuildinfo kept
//      there; then the bundle), saying what it does and how long so far;
//   2. starts the emulator with its sample projects and problems on 127.0.0.1:8400 (or the next free
//      port), keeping its state in .emulator-data/ between runs, and says in one line how to use the
//      problems CLI against it (its endpoint, and `$(cat .emulator-data/access-token)` for the token);
//   3. opens VS Code with the extension loaded, pointed at the emulator (SPHERE_ENGINE_EMULATOR) and
//      a scratch copy of the sample folder test/fixtures/workspace open (.vscode-test/start/workspace,
//      copied when missing; the tracked fixture is what the host and UI tests run):
//        - desktop VS Code (downloaded once by @vscode/test-electron) when there is a display and it
//          can be downloaded;
//        - otherwise code-server on 127.0.0.1:8080 (or the next free port): open the printed URL.
// Ctrl-C stops everything it started.
//
// Options: --web (always code-server), --desktop (never fall back),
//          --fresh (reset .emulator-data and the scratch copy of the sample folder)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { FIXTURE_WORKSPACE, REPO_ROOT } = require('./lib/paths');
const { cliHint, startEmulator, maskToken } = require('./lib/emulator');
const { startCodeServer, workbenchUrl } = require('./lib/code-server');
const { freePortFrom } = require('./lib/free-port');
const { cleanupAll, exitCleanlyOnSignals, isStopping, spawnGroup } = require('./lib/processes');
const { linkExtension } = require('./lib/ui-suite');
const { keepGitToItself, prepareStartWorkspace } = require('./lib/start-workspace');
const { runStep } = require('./lib/step');

const START_STATE = path.join(REPO_ROOT, '.vscode-test', 'start');
const DESKTOP_DOWNLOAD_IDLE_MS = 15_000;

function log(message) {
  console.log(`[start] ${message}`);
}

/** Where `tsc -b` keeps what it compiled (tsconfig.base.json's projects): absent, everything is compiled. */
const TS_BUILD_INFO = path.join(REPO_ROOT, 'out', '.tsbuild');

/** The tsc arguments of a start: `tsc -b` compiles only the projects a change reaches, as `npm run compile` does. */
function tscArgs() {
  return [require.resolve('typescript/bin/tsc'), '-b'];
}

async function build({ fresh }) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // --fresh compiles everything again; otherwise only what changed (program-files.js prunes the
  // outputs of sources that are gone, so a moved module leaves nothing behind).
  if (fresh) fs.rmSync(path.join(REPO_ROOT, 'out'), { recursive: true, force: true });
  const programs = ['scripts/program-files.js'];
  await runStep('writing the C, C++ and Python programs the modules import', process.execPath, programs, { log, cwd: REPO_ROOT });
  const note = fs.existsSync(TS_BUILD_INFO) ? 'tsc: only what changed since the last start' : 'tsc: everything, as out/ is new or was cleared; about 1-2 min';
  const compiled = await runStep('compiling TypeScript into out/', process.execPath, tscArgs(), { log, cwd: REPO_ROOT, note });
  if (compiled !== 0) {
    // tsc still emits JavaScript; a type error elsewhere should not stop a manual try-out.
    log('type errors above; continuing with the emitted JavaScript');
  }
  const bundled = await runStep('bundling the extension into dist/ (esbuild)', npm, ['run', 'build', '--silent'], { log, cwd: REPO_ROOT });
  if (bundled !== 0) throw new Error('`npm run build` failed');
}

function hasDisplay() {
  return process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/** Desktop VS Code: resolves when its window closes; rejects when it cannot be downloaded. */
async function runDesktop(env, folder) {
  const { downloadAndUnzipVSCode } = require('@vscode/test-electron');
  log('getting desktop VS Code (cached in .vscode-test/ after the first time)');
  const executable = await downloadAndUnzipVSCode({
    version: 'stable',
    cachePath: path.join(REPO_ROOT, '.vscode-test'),
    timeout: DESKTOP_DOWNLOAD_IDLE_MS,
  });
  const userDataDir = path.join(START_STATE, 'desktop-user-data');
  keepGitToItself(userDataDir);
  const child = spawnGroup(
    executable,
    [`--extensionDevelopmentPath=${REPO_ROOT}`, `--user-data-dir=${userDataDir}`, `--extensions-dir=${path.join(START_STATE, 'desktop-extensions')}`, '--new-window', folder],
    { env: { ...process.env, ...env } },
  );
  child.stdout.resume();
  child.stderr.resume();
  log('desktop VS Code is open; close its window or press Ctrl-C to stop');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** code-server on loopback with the extension linked in; runs until Ctrl-C. */
async function runWeb(env, folder) {
  const { ensureHost } = require('./install-host');
  const started = Date.now();
  log('checking the VS Code host (code-server) in the shared cache; it says so if it must install or wait');
  const host = await ensureHost();
  log(`VS Code host ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const stateDir = path.join(START_STATE, 'web');
  fs.mkdirSync(path.join(stateDir, 'extensions'), { recursive: true });
  linkExtension(path.join(stateDir, 'extensions'));
  keepGitToItself(path.join(stateDir, 'user-data'));
  const server = await startCodeServer({ host, port: await freePortFrom(8080), stateDir, folder, env });
  log(`VS Code (code-server ${host.codeServerVersion}) is ready. Open:\n\n    ${workbenchUrl(server, folder)}\n`);
  log('after `npm run build`, run "Developer: Reload Window" in VS Code to load the new bundle');
  log('press Ctrl-C to stop');
  await new Promise((resolve) => server.child.once('exit', resolve));
  if (!isStopping()) log(`code-server stopped unexpectedly:\n${server.output()}`);
}

async function main() {
  const args = process.argv.slice(2);
  const forceWeb = args.includes('--web');
  const forceDesktop = args.includes('--desktop');
  exitCleanlyOnSignals();

  await build({ fresh: args.includes('--fresh') });
  const dataDir = path.join(REPO_ROOT, '.emulator-data');
  const emulator = await startEmulator({
    dataDir,
    port: await freePortFrom(8400),
    fresh: args.includes('--fresh'),
    // Every line, the machine-readable EMULATOR_READY one too (for scripts that wait for it), tokens masked.
    onLine: (line) => console.log(`[emulator] ${maskToken(line)}`),
  });
  log(cliHint(emulator.endpoints.problems, dataDir, REPO_ROOT));
  const env = { SPHERE_ENGINE_EMULATOR: emulator.extensionEnv };
  const folder = prepareStartWorkspace({ stateDir: START_STATE, fixture: FIXTURE_WORKSPACE, fresh: args.includes('--fresh') });
  log(`opening ${path.relative(REPO_ROOT, folder)} (a copy of ${path.relative(REPO_ROOT, FIXTURE_WORKSPACE)}; --fresh copies it again)`);

  if (!forceWeb && (hasDisplay() || forceDesktop)) {
    try {
      await runDesktop(env, folder);
      return;
    } catch (err) {
      if (forceDesktop) throw err;
      log(`desktop VS Code is not available (${err && err.message}); using code-server instead`);
    }
  } else if (!forceWeb) {
    log('no display: serving VS Code to a browser with code-server');
  }
  await runWeb(env, folder);
}

main().then(
  async () => {
    if (isStopping()) return; // Ctrl-C: the signal handler finishes and exits
    await cleanupAll();
    process.exit(0);
  },
  async (err) => {
    console.error(`[start] ${err && err.message ? err.message : err}`);
    await cleanupAll();
    process.exit(1);
  },
);
