// Child processes that are always cleaned up: each runs in its own process group (so its own
// children, e.g. code-server's extension host, go with it), and every registered cleanup runs on
// normal exit, on failure, on Ctrl-C and on SIGTERM.
'use strict';
const { spawn } = require('node:child_process');

const cleanups = [];
let cleaningUp = null;

/** Registers `fn` to run (last registered first) when the script ends. Returns an unregister. */
function onCleanup(fn) {
  cleanups.push(fn);
  return () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Runs every cleanup once; safe to call several times. */
function cleanupAll() {
  if (!cleaningUp) {
    cleaningUp = (async () => {
      while (cleanups.length) {
        const fn = cleanups.pop();
        try {
          await fn();
        } catch (err) {
          console.error(`cleanup failed: ${err && err.message}`);
        }
      }
    })();
  }
  return cleaningUp;
}

/** True once cleanup began (Ctrl-C, timeout, end of run): children exiting now is expected. */
function isStopping() {
  return cleaningUp !== null;
}

let signalsHooked = false;
/** Ctrl-C / SIGTERM: clean up, then exit with the conventional 128+signal code. */
function exitCleanlyOnSignals() {
  if (signalsHooked) return;
  signalsHooked = true;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping everything this script started`);
      cleanupAll().finally(() => process.exit(code));
    });
  }
}

/**
 * Whether a process exists: kill(pid, 0) says so without signalling; EPERM means it exists but
 * belongs to another user. The plain scripts' copy of contract/local-emulator.ts's processAlive:
 * they run before anything is compiled.
 */
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the whole group, SIGKILL after `graceMs` if anything is still there. */
async function killGroup(pid, graceMs = 3000) {
  if (!pid || !groupAlive(pid)) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!groupAlive(pid)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* gone meanwhile */
  }
}

/**
 * Starts `command` in its own process group and registers its cleanup. Output is piped; the caller
 * decides what to show. `child.stop()` ends the group.
 */
function spawnGroup(command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const unregister = onCleanup(() => killGroup(child.pid));
  child.stop = async () => {
    unregister();
    await killGroup(child.pid);
  };
  return child;
}

/**
 * Resolves with the first line of `child`'s stdout that matches `pattern` (its match array);
 * rejects when the process exits first or after `timeoutMs`. Every line is also given to `onLine`.
 */
function waitForLine(child, pattern, { timeoutMs = 30_000, what = 'process', onLine = () => {} } = {}) {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let seen = '';
    let done = false;
    const finish = (fn, value) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      fn(value);
    };
    const timer = setTimeout(() => finish(reject, new Error(`${what} not ready after ${timeoutMs} ms:\n${seen}`)), timeoutMs);
    const onData = (chunk) => {
      buffer += chunk.toString('utf8');
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
        onLine(line);
        seen = (seen + line + '\n').slice(-4000);
        const match = done ? null : line.match(pattern);
        if (match) finish(resolve, match);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      seen = (seen + chunk.toString('utf8')).slice(-4000);
    });
    child.once('exit', (code, signal) => finish(reject, new Error(`${what} exited (${code ?? signal}) before it was ready:\n${seen}`)));
  });
}

module.exports = { onCleanup, cleanupAll, isStopping, exitCleanlyOnSignals, killGroup, processAlive, spawnGroup, waitForLine };
