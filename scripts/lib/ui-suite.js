// One run of the UI tests (out/test/ui/**/*.test.js, mocha in plain Node): a fresh emulator and a
// code-server WITHOUT the smoke-test driver (so notification toasts show as a person sees them)
// with our extension installed as a link in its extensions folder. The tests drive the workbench
// with playwright-core through test/ui/workbench.ts; this script tells them where it is:
//   SPHERE_UI_URL           workbench address with the sample folder open
//   SPHERE_UI_CHROMIUM      the browser to launch
//   SPHERE_ENGINE_EMULATOR  the emulator the extension talks to (tests may use its admin routes)
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { FIXTURE_WORKSPACE, REPO_ROOT, SCREENSHOT_DIR } = require('./paths');
const { startEmulator, maskToken } = require('./emulator');
const { startCodeServer, workbenchUrl, TEST_USER_SETTINGS } = require('./code-server');
const { anyFreePort } = require('./free-port');
const { killGroup, onCleanup } = require('./processes');
const { createTokenGuard } = require('./token-guard');
const { failedTestTitles } = require('./mocha-failures');

const UI_TESTS_DIR = path.join(REPO_ROOT, 'out', 'test', 'ui');

/**
 * Installs the extension in `source` (default: the repository) by linking it into `extensionsDir`.
 * VS Code reads extensions.json to know what is installed; a folder named publisher.name-version
 * is picked up from disk as well, which is all a link needs. Installed this way, not loaded as the
 * development extension, it runs in ExtensionMode.Production, as users get it.
 */
function linkExtension(extensionsDir, source = REPO_ROOT) {
  const manifest = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'));
  fs.mkdirSync(extensionsDir, { recursive: true });
  const link = path.join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(source, link, 'dir');
  return link;
}

/**
 * Runs mocha over the compiled UI tests; resolves with its exit code and counts from its output.
 * Both of its streams are printed through `guard` (the token masked, its appearance counted).
 */
function runMocha(env, { timeoutMs, grep, guard }) {
  return new Promise((resolve) => {
    const mochaBin = require.resolve('mocha/bin/mocha.js', { paths: [REPO_ROOT] });
    const args = [mochaBin, '--config', path.join(REPO_ROOT, 'test', 'ui', '.mocharc.json')];
    if (grep) args.push('--grep', grep);
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const unregister = onCleanup(() => killGroup(child.pid));
    let passed = 0;
    let failed = 0;
    let printed = '';
    const stdout = guard.lines('UI tests output', (text) => {
      process.stdout.write(text);
      printed += text;
      const passing = text.match(/^\s*(\d+) passing/m);
      const failing = text.match(/^\s*(\d+) failing/m);
      if (passing) passed = Number(passing[1]);
      if (failing) failed = Number(failing[1]);
    });
    const stderr = guard.lines('UI tests errors', (text) => process.stderr.write(text));
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    const timer = setTimeout(() => {
      console.error(`UI tests did not finish within ${Math.round(timeoutMs / 1000)} s`);
      killGroup(child.pid);
    }, timeoutMs);
    let settled = false;
    const finish = (code, signal) => {
      if (settled) return;
      settled = true;
      stdout.end();
      stderr.end();
      clearTimeout(timer);
      unregister();
      const exitCode = code ?? 1;
      resolve({ exitCode, passed, failed: exitCode !== 0 && failed === 0 ? 1 : failed, signal, failedTitles: failedTestTitles(printed) });
    };
    // 'close' comes once the streams are read to their end (the summary, a token to catch); a
    // leftover grandchild holding them open must not stall the run, hence the bound after 'exit'.
    child.on('close', finish);
    child.on('exit', (code, signal) => setTimeout(() => finish(code, signal), 5000));
  });
}

/**
 * @param {{ host: object, workDir: string, timeoutMs?: number, verbose?: boolean, grep?: string }} options
 * @returns {Promise<{ exitCode: number, passed: number, failed: number, failedTitles?: string[], tokenLeak?: string }>}
 */
async function runUiSuite({ host, workDir, timeoutMs = 12 * 60_000, verbose = false, grep }) {
  if (!fs.existsSync(UI_TESTS_DIR)) {
    console.error(`${UI_TESTS_DIR} is missing: run \`npm run compile\``);
    return { exitCode: 1, passed: 0, failed: 1 };
  }
  const emulator = await startEmulator({
    dataDir: path.join(workDir, 'ui-emulator'),
    fresh: true,
    pollMinMs: 1000,
    testHooks: true,
    onLine: verbose ? (line) => console.log(`[emulator] ${maskToken(line)}`) : undefined,
  });
  const guard = createTokenGuard(emulator.token, emulator.readOnlyToken);
  try {
    const stateDir = path.join(workDir, 'ui-code-server');
    fs.mkdirSync(path.join(stateDir, 'extensions'), { recursive: true });
    linkExtension(path.join(stateDir, 'extensions'));
    const server = await startCodeServer({
      host,
      port: await anyFreePort(),
      stateDir,
      folder: FIXTURE_WORKSPACE,
      userSettings: TEST_USER_SETTINGS,
      env: { SPHERE_ENGINE_EMULATOR: emulator.extensionEnv },
      onLine: verbose ? (line) => console.log(`[code-server] ${guard.mask(line, 'code-server output')}`) : undefined,
    });
    try {
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const result = await runMocha(
        {
          ...process.env,
          SPHERE_UI_URL: workbenchUrl(server, FIXTURE_WORKSPACE),
          SPHERE_UI_CHROMIUM: host.chromium,
          SPHERE_ENGINE_EMULATOR: emulator.extensionEnv,
        },
        { timeoutMs, grep, guard },
      );
      if (!guard.leaked()) return result;
      const tokenLeak = guard.report();
      console.error(`UI tests: ${tokenLeak}`);
      return { ...result, exitCode: 1, tokenLeak };
    } finally {
      await server.stop();
    }
  } finally {
    await emulator.stop();
  }
}

module.exports = { runUiSuite, linkExtension };
