// The C supervisor (./supervisor.c) and launcher (./launcher.c), compiled once per emulator
// process with the system's cc into a private folder (./private-folder.ts: no other local user can
// plant or swap them), removed when the process exits. Sandboxed runs see it read-only at SUPERVISOR_IN_SANDBOX.
// An emulator compiles it in the background from its start (a fraction of a second it does not
// wait for); a bare runProcess compiles it at its first run. No cc, or a compile that fails: null,
// and the runner falls back to python3, then to Node. A launcher that does not compile leaves the
// runs to Node's spawn().
import { execFile, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { which } from '../languages/probe';
import { makePrivateFolder } from './private-folder';
import SUPERVISOR_C from './supervisor.c';
import LAUNCHER_C from './launcher.c';

/** Where a sandboxed run finds the supervisor (bound read-only on the sandbox's read-only root). */
export const SUPERVISOR_IN_SANDBOX = '/.se-supervisor';

let compiled: string | null | undefined;
let launcherCompiled: string | null = null;
let compiling: Promise<void> | undefined;
let override: string | null | undefined;

interface Staged {
  source: string;
  out: string;
  launcher: { source: string; out: string };
}

/** A private folder with the sources written, or null; the folder goes when the process exits. */
function stage(): Staged | null {
  const dir = makePrivateFolder('se-supervisor-');
  if (!dir) return null;
  const source = path.join(dir, 'supervisor.c');
  fs.writeFileSync(source, SUPERVISOR_C, { mode: 0o600 });
  const launcherSource = path.join(dir, 'launcher.c');
  fs.writeFileSync(launcherSource, LAUNCHER_C, { mode: 0o600 });
  return { source, out: path.join(dir, 'supervisor'), launcher: { source: launcherSource, out: path.join(dir, 'launcher') } };
}

/** Static where the C library allows it (nothing to load at each start), else dynamic. */
const ATTEMPTS = [['-static'], []];
const ccArgs = (link: string[], files: { source: string; out: string }) => ['-O2', ...link, '-o', files.out, files.source];

function built(files: { out: string }): string | null {
  if (!fs.existsSync(files.out)) return null;
  fs.chmodSync(files.out, 0o555);
  return files.out;
}

function compileNow(): string | null {
  const files = stage();
  if (!files) return null;
  const compileSync = (f: { source: string; out: string }) => {
    for (const link of ATTEMPTS) {
      if (spawnSync('cc', ccArgs(link, f), { timeout: 60_000, stdio: 'ignore' }).status === 0) return built(f);
    }
    return null;
  };
  const supervisor = compileSync(files);
  if (supervisor) launcherCompiled = compileSync(files.launcher);
  return supervisor;
}

/** One program compiled with cc at the lowest priority: the emulator's own start and first requests come first. */
async function compileQuietly(files: { source: string; out: string }): Promise<string | null> {
  for (const link of ATTEMPTS) {
    const ok = await new Promise<boolean>((resolve) => {
      const cc = execFile('cc', ccArgs(link, files), { timeout: 60_000 }, (err) => resolve(!err));
      try {
        if (cc.pid !== undefined) os.setPriority(cc.pid, 19);
      } catch {
        /* gone already */
      }
    });
    if (ok) return built(files);
  }
  return null;
}

async function compileInBackground(): Promise<string | null> {
  const files = stage();
  if (!files) return null;
  const supervisor = await compileQuietly(files);
  if (supervisor) launcherCompiled = await compileQuietly(files.launcher);
  return supervisor;
}

/**
 * Starts compiling without blocking (the emulator's start): runs before it is done use python3.
 * Nothing when it is done, underway or overridden.
 */
export function startCompilingCSupervisor(): void {
  if (compiled !== undefined || compiling || override !== undefined) return;
  // No cc on PATH: known at once, so the start banner can say how limits are enforced.
  if (!which('cc')) {
    compiled = null;
    return;
  }
  compiling = compileInBackground().then((out) => {
    compiled = out;
  });
}

/** The compiled supervisor's path on the host, or null (no C compiler here, or still compiling). */
export function cSupervisor(): string | null {
  if (override !== undefined) return override;
  if (compiled !== undefined) return compiled;
  if (compiling) return null;
  compiled = compileNow();
  return compiled;
}

/** The compiled launcher's path (./launcher.ts), or null: none compiled, or the supervisor is not the C one. */
export function cLauncher(): string | null {
  return cSupervisor() ? launcherCompiled : null;
}

/** The compiled supervisor once any compilation underway is done (tests and benches). */
export async function cSupervisorReady(): Promise<string | null> {
  await compiling;
  return cSupervisor();
}

/** Whether runs will have the C supervisor: compiled, or compiling (cc is there). */
export function cSupervisorExpected(): boolean {
  if (override !== undefined) return override !== null;
  return compiled === undefined ? compiling !== undefined : compiled !== null;
}

/** Tests only: pretend cc is missing (null) or go back to the compiled one (undefined). */
export function overrideCSupervisorForTests(value: null | undefined): void {
  override = value;
}
