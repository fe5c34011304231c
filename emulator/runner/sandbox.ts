// Which isolation the runner really has, and the bubblewrap command line of one run. Submitted code
// is hostile (SECURITY.md): it never runs with a capability, never as a user id that owns anything
// of the host, and sees only the toolchains, a few /etc files and its own run directory.
//
// - Emulator not root: a new user namespace (`--unshare-user`, uid/gid 65534 inside, the emulator's
//   own user outside), no capabilities, no nested user namespaces (`--disable-userns`).
// - Emulator root: NOT a user namespace. bwrap maps only one id, so the program would stay the
//   host's uid 0 inside it, and uid 0 may write /proc/sys (kernel.core_pattern: a root shell) even
//   with every capability dropped. The sandbox keeps just the capabilities to change user, and the
//   supervisor's child switches to a user of the run's own (./sandbox-users.ts: the kernel then
//   bounds the run's processes), drops the bounding set and execs the program with nothing
//   (./supervisor.c, or ./supervisor.py without cc; the node fallback uses setpriv).
// Both: new pid/ipc/uts/net namespaces, no_new_privs (bwrap always sets it), a size-limited /tmp
// and /dev/shm, /dev and / read-only, the run directory at SANDBOX_DIR (./sandbox-path.ts).
import { spawnSync } from 'node:child_process';
import * as os from 'node:os';
import type { SandboxInfo, SandboxMode } from './types';
import { SANDBOX_DIR } from './sandbox-path';
import { refreshSandboxEtc, SANDBOX_ETC, systemRootArgs } from './sandbox-binds';
import { SUPERVISOR_IN_SANDBOX } from './supervisor-binary';
import { SANDBOX_USER_COUNT, SANDBOX_USER_FIRST } from './sandbox-users';

export type { SandboxInfo } from './types';

/** The program's uid inside the user namespace of a non-root emulator (`nobody`). */
export const SANDBOX_UID = 65534;
export const SANDBOX_GID = 65534;
/** /tmp and /dev/shm inside the sandbox: tmpfs of this size (the run also has a budget, ./disk-budget.ts). */
export const SANDBOX_TMP_BYTES = 256 * 1024 * 1024;
const SANDBOX_SHM_BYTES = 64 * 1024 * 1024;

const BWRAP = 'bwrap';
const cache = new Map<SandboxMode, SandboxInfo>();

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The capabilities a root sandbox keeps for its supervisor: change user, signal and outrank the program, read its run directory (chdir, disk budget) whatever modes it sets, and read the program's /proc/<pid>/fd (files it unlinked but holds count against the disk budget). */
const ROOT_SUPERVISOR_CAPS = ['CAP_SETUID', 'CAP_SETGID', 'CAP_SETPCAP', 'CAP_KILL', 'CAP_SYS_NICE', 'CAP_DAC_READ_SEARCH', 'CAP_SYS_PTRACE'];

/** bwrap before 0.8 has no --disable-userns: the sandbox still works, nested namespaces allowed. */
let disableUserns = true;

function identityArgs(): string[] {
  if (isRoot()) return ['--cap-drop', 'ALL', ...ROOT_SUPERVISOR_CAPS.flatMap((c) => ['--cap-add', c])];
  return ['--unshare-user', '--uid', String(SANDBOX_UID), '--gid', String(SANDBOX_GID), ...(disableUserns ? ['--disable-userns'] : []), '--cap-drop', 'ALL'];
}

/** Namespaces and mounts shared by every run; the run-specific binds come after. */
function baseArgs(extraReadOnly: string[]): string[] {
  return [
    ...identityArgs(),
    ...systemRootArgs(extraReadOnly),
    '--dev',
    '/dev',
    '--perms',
    '1777',
    '--size',
    String(SANDBOX_SHM_BYTES),
    '--tmpfs',
    '/dev/shm',
    '--remount-ro',
    '/dev',
    '--proc',
    '/proc',
    '--perms',
    '1777',
    '--size',
    String(SANDBOX_TMP_BYTES),
    '--tmpfs',
    '/tmp',
    '--symlink',
    '/tmp',
    '/var/tmp',
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
  const problem = probeBwrap();
  if (!problem || isRoot() || !disableUserns) return problem;
  disableUserns = false;
  if (!probeBwrap()) return undefined;
  disableUserns = true;
  return problem;
}

function probeBwrap(): string | undefined {
  const probe = spawnSync(BWRAP, [...baseArgs([]), '--unshare-net', ...runDirArgs(os.tmpdir()), '--', 'true'], { timeout: 5000, encoding: 'utf8' });
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
    const who = isRoot()
      ? `as a uid of its own per run (${SANDBOX_USER_FIRST}-${SANDBOX_USER_FIRST + SANDBOX_USER_COUNT - 1}), no capabilities`
      : `user namespace, uid ${SANDBOX_UID} inside, no capabilities`;
    if (!problem) {
      info = {
        kind: 'bwrap',
        description: `bubblewrap (${who}${disableUserns || isRoot() ? '' : ', nested user namespaces allowed: bwrap older than 0.8'}, no network, only toolchains and the run directory visible, /tmp ${SANDBOX_TMP_BYTES / 1024 / 1024} MB)`,
        ...(isRoot() ? { userPerRun: true as const } : {}),
      };
    } else if (mode === 'bwrap') throw new Error(`--sandbox bwrap: ${problem}`);
    else info = { kind: 'none', description: `none: ${problem}` };
  }
  cache.set(mode, info);
  return info;
}

export interface SandboxRun {
  cwd: string;
  network: boolean;
  /** Extra folders to show read-only at their own path (toolchains outside the system folders). */
  readOnlyPaths: string[];
  /** The C supervisor on the host: shown read-only at SUPERVISOR_IN_SANDBOX. */
  supervisor?: string;
}

/** The shared part of the command line, by the extra folders shown: the same for nearly every run. */
const baseCache = new Map<string, readonly string[]>();
function cachedBaseArgs(extraReadOnly: string[]): readonly string[] {
  // disableUserns is settled by the first detection, before any run; keyed on all the same.
  const key = `${disableUserns}\0${extraReadOnly.join('\0')}`;
  let args = baseCache.get(key);
  if (!args) {
    args = baseArgs(extraReadOnly);
    // Few distinct sets (the toolchains, plus a judge's folders): a bound that is never reached.
    if (baseCache.size >= 64) baseCache.clear();
    baseCache.set(key, args);
  }
  return args;
}

/** bwrap argv prefix for one run; the command follows after `--`. */
export function bwrapPrefix(run: SandboxRun): string[] {
  refreshSandboxEtc();
  const args = [BWRAP, ...cachedBaseArgs(run.readOnlyPaths)];
  if (!run.network) args.push('--unshare-net');
  // A run with network needs the resolver's files; without, they only tell about the host.
  else for (const file of ['/etc/resolv.conf', '/etc/hosts']) args.push('--ro-bind-try', file, file);
  // Not `--as-pid-1` for it: one process less, but bwrap then spends about 4 ms more CPU a run.
  if (run.supervisor) args.push('--ro-bind', run.supervisor, SUPERVISOR_IN_SANDBOX);
  args.push(...runDirArgs(run.cwd), '--');
  return args;
}

export { SANDBOX_ETC };
