// One run of the host tests (out/test/host/index.js) inside a real VS Code: a fresh emulator with
// polling protection, code-server with the smoke-test driver, and headless Chromium opening the
// workbench with a `payload` that names our extension and its tests. The workbench reports the
// result through window.codeAutomationExit(code).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { FIXTURE_WORKSPACE, HOST_TESTS_ENTRY, REPO_ROOT } = require('./paths');
const { startEmulator, maskToken } = require('./emulator');
const { startCodeServer, workbenchUrl, remoteUri, TEST_USER_SETTINGS } = require('./code-server');
const { launchBrowser, pipeConsole } = require('./browser');
const { anyFreePort } = require('./free-port');
const { onCleanup } = require('./processes');
const { createTokenGuard } = require('./token-guard');
const { failedTestTitles } = require('./mocha-failures');

/**
 * Workbench chatter that says nothing about our tests: connection set-up, built-in features that
 * want a network or an account, web-only warnings. --verbose shows it all.
 */
const NOISE = [
  /connection token|Creating a socket|reconnection-grace-time|\[Service Worker\]|Updating additional builtin/,
  /\[AgentHost|\[ChatModelSelection\]|\[AccountPolicyGate\]|signed-in session/,
  /web worker extension host|allow-scripts and allow-same-origin/,
  /marketplace|gallery|update\.code\.visualstudio|vscode-unpkg|open-vsx/i,
  /Failed to load resource/i,
  /^ ERR \{"name":"(?:Error|Failed)"\}$/, // errors of the above without a message
];

/**
 * @param {{ host: object, workDir: string, pollMinMs?: number, timeoutMs?: number, verbose?: boolean,
 *           grep?: string }} options
 * @returns {Promise<{ exitCode: number, passed: number, failed: number, failedTitles?: string[], tokenLeak?: string }>}
 */
async function runHostSuite(options) {
  let guard;
  const result = await runGuarded(options, (g) => {
    guard = g;
  });
  if (!guard?.leaked()) return result;
  const tokenLeak = guard.report();
  console.error(`host tests: ${tokenLeak}`);
  return { ...result, exitCode: 1, tokenLeak };
}

async function runGuarded({ host, workDir, pollMinMs = 1000, timeoutMs = 12 * 60_000, verbose = false, grep }, useGuard) {
  const emulator = await startEmulator({
    dataDir: path.join(workDir, 'host-emulator'),
    fresh: true,
    pollMinMs,
    testHooks: true,
    onLine: verbose ? (line) => console.log(`[emulator] ${maskToken(line)}`) : undefined,
  });
  // Everything printed below goes through the guard: the run fails if the token shows up.
  const guard = createTokenGuard(emulator.token, emulator.readOnlyToken);
  useGuard(guard);
  const server = await startCodeServer({
    host,
    port: await anyFreePort(),
    stateDir: path.join(workDir, 'host-code-server'),
    folder: FIXTURE_WORKSPACE,
    userSettings: TEST_USER_SETTINGS,
    // The only way the token reaches the extension host: the server's environment, which the
    // extension host inherits. Never the workbench URL: code-server saves its query in
    // <user-data>/coder.json (RELIABILITY.md, R1).
    env: { SPHERE_ENGINE_EMULATOR: emulator.extensionEnv },
    smokeTestDriver: true,
    onLine: verbose ? (line) => console.log(`[code-server] ${guard.mask(line, 'code-server output')}`) : undefined,
  });
  const browser = await launchBrowser({ executablePath: host.chromium });
  const closeBrowser = onCleanup(() => browser.close());

  try {
    const page = await browser.newPage();
    let result = { passed: 0, failed: 0, reported: false };
    let printed = '';
    const consoleDone = pipeConsole(page, {
      filter: (text) => {
        // Counted even when the line is not printed: the token has no business in the console.
        guard.mask(text, 'host console');
        const summary = text.match(/HOST_TESTS_RESULT (\{.*\})/);
        if (summary) {
          result = { ...JSON.parse(summary[1]), reported: true };
          return false;
        }
        return verbose || !NOISE.some((re) => re.test(text));
      },
      // The workbench tags every forwarded line with its log level; INFO is mocha's normal output.
      write: (line) => {
        const shown = guard.hide(line.replace(/^ INFO /, ''));
        printed += `${shown}\n`;
        console.log(shown);
      },
    });

    let settle;
    const exited = new Promise((resolve) => {
      settle = resolve;
    });
    // Must exist before the workbench loads: it calls this when the test runner finishes.
    await page.exposeFunction('codeAutomationExit', (code) => settle(Number(code)));
    page.on('pageerror', (err) => console.error(guard.mask(`[workbench] ${err.message}`, 'workbench errors')));

    // Not secret, unlike SPHERE_ENGINE_EMULATOR (see startCodeServer above).
    const extensionEnvironment = {};
    if (grep) extensionEnvironment.SPHERE_HOST_GREP = grep;
    const payload = [
      ['extensionDevelopmentPath', remoteUri(server, REPO_ROOT)],
      ['extensionTestsPath', remoteUri(server, HOST_TESTS_ENTRY)],
      ['extensionEnvironment', JSON.stringify(extensionEnvironment)],
    ];
    await page.goto(workbenchUrl(server, FIXTURE_WORKSPACE, payload));

    let timer;
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    await consoleDone.drain();
    if (outcome === 'timeout') {
      console.error(`host tests did not finish within ${Math.round(timeoutMs / 1000)} s`);
      printDiagnostics(server, guard);
      return { exitCode: 1, passed: result.passed, failed: Math.max(result.failed, 1) };
    }
    if (outcome !== 0 && !result.reported) {
      // The runner never got to run the tests (missing module, throw while loading ...).
      console.error(`the extension host ended with code ${outcome} before reporting results`);
      printDiagnostics(server, guard);
      if (!fs.existsSync(HOST_TESTS_ENTRY)) console.error(`${HOST_TESTS_ENTRY} is missing: run \`npm run compile\``);
      return { exitCode: outcome, passed: 0, failed: 1 };
    }
    return { exitCode: outcome, passed: result.passed, failed: result.failed, failedTitles: failedTestTitles(printed) };
  } finally {
    closeBrowser();
    await browser.close().catch(() => {});
    await server.stop();
    await emulator.stop();
  }
}

/** The end of the server's output and of the extension host's own log, to see why a run broke. */
function printDiagnostics(server, guard) {
  const tail = (text, lines) => guard.mask(text.split('\n').slice(-lines).join('\n'), 'diagnostics');
  console.error(`--- code-server output (end) ---\n${tail(server.output(), 30)}`);
  const logsDir = path.join(server.userDataDir, 'logs');
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/exthost\.log$/i.test(entry.name)) found.push(full);
    }
  };
  walk(logsDir);
  for (const file of found) console.error(`--- ${file} (end) ---\n${tail(fs.readFileSync(file, 'utf8'), 40)}`);
}

module.exports = { runHostSuite };
