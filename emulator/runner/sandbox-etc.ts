// The sandbox's /etc as ONE read-only bind of a prepared folder, instead of one bind per entry
// (issue 37, throughput): each bind is two mounts in every run's new mount namespace, and the ~17
// /etc entries were about a third of bwrap's CPU (8.2 → 5.8 ms a bare `bwrap … true` here).
//
// What the program sees is what it saw before (SECURITY.md: only the SANDBOX_ETC entries and a
// JDK's java-*): the folder holds copies of just those entries, made by the emulator's own user.
// - Top-level entries are copied through links (a bind followed them too); links further down stay
//   links, as a bind of their folder showed them. Only what every user may read is copied (a
//   `private/` 0710 folder under ssl/ is left out: the sandbox's user could not read it anyway).
// - Two empty files, `hosts` and `resolv.conf`, are the mount points a run with network binds the
//   host's over (a read-only /etc cannot get new mount points); without network they stay empty.
// - Kept fresh: at most every REFRESH_MS a run start compares a signature of the host's entries
//   (lstat of each: inode, size, mtime); on a change a new copy is made and the link `etc` the
//   command line names is swapped to it atomically (rename). Older copies stay until the process
//   exits: a run in flight still has them mounted, and removing their files would empty its /etc.
// The folder lives in a private mkdtemp folder (0700) in /dev/shm (else the temporary folder), named
// with the pid so a later emulator removes what a killed one left (./private-folder.ts). About 2 MB.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makePrivateFolder, SHARED_MEMORY } from './private-folder';

/** The /etc entries programs and toolchains read: the loader, alternatives, time, names, certificates. */
export const SANDBOX_ETC = [
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'alternatives',
  'nsswitch.conf',
  'host.conf',
  'gai.conf',
  'localtime',
  'timezone',
  'locale.alias',
  'protocols',
  'services',
  'mime.types',
  'ssl',
  'ca-certificates',
  'perl',
  'python3',
];

/** Mount points for a run with network (./sandbox.ts binds the host's files over them). */
export const NETWORK_ETC = ['resolv.conf', 'hosts'];

const REFRESH_MS = 5000;
const PREFIX = 'se-sandbox-etc-';

/** The /etc entries shown: the list above, and a JDK's configuration (/etc/java-N-openjdk on Debian-like systems). */
export function wantedEtcEntries(etcDir = '/etc'): string[] {
  let names: string[] = [];
  try {
    names = fs.readdirSync(etcDir);
  } catch {
    /* no /etc: nothing to show */
  }
  const wanted = new Set([...SANDBOX_ETC, ...names.filter((e) => /^java-\d+/.test(e))]);
  return names.filter((n) => wanted.has(n)).sort();
}

const worldReadable = (st: fs.Stats) => (st.mode & (st.isDirectory() ? 0o005 : 0o004)) === (st.isDirectory() ? 0o005 : 0o004);

/** inode, size and mtime of every entry under the shown ones: what a change of the host's /etc changes. */
function signature(etcDir: string, entries: string[]): string {
  const parts: string[] = [];
  const visit = (p: string, follow: boolean) => {
    let st: fs.Stats;
    try {
      st = follow ? fs.statSync(p) : fs.lstatSync(p);
    } catch {
      parts.push(`${p}!`);
      return;
    }
    parts.push(`${p} ${st.ino} ${st.size} ${st.mtimeMs} ${st.mode}`);
    if (st.isDirectory() && worldReadable(st)) {
      let names: string[] = [];
      try {
        names = fs.readdirSync(p).sort();
      } catch {
        /* unreadable: its stat above is the signature */
      }
      for (const n of names) visit(path.join(p, n), false);
    }
  };
  for (const e of entries) visit(path.join(etcDir, e), true);
  return parts.join('\n');
}

/** Copies what every user may read of `from` to `to`; `follow`: copy a link's target (top level). */
function copyEntry(from: string, to: string, follow: boolean): void {
  let st: fs.Stats;
  try {
    st = follow ? fs.statSync(from) : fs.lstatSync(from);
  } catch {
    return; // gone meanwhile, or a dangling top-level link: not shown (a bind of it failed too)
  }
  if (st.isSymbolicLink()) {
    fs.symlinkSync(fs.readlinkSync(from), to);
    return;
  }
  if (!worldReadable(st)) return;
  const mode = st.mode & 0o755;
  if (st.isDirectory()) {
    fs.mkdirSync(to, { mode: 0o700 });
    let names: string[] = [];
    try {
      names = fs.readdirSync(from);
    } catch {
      /* unreadable after all: shown empty */
    }
    for (const n of names) copyEntry(path.join(from, n), path.join(to, n), false);
    fs.chmodSync(to, mode);
  } else if (st.isFile()) {
    fs.copyFileSync(from, to);
    fs.chmodSync(to, mode);
  }
}

export interface PreparedEtc {
  /** The path to bind at /etc: a link, swapped to each fresh copy. */
  bindSource: string;
  /** Rebuilds the copy if the host's entries changed; checks at most every REFRESH_MS (or now, when forced). */
  refresh(force?: boolean): void;
}

/** A prepared /etc for `etcDir`'s shown entries in a new private folder, or undefined when it cannot be made (the caller binds entry by entry). */
export function prepareEtc(etcDir = '/etc', root?: string): PreparedEtc | undefined {
  // Memory, where it exists: the ~700 entries are made in 30 ms there, 300 ms on this disk (a new inode costs up to 0.6 ms).
  const home = root ?? (fs.existsSync(SHARED_MEMORY) ? makePrivateFolder(PREFIX, SHARED_MEMORY) : null) ?? makePrivateFolder(PREFIX);
  if (!home) return undefined;
  const bindSource = path.join(home, 'etc');
  let version = 0;
  let seen = '';
  let checkedAt = 0;
  const build = () => {
    const entries = wantedEtcEntries(etcDir);
    const sig = signature(etcDir, entries);
    checkedAt = Date.now();
    if (sig === seen) return;
    const dir = path.join(home, `etc-${++version}`);
    fs.mkdirSync(dir, { mode: 0o700 });
    for (const e of entries) copyEntry(path.join(etcDir, e), path.join(dir, e), true);
    for (const name of NETWORK_ETC) if (!fs.existsSync(path.join(dir, name))) fs.writeFileSync(path.join(dir, name), '', { mode: 0o644 });
    fs.chmodSync(dir, 0o755);
    const link = path.join(home, `etc.next-${version}`);
    fs.symlinkSync(path.basename(dir), link);
    fs.renameSync(link, bindSource); // atomic: a bwrap starting now binds the old copy or the new one
    seen = sig;
  };
  try {
    build();
  } catch {
    return undefined;
  }
  return {
    bindSource,
    refresh(force = false) {
      if (!force && Date.now() - checkedAt < REFRESH_MS) return;
      try {
        build();
      } catch {
        /* the last good copy stays bound; the next check tries again */
      }
    },
  };
}
