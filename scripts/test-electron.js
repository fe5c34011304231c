#!/usr/bin/env node
// `npm run test:electron`: the same host tests (out/test/host/index.js) in desktop VS Code, through
// @vscode/test-electron, which downloads VS Code into .vscode-test/ (needs internet, and a display
// on Linux: `xvfb-run -a npm run test:electron`). Machines without either use `npm run test:host`.
//
// The UI tests (test/ui: the workbench driven by Playwright, Restricted Mode among them) are not run
// here: they drive code-server's web workbench, and this desktop window has no such driver.
//
// Needs `npm run compile && npm run build` first. Env VSCODE_VERSION picks the version (default stable).
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { runTests } = require('@vscode/test-electron');
const { EXTENSION_BUNDLE, FIXTURE_WORKSPACE, HOST_TESTS_ENTRY, REPO_ROOT } = require('./lib/paths');
const { startEmulator } = require('./lib/emulator');
const { cleanupAll, exitCleanlyOnSignals, onCleanup } = require('./lib/processes');

async function main() {
  exitCleanlyOnSignals();
  const missing = [HOST_TESTS_ENTRY, EXTENSION_BUNDLE].filter((f) => !fs.existsSync(f));
  if (missing.length) throw new Error(`missing ${missing.join(', ')}: run \`npm run compile && npm run build\` first`);
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new Error('desktop VS Code needs a display: run `xvfb-run -a npm run test:electron` ' + '(Debian: apt-get install xvfb), or use `npm run test:host` (headless)');
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-electron-'));
  onCleanup(() => fs.rmSync(workDir, { recursive: true, force: true }));
  const emulator = await startEmulator({ dataDir: path.join(workDir, 'emulator'), fresh: true, pollMinMs: 1000, testHooks: true });

  try {
    await runTests({
      version: process.env.VSCODE_VERSION || 'stable',
      cachePath: path.join(REPO_ROOT, '.vscode-test'),
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: HOST_TESTS_ENTRY,
      extensionTestsEnv: { SPHERE_ENGINE_EMULATOR: emulator.extensionEnv },
      launchArgs: [
        FIXTURE_WORKSPACE,
        '--disable-extensions', // other installed extensions stay out of the run
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--user-data-dir',
        path.join(workDir, 'user-data'), // a fresh profile for every run
      ],
    });
    console.log('test:electron: host tests only; the UI tests (Restricted Mode among them) run under `npm run test:host`');
    return 0;
  } catch (err) {
    // runTests rejects when VS Code exits non-zero, i.e. when a test failed (mocha printed which).
    console.error(`test:electron: ${err && err.message ? err.message : err}`);
    return 1;
  }
}

main().then(
  async (code) => {
    await cleanupAll();
    process.exit(code);
  },
  async (err) => {
    console.error(`test:electron: ${err && err.message ? err.message : err}`);
    await cleanupAll();
    process.exit(1);
  },
);
