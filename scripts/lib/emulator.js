// Starts the compiled emulator (out/emulator/main.js) as a child process and waits for its
// machine-readable EMULATOR_READY line.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { EMULATOR_MAIN, REPO_ROOT } = require('./paths');
const { spawnGroup, waitForLine } = require('./processes');

/**
 * @param {{ dataDir: string, port?: number, fresh?: boolean, pollMinMs?: number, testHooks?: boolean,
 *           extraArgs?: string[], onLine?: (line: string) => void }} options
 *   testHooks: serve /__emulator/* (test runs only; `npm start` never passes it).
 * @returns {Promise<{ origin: string, endpoints: Record<string,string>, token: string, readOnlyToken?: string,
 *                     sandboxed: boolean, warning?: string, extensionEnv: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
async function startEmulator({ dataDir, port = 0, fresh = false, pollMinMs = 0, testHooks = false, extraArgs = [], onLine } = {}) {
  if (!fs.existsSync(EMULATOR_MAIN)) {
    throw new Error(`${EMULATOR_MAIN} is missing: run \`npm run compile\` first`);
  }
  const args = [EMULATOR_MAIN, '--port', String(port), '--data', dataDir, ...extraArgs];
  if (fresh) args.push('--fresh');
  if (pollMinMs > 0) args.push('--poll-min-ms', String(pollMinMs));
  if (testHooks) args.push('--test-hooks');
  const child = spawnGroup(process.execPath, args, { cwd: REPO_ROOT });
  const match = await waitForLine(child, /^EMULATOR_READY (\{.*\})$/, { what: 'emulator', onLine }).catch(async (err) => {
    await child.stop();
    throw err;
  });
  const ready = JSON.parse(match[1]);
  return {
    origin: ready.origin,
    endpoints: ready.endpoints,
    token: ready.token,
    /** A token that may read and submit but not change content (403): for the tests of that refusal. */
    readOnlyToken: ready.readOnlyToken,
    /** False when programs run without bubblewrap, as the user; `warning` then says so. */
    sandboxed: ready.sandboxed !== false,
    warning: ready.warning,
    /** The value of SPHERE_ENGINE_EMULATOR that points the extension at this emulator. */
    extensionEnv: JSON.stringify({ origin: ready.origin, token: ready.token, readOnlyToken: ready.readOnlyToken, sandboxed: ready.sandboxed !== false, warning: ready.warning }),
    child,
    stop: () => child.stop(),
  };
}

/** For printing: the emulator's own start-up lines with the tokens hidden. */
function maskToken(line) {
  return line
    .replace(/^(\s*(?:Read-only token|Token):\s*).*/, '$1***')
    .replace(/"(token|readOnlyToken)":"[^"]*"/g, '"$1":"***"')
    .replace(/access_token=[^&\s]+/g, 'access_token=***');
}

/**
 * One line that says how to use the problems CLI against a started emulator: its endpoint, and the
 * command that reads the token from the data directory's file (the token itself is never printed).
 */
function cliHint(problemsEndpoint, dataDir, cwd = process.cwd()) {
  const relative = path.relative(cwd, path.join(dataDir, 'access-token'));
  const tokenFile = relative && !relative.startsWith('..') ? relative : path.join(dataDir, 'access-token');
  return (
    `problems CLI against this emulator: SPHERE_ENGINE_PROBLEMS_ENDPOINT=${problemsEndpoint} ` + `SPHERE_ENGINE_PROBLEMS_TOKEN="$(cat ${tokenFile})" npx sphere-problems --help`
  );
}

module.exports = { startEmulator, maskToken, cliHint };
