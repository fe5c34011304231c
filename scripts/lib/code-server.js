// Starts code-server (VS Code served to a browser, the real extension host) on loopback, in its own
// process group, with fresh profile folders, and waits until /healthz answers.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { onCleanup, spawnGroup } = require('./processes');

/**
 * The user settings of every test server. This VS Code opens its Chat view at startup and, once it
 * has loaded, moves the focus into the chat input: a quick pick open at that moment closes (focus
 * lost), which made a UI test fail now and then, waiting for a quick pick that had come and gone.
 * A person would just run the command again; the tests need a workbench that stays put. The git
 * extension's question about a repository in a parent folder is a toast no test is about.
 */
const TEST_USER_SETTINGS = Object.freeze({
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.openRepositoryInParentFolders': 'never',
});

/**
 * @param {object} o
 * @param {ReturnType<typeof import('../install-host').ensureHost>} o.host
 * @param {number} o.port
 * @param {string} o.stateDir      folder for user data, extensions and the (empty) config file
 * @param {string} [o.folder]      folder the workbench opens by default
 * @param {Record<string,string>} [o.env]  extra environment (reaches the extension host)
 * @param {boolean} [o.smokeTestDriver]  needed for the `payload` test runs; hides notification toasts
 * @param {boolean} [o.workspaceTrust]  ask whether a folder is trusted, as VS Code does by default
 *   (the test servers skip it: every window is trusted; test/ui/restricted-mode.ui.test.ts does not)
 * @param {Record<string, unknown>} [o.userSettings]  added to the profile's User/settings.json (TEST_USER_SETTINGS)
 * @param {string[]} [o.extraArgs]
 * @param {(line: string) => void} [o.onLine]  every output line (default: kept for error messages only)
 */
async function startCodeServer({ host, port, stateDir, folder, env = {}, smokeTestDriver = false, workspaceTrust = false, userSettings, extraArgs = [], onLine }) {
  const userDataDir = path.join(stateDir, 'user-data');
  const extensionsDir = path.join(stateDir, 'extensions');
  const configFile = path.join(stateDir, 'config.yaml');
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  // An empty config keeps ~/.config/code-server/config.yaml (passwords, other ports) out of the run.
  fs.writeFileSync(configFile, '');
  if (userSettings) {
    // Added to what a test wrote there already (its values win).
    const file = path.join(userDataDir, 'User', 'settings.json');
    const written = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ ...userSettings, ...written }, null, 2));
  }

  const args = [
    host.codeServerEntry,
    '--config',
    configFile,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    ...(smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...extraArgs,
    ...(folder ? [folder] : []),
  ];
  // code-server, its extension host and their extensions leave sockets (vscode-ipc-*.sock,
  // vscode-git-*.sock) and vscode-typescript* in the temp directory: they get a private one (short:
  // sockets have a path limit), removed once the whole group is gone.
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-cs-'));
  const removeTmp = () => fs.rmSync(tmpDir, { recursive: true, force: true });
  const unregisterTmp = onCleanup(removeTmp); // runs after the group's own cleanup (registered later)
  const child = spawnGroup(host.nodeBin, args, { env: host.env({ ...env, TMPDIR: tmpDir, XDG_RUNTIME_DIR: tmpDir }) });
  const stopGroup = child.stop;
  child.stop = async () => {
    await stopGroup();
    unregisterTmp();
    removeTmp();
  };
  let tail = '';
  const keep = (chunk) => {
    const text = chunk.toString('utf8');
    tail = (tail + text).slice(-6000);
    if (onLine) for (const line of text.split('\n')) if (line.trim()) onLine(line);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthz(url, child, 60_000);
  } catch (err) {
    await child.stop();
    throw new Error(`${err.message}\n--- code-server output ---\n${tail}`);
  }
  return { url, port, child, userDataDir, extensionsDir, output: () => tail, stop: () => child.stop() };
}

async function waitForHealthz(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = code ?? signal;
  });
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`code-server exited (${exited}) before it answered`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs} ms`);
}

/** The workbench address that opens `folder` (and, with the smoke-test driver, runs `payload`). */
function workbenchUrl(server, folder, payload) {
  const params = new URLSearchParams({ folder });
  if (payload) params.set('payload', JSON.stringify(payload));
  return `${server.url}/?${params}`;
}

/** A file path as the web workbench names it on this server. */
function remoteUri(server, absPath) {
  return `vscode-remote://127.0.0.1:${server.port}${absPath}`;
}

module.exports = { TEST_USER_SETTINGS, startCodeServer, workbenchUrl, remoteUri };
