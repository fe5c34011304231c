// The extension-tests entry (`extensionTestsPath`) of both hosts: code-server driven by
// scripts/test-host.js, and desktop VS Code under @vscode/test-electron (scripts/test-electron.js).
// The host loads this module inside its extension host and awaits run(); a rejection fails the run.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { pollGuardTrips } from './helpers/emulator';

/**
 * The secrets scan: it must run after every other host test has used the run's token, so it is
 * added last here whatever the other files are named (not by its name sorting last).
 */
const SECRETS_SCAN = 'zz-secrets.test.js';

/** Every compiled host test next to this file (out/test/host/**\/*.test.js), the secrets scan last. */
export function findTestFiles(dir: string): string[] {
  const entries = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
  const files = entries.filter((rel) => rel.endsWith('.test.js')).sort();
  const last = files.filter((rel) => path.basename(rel) === SECRETS_SCAN);
  return [...files.filter((rel) => !last.includes(rel)), ...last].map((rel) => path.join(dir, rel));
}

export async function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false, // the output ends up in a browser console or a log file, not a terminal
    timeout: 60_000, // the extension talks to the emulator over HTTP; no test should be near this
    // SPHERE_HOST_GREP narrows a run to matching tests while working on one feature.
    ...(process.env.SPHERE_HOST_GREP ? { grep: process.env.SPHERE_HOST_GREP } : {}),
    rootHooks: {
      // The run's emulator refuses fetching a submission faster than its minimum interval (as the
      // real service does). Whatever the tests did, the extension must never have tripped it.
      async afterAll() {
        const guard = await pollGuardTrips();
        if (guard.trips > 0) {
          throw new Error(`the extension polled a submission faster than every ${guard.minIntervalMs} ms (${guard.trips} times)`);
        }
      },
    },
  });
  for (const file of findTestFiles(__dirname)) mocha.addFile(file);

  const { failures, passes } = await new Promise<{ failures: number; passes: number }>((resolve, reject) => {
    try {
      const runner = mocha.run((count) => resolve({ failures: count, passes: runner.stats?.passes ?? 0 }));
    } catch (err) {
      reject(err);
    }
  });
  // One machine-readable line for scripts/test-host.js's summary (mocha's own text is for people).
  console.log(`HOST_TESTS_RESULT ${JSON.stringify({ passed: passes, failed: failures })}`);
  if (failures > 0) throw new Error(`${failures} host test(s) failed`);
}
