// Which isolation the runner really has: bubblewrap when it is installed AND works here (it needs
// user namespaces or root), else none. Detected once per mode and cached. Runs see the host
// read-only, a private /tmp, and their run directory at SANDBOX_DIR (./sandbox-path.ts).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import type { SandboxInfo, SandboxMode } from './types';
import { SANDBOX_DIR } from './sandbox-path';

export type { SandboxInfo } from './types';

const BWRAP = 'bwrap';
const cache = new Map<SandboxMode, SandboxInfo>();

let rootEntries: string[] | undefined;
/**
 * The host's top-level folders and files read-only, one by one rather than `--ro-bind / /`: the
 * sandbox's own root (a tmpfs) then has room for SANDBOX_DIR, which the host need not have.
 */
function rootArgs(): string[] {
  if (!rootEntries) {
    rootEntries = [];
    const own = new Set(['proc', 'dev', 'tmp', SANDBOX_DIR.slice(1)]);
    for (const entry of fs.readdirSync('/', { withFileTypes: true })) {
      if (own.has(entry.name)) continue;
      const at = `/${entry.name}`;
      if (entry.isSymbolicLink()) rootEntries.push('--symlink', fs.readlinkSync(at), at);
      else if (entry.isDirectory() || entry.isFile()) rootEntries.push('--ro-bind', at, at);
    }
  }
  return rootEntries;
}

/** Namespaces and mounts shared by every run; the run-specific binds come after. */
function baseArgs(): string[] {
  return [
    ...rootArgs(),
    '--dev', '/dev',
    '--proc', '/proc',
    '--tmpfs', '/tmp',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--die-with-parent',
    '--new-session',
  ];
}

/** The last mount options: the root tmpfs read-only, the program in SANDBOX_DIR. */
function runDirArgs(runDir: string): string[] {
  return ['--bind', runDir, SANDBOX_DIR, '--remount-ro', '/', '--chdir', SANDBOX_DIR, '--setenv', 'HOME', SANDBOX_DIR];
}

function bwrapProblem(): string | undefined {
  const probe = spawnSync(BWRAP, [...baseArgs(), '--unshare-net', ...runDirArgs(os.tmpdir()), '--', 'true'], { timeout: 5000, encoding: 'utf8' });
  if (probe.error) {
    return (probe.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'bubblewrap not installed' : probe.error.message;
  }
  if (probe.status !== 0) return `bubblewrap does not work here: ${(probe.stderr || '').trim().split('\n')[0]}`;
  return undefined;
}

export function detectSandbox(mode: SandboxMode): SandboxInfo {
  const cached = cache.get(mode);
  if (cached) return cached;
  let info: SandboxInfo;
  if (mode === 'none') {
    info = { kind: 'none', description: 'none (disabled by --sandbox none)' };
  } else {
    const problem = bwrapProblem();
    if (!problem) info = { kind: 'bwrap', description: 'bubblewrap (no network, read-only system, private /tmp)' };
    else if (mode === 'bwrap') throw new Error(`--sandbox bwrap: ${problem}`);
    else info = { kind: 'none', description: `none: ${problem}` };
  }
  cache.set(mode, info);
  return info;
}

export interface SandboxRun {
  cwd: string;
  network: boolean;
  readOnlyPaths: string[];
  /** Paths to hide behind an empty tmpfs (the emulator's data dir: runs must not read others' files). */
  hiddenPaths: string[];
}

/** bwrap argv prefix for one run; the command follows after `--`. */
export function bwrapPrefix(run: SandboxRun): string[] {
  const args = [BWRAP, ...baseArgs()];
  if (!run.network) args.push('--unshare-net');
  for (const hidden of run.hiddenPaths) {
    // Hiding a folder that contains the run directory is fine: it is bound at SANDBOX_DIR anyway.
    args.push('--tmpfs', hidden);
  }
  for (const ro of run.readOnlyPaths) args.push('--ro-bind', ro, ro);
  args.push(...runDirArgs(run.cwd), '--');
  return args;
}
