#!/usr/bin/env node
// `npm test`'s suites in two lanes at once (`npm run test:steps` runs this after compile and build):
//   - the plain lane: unit, emulator conformance, faults, security, one after another (plain
//     mocha, about 4.5 minutes, mostly waiting on timers and sandboxed runs);
//   - the host lane: the host and UI suites in a real VS Code (about 13.5 minutes).
// Run one after the other they took 18 minutes on 2 cores; side by side the run takes about as
// long as the host lane. The host lane prints as it goes; the plain lane's output is held and
// printed whole as each of its suites ends, so the log reads suite by suite. Both lanes always run
// to the end (a failure in one does not stop the other: the log then shows everything that
// failed), and a summary names each suite with its time and result. Exit code 1 if any failed.
//
// SPHERE_TEST_LANES=1 runs everything in one lane, in the old order (a slow or busy machine).
'use strict';
const { spawn } = require('node:child_process');
const { failedTestTitles } = require('./lib/mocha-failures');

const PLAIN = ['test:unit', 'test:emulator', 'test:faults', 'test:security'];
const HOST = ['test:host'];

/** Runs `npm run <script>`; output inherited, or collected and printed whole when it ends. */
function runScript(script, { hold }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit', shell: process.platform === 'win32' });
    const chunks = [];
    if (hold) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    let finished = false;
    // 'error' (npm not found) may be followed by 'close': the suite is reported once.
    const finish = (code) => {
      if (finished) return;
      finished = true;
      const output = hold ? Buffer.concat(chunks).toString('utf8') : '';
      if (hold) process.stdout.write(`\n===== ${script} =====\n${output}===== end of ${script} =====\n`);
      // A held suite's failures are far up the log by the end; the summary repeats their titles.
      const failedTitles = code === 0 ? [] : failedTestTitles(output);
      resolve({ script, ok: code === 0, seconds: (Date.now() - started) / 1000, failedTitles });
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(`test-lanes: ${err.message}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(scripts, options) {
  const results = [];
  for (const script of scripts) results.push(await runScript(script, options));
  return results;
}

async function main() {
  const started = Date.now();
  const oneLane = process.env.SPHERE_TEST_LANES === '1';
  const results = oneLane ? await runLane([...PLAIN, ...HOST], { hold: false }) : (await Promise.all([runLane(PLAIN, { hold: true }), runLane(HOST, { hold: false })])).flat();
  console.log(`\ntest-lanes: ${oneLane ? 'one lane' : 'two lanes'}, ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
  for (const r of results) {
    console.log(`  ${r.ok ? 'passed' : 'FAILED'}  ${r.script.padEnd(14)} ${r.seconds.toFixed(1)} s`);
    for (const title of r.failedTitles) console.log(`            failed: ${title}`);
  }
  return results.every((r) => r.ok) ? 0 : 1;
}

// Ctrl-C reaches the npm children too (same process group); this waits for them to end.
process.on('SIGINT', () => undefined);
main().then((code) => process.exit(code));
