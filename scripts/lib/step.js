// Long steps of `npm start` that said nothing for minutes (issue 40, item 5: 76-128 s of tsc, and
// 4 min 13 s waiting on another process's host-install lock, without a line): each says what it
// does or waits for when it begins, how long so far while it lasts (every `everyMs`), and how long
// it took when it ends.
'use strict';
const { spawn } = require('node:child_process');

const EVERY_MS = 15_000;

/** Says "<what> (N s so far)" every `everyMs` until the returned function is called. */
function sayWhileWaiting(what, log, everyMs = EVERY_MS) {
  const started = Date.now();
  const timer = setInterval(() => log(`still ${what} (${Math.round((Date.now() - started) / 1000)} s so far)`), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs `command args` (its output passed through), saying what it does first (with `note`), how
 * long so far while it runs, and how long it took. Resolves with its exit code.
 */
function runStep(what, command, args, { log, cwd, everyMs = EVERY_MS, env, note } = {}) {
  const started = Date.now();
  // The note (how much there is to do) is said once, at the start; the later lines stay short.
  log(`${what}${note ? ` (${note})` : ''}…`);
  const stop = sayWhileWaiting(what, log, everyMs);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: env ?? process.env, stdio: 'inherit' });
    child.once('error', (err) => {
      stop();
      reject(err);
    });
    child.once('exit', (code, signal) => {
      stop();
      log(`${what}: ${code === 0 ? 'done' : `ended with ${signal ?? `exit code ${code}`}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code ?? 1);
    });
  });
}

module.exports = { runStep, sayWhileWaiting, EVERY_MS };
