// Listing a Kattis package as hostile input: only regular files and folders inside it are read.
// A relative symbolic link that resolves inside the package (test data shared between groups) is
// followed, as Kattis follows it; any other link (absolute, leaving the package, dangling, or a
// folder link back to where it sits, which would loop) is skipped and said so, as is anything that
// is neither a file nor a folder (a FIFO would block the import for ever).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { safeCopyFile, safeWriteFile } from '../safe-write';

export interface PackageEntry {
  name: string;
  full: string;
  /** Relative to the package, with forward slashes, for messages. */
  rel: string;
  kind: 'file' | 'dir';
}

/**
 * Files a package may hold that the format does not define and no judge reads (placeholders that
 * keep an empty folder in git, notes for people), and entries a contest tool has switched off
 * (`*.disabled`): listed as ignored, never imported, never a reason for exit code 2.
 */
export function ignoredName(name: string): string | undefined {
  if (/^\.(gitkeep|keep|gitignore|gitattributes|DS_Store)$/i.test(name)) return 'a placeholder for git, not part of the problem';
  if (/^readme(\.[a-z]+)?$/i.test(name)) return 'notes for people, not part of the format';
  if (/\.disabled$/i.test(name)) return 'switched off (*.disabled), as contest tools mean it';
  return undefined;
}

export const natural = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

const within = (root: string, p: string) => p === root || p.startsWith(root + path.sep);

/** What a relative link inside package `pkg` stands for, or undefined when it is not followed. */
function followedLink(pkg: string, full: string): 'file' | 'dir' | undefined {
  try {
    if (path.isAbsolute(fs.readlinkSync(full))) return undefined;
    const real = fs.realpathSync.native(full);
    if (!within(fs.realpathSync.native(pkg), real)) return undefined;
    const st = fs.statSync(real);
    if (st.isFile()) return 'file';
    // A folder link to a folder above it (or itself) would be walked for ever.
    return st.isDirectory() && !within(real, fs.realpathSync.native(path.dirname(full))) ? 'dir' : undefined;
  } catch {
    return undefined;
  }
}

/** The kind of `full`; a link only counts when it is relative and stays inside `pkg` (when given). */
export function kindOf(full: string, pkg?: string): 'file' | 'dir' | 'missing' | { refused: string } {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(full);
  } catch {
    return 'missing';
  }
  if (st.isSymbolicLink()) {
    const followed = pkg === undefined ? undefined : followedLink(pkg, full);
    return followed ?? { refused: 'a symbolic link: links are not followed unless relative and inside the package (one could point anywhere on this machine), so it is skipped' };
  }
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'dir';
  return { refused: 'neither a file nor a folder, so it is skipped' };
}

/** A folder's entries in natural order; links and special files go to `skipped` with the reason. */
export function listEntries(pkg: string, dir: string, skipped: string[]): PackageEntry[] {
  if (kindOf(dir, pkg) !== 'dir') return [];
  const out: PackageEntry[] = [];
  for (const name of fs.readdirSync(dir).sort(natural)) {
    const full = path.join(dir, name);
    const rel = path.relative(pkg, full).split(path.sep).join('/');
    const kind = kindOf(full, pkg);
    if (kind === 'file' || kind === 'dir') out.push({ name, full, rel, kind });
    else if (kind !== 'missing') skipped.push(`${rel}: ${kind.refused}.`);
  }
  return out;
}

/** Every regular file under `dir` (relative paths, forward slashes), links skipped with the reason. */
export function listFilesDeep(pkg: string, dir: string, skipped: string[]): string[] {
  const out: string[] = [];
  const walk = (at: string, prefix: string) => {
    for (const e of listEntries(pkg, at, skipped)) {
      if (e.kind === 'dir') walk(e.full, `${prefix}${e.name}/`);
      else out.push(`${prefix}${e.name}`);
    }
  };
  walk(dir, '');
  return out;
}

/**
 * Copies the regular files under `from` (or the file `from`) to `to` (links skipped with the
 * reason); returns how many. Nothing is written through a link between `root` (the folder written
 * into) and a file. `transform`, when given, rewrites each file's bytes on the way (the 2025-09
 * constants of a submission: package-submissions.ts).
 */
export function copyTree(pkg: string, from: string, to: string, skipped: string[], root = to, transform?: (bytes: Buffer, from: string) => Buffer): number {
  const files = kindOf(from, pkg) === 'file' ? [''] : listFilesDeep(pkg, from, skipped);
  for (const rel of files) {
    const target = rel ? path.join(to, rel) : to;
    const source = rel ? path.join(from, rel) : from;
    if (transform) safeWriteFile(root, target, transform(fs.readFileSync(source), source), fs.statSync(source).mode & 0o777);
    else safeCopyFile(root, source, target);
  }
  return files.length;
}
