// Which isolation the runner really has: bubblewrap when it is installed AND works here (it needs
// user namespaces or root), else none. Detected once per mode and cached.
import { spawnSync } from 'node:child_process';
import type { SandboxMode } from '../context';

export interface SandboxInfo {
  kind: 'bwrap' | 'none';
  /** For the start banner. */
  description: string;
}

const BWRAP = 'bwrap';
const cache = new Map<SandboxMode, SandboxInfo>();

/** Namespaces and mounts shared by every run; the run-specific binds come after. */
function baseArgs(): string[] {
  return [
    '--ro-bind', '/', '/',
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

function bwrapProblem(): string | undefined {
  const probe = spawnSync(BWRAP, [...baseArgs(), '--unshare-net', '--', 'true'], { timeout: 5000, encoding: 'utf8' });
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
    // Hiding a folder that contains the run directory is fine: the bind below comes later.
    args.push('--tmpfs', hidden);
  }
  for (const ro of run.readOnlyPaths) args.push('--ro-bind', ro, ro);
  args.push('--bind', run.cwd, run.cwd, '--chdir', run.cwd, '--setenv', 'HOME', run.cwd, '--');
  return args;
}
