// What a sandboxed program sees of the host: the system's program and library folders, the few /etc
// files that toolchains read (one bind of a prepared copy: ./sandbox-etc.ts), and each toolchain
// installed elsewhere (pyenv, rustup, a JDK under /opt), read-only. Nothing of /root, /home, /work, /var, the host's /tmp or the data directory.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { prepareEtc, wantedEtcEntries, type PreparedEtc } from './sandbox-etc';

export { SANDBOX_ETC } from './sandbox-etc';

/** Top-level system folders (merged-usr hosts have /bin, /lib... as links into /usr). */
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

let systemArgs: string[] | undefined;
let etc: PreparedEtc | undefined;

/** A run starts: the prepared /etc follows the host's (checked at most every few seconds). */
export function refreshSandboxEtc(): void {
  etc?.refresh();
}

function systemEntries(): string[] {
  if (systemArgs) return systemArgs;
  const args: string[] = [];
  for (const dir of SYSTEM_DIRS) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(dir);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(dir), dir);
    else if (st.isDirectory()) args.push('--ro-bind', dir, dir);
  }
  // Made by hand: bwrap would give the folder above a bind a private mode.
  args.push('--perms', '0755', '--dir', '/var');
  // One bind of a prepared copy of the shown entries (./sandbox-etc.ts); entry by entry where none can be made.
  etc = prepareEtc();
  if (etc) args.push('--ro-bind', etc.bindSource, '/etc');
  else {
    args.push('--perms', '0755', '--dir', '/etc');
    for (const entry of wantedEtcEntries()) args.push('--ro-bind', `/etc/${entry}`, `/etc/${entry}`);
  }
  systemArgs = args;
  return args;
}

/** The mount arguments of the sandbox's root: system folders, /etc files, then the extra folders. */
export function systemRootArgs(extraReadOnly: string[]): string[] {
  const args = [...systemEntries()];
  const extra = [...new Set(extraReadOnly)];
  // bwrap would make the folders above a bind with their host modes (/root is 0700): the program
  // could not reach the toolchain. Only these empty folders, made first, are opened.
  const parents = new Set<string>();
  for (const dir of extra) {
    for (let up = path.dirname(dir); up !== '/' && !isSystemPath(up); up = path.dirname(up)) parents.add(up);
  }
  for (const dir of [...parents].sort((a, b) => a.split('/').length - b.split('/').length)) args.push('--perms', '0755', '--dir', dir);
  for (const dir of extra) args.push('--ro-bind', dir, dir);
  return args;
}

const isSystemPath = (p: string) => [...SYSTEM_DIRS, '/etc'].some((d) => p === d || p.startsWith(`${d}/`));

/**
 * The folder to show for each toolchain executable outside the system folders: its installation
 * (the parent of its bin/), never a home folder or / itself. System executables need nothing.
 */
export function toolchainRoots(executables: string[]): string[] {
  const roots = new Set<string>();
  const home = os.homedir();
  for (const exe of executables) {
    let real: string;
    try {
      real = fs.realpathSync.native(exe);
    } catch {
      continue;
    }
    if (isSystemPath(real)) continue;
    const dir = path.dirname(real);
    const install = path.basename(dir) === 'bin' ? path.dirname(dir) : dir;
    const tooWide = install === '/' || install === home || install === path.dirname(home) || !path.relative(install, home).startsWith('..');
    roots.add(tooWide ? dir : install);
  }
  return [...roots];
}

/** PATH inside the sandbox: the toolchains' bin folders first, then the system's. */
export function sandboxPath(executables: string[], hostPath: string): string {
  const dirs = new Set<string>();
  for (const exe of executables) {
    try {
      const real = fs.realpathSync.native(exe);
      if (!isSystemPath(real)) dirs.add(path.dirname(real));
    } catch {
      /* gone: skip */
    }
  }
  for (const dir of hostPath.split(':')) if (dir && isSystemPath(dir)) dirs.add(dir);
  return [...dirs].join(':');
}
