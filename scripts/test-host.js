#!/usr/bin/env node
// `npm run test:host`: the extension inside a real VS Code (code-server + headless Chromium).
//   1. host tests: out/test/host/**/*.test.js run inside the extension host (test/host/index.ts);
//   2. UI tests:   out/test/ui/**/*.test.js drive the workbench as a person would.
// Each suite gets a fresh emulator (polling protection on) and a fresh VS Code profile. Everything
// started here is stopped at the end, on failure, on Ctrl-C and after the overall timeout.
//
// Needs `npm run compile && npm run build` first (`npm test` does both).
// Options: --host-only, --ui-only, --grep TEXT (both suites), --verbose (server and emulator logs),
//          --keep (keep the temp folder with profiles and logs)
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ensureHost, InstallError } = require('./install-host');
const { EXTENSION_BUNDLE, HOST_TESTS_ENTRY, REPO_ROOT } = require('./lib/paths');
const { cleanupAll, exitCleanlyOnSignals, onCleanup } = require('./lib/processes');
const { runHostSuite } = require('./lib/host-suite');
const { runUiSuite } = require('./lib/ui-suite');

// Both suites together; each also has its own limit (lib/host-suite.js, lib/ui-suite.js).
const OVERALL_TIMEOUT_MS = 20 * 60_000;

function parseArgs(argv) {
  const options = { host: true, ui: true, verbose: false, keep: false, grep: undefined };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case '--host-only':
        options.ui = false;
        break;
      case '--ui-only':
        options.host = false;
        break;
      case '--verbose':
        options.verbose = true;
        break;
      case '--keep':
        options.keep = true;
        break;
      case '--grep':
        options.grep = argv[++i];
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  return options;
}

function checkBuilt() {
  const missing = [HOST_TESTS_ENTRY, EXTENSION_BUNDLE].filter((f) => !fs.existsSync(f));
  if (missing.length) {
    throw new Error(`missing ${missing.map((f) => path.relative(process.cwd(), f)).join(', ')}: ` + 'run `npm run compile && npm run build` first');
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  exitCleanlyOnSignals();
  const overall = setTimeout(() => {
    console.error(`\ntest:host: no result after ${OVERALL_TIMEOUT_MS / 60_000} min; stopping everything`);
    cleanupAll().finally(() => process.exit(1));
  }, OVERALL_TIMEOUT_MS);
  overall.unref();

  const started = Date.now();
  checkBuilt();
  const host = await ensureHost();
  console.log(`VS Code host: code-server ${host.codeServerVersion} on Node ${host.nodeVersion}`);

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-host-'));
  onCleanup(() => {
    if (options.keep) console.log(`kept ${workDir}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  });

  const summary = [];
  const figures = { date: new Date().toISOString(), wallSeconds: 0, passed: false };
  let exitCode = 0;
  const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  if (options.host) {
    const t = Date.now();
    console.log('\n=== host tests (extension host of a real VS Code) ===');
    const r = await runHostSuite({ host, workDir, verbose: options.verbose, grep: options.grep });
    summary.push(`host: ${r.passed} passed, ${r.failed} failed (${seconds(t)})${r.tokenLeak ? `; FAILED: ${r.tokenLeak}` : ''}`);
    for (const title of r.failedTitles ?? []) summary.push(`  failed: ${title}`);
    figures.host = { passed: r.passed, failed: r.failed, seconds: (Date.now() - t) / 1000 };
    if (r.exitCode !== 0) exitCode = 1;
  }
  if (options.ui) {
    const t = Date.now();
    console.log('\n=== UI tests (the workbench in headless Chromium) ===');
    const r = await runUiSuite({ host, workDir, verbose: options.verbose, grep: options.grep });
    summary.push(`ui: ${r.passed} passed, ${r.failed} failed (${seconds(t)})${r.tokenLeak ? `; FAILED: ${r.tokenLeak}` : ''}`);
    for (const title of r.failedTitles ?? []) summary.push(`  failed: ${title}`);
    figures.ui = { passed: r.passed, failed: r.failed, seconds: (Date.now() - t) / 1000 };
    if (r.exitCode !== 0) exitCode = 1;
  }
  await cleanupAll();
  // The wall time of the whole host run is one of issue 4's figures (bench/activation.bench.ts reads it).
  figures.wallSeconds = (Date.now() - started) / 1000;
  figures.passed = exitCode === 0;
  fs.mkdirSync(path.join(REPO_ROOT, 'test-output'), { recursive: true });
  fs.writeFileSync(path.join(REPO_ROOT, 'test-output', 'host-figures.json'), JSON.stringify(figures, null, 2));
  console.log(`\n${summary.join('\n')}\ntest:host ${exitCode === 0 ? 'passed' : 'FAILED'} in ${seconds(started)}`);
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    console.error(`test:host: ${err instanceof InstallError ? err.message : (err && err.stack) || err}`);
    await cleanupAll();
    process.exit(1);
  },
);
