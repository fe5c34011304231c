// tar.gz → folder, for the output archives a server sends (Compilers output files, workspace
// downloads): the reverse of archive.ts. Every archive is hostile: it is listed within a budget
// before anything is written, read by the one bounded reader the emulator uses too
// (contract/bounded-untar.ts, through the bundle apart tar-read.ts), and its links are made last.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { isInside } from '../is-inside';
import { PackError } from './errors';
import type * as TarRead from './tar-read';
import { budgetRefusal, UNPACK_BUDGET } from './unpack-limits';
import { makeLinksInside, type ArchiveLink } from './unpack-links';

let tarReader: typeof TarRead | undefined;
/** tar's list and extract, loaded when an archive is first unpacked (tar-read.ts says why). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tarRead = (): typeof TarRead => (tarReader ??= require('./tar-read') as typeof TarRead);

/**
 * Extracts a tar.gz (a file path or bytes) into destDir, after checking every
 * entry: absolute names, `..` segments and links pointing out of destDir are
 * refused with an error naming the entry, and nothing is written then; so is an
 * archive that would unpack to too much, holds too many entries or is a gzip bomb
 * (unpack-limits.ts, read by contract/bounded-untar.ts: counted as inflated, never past the tar's
 * end marker). Links are made last, each resolved on the disk
 * first (unpack-links.ts). When anything fails after writing began,
 * what this call wrote is removed again. Returns the posix paths of the regular
 * files extracted.
 */
export async function unpackTarGz(source: string | Buffer, destDir: string): Promise<string[]> {
  const tar = tarRead();
  const dest = path.resolve(destDir);
  const input = typeof source === 'string' ? { file: source } : source;
  // The reader's format errors say what is wrong with the archive already; its budget errors get our words.
  const refused = (err: unknown): never => {
    if (err instanceof tar.ArchiveBudgetError) throw budgetRefusal(err);
    throw err;
  };
  // Listed first, within the budget, before anything is written.
  const entries = await tar.listTarGz(input, UNPACK_BUDGET).catch(refused);
  const files: string[] = [];
  const names: string[] = [];
  const links: ArchiveLink[] = [];
  for (const entry of entries) {
    const problem = unsafeEntryProblem(entry.path, entry.type, entry.linkpath, dest);
    if (problem) throw new PackError('unsafe-archive-entry', problem, entry.path);
    const name = entry.path.replace(/^\.\//, '');
    names.push(name);
    if (entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'ContiguousFile') files.push(name);
    else if (entry.type === 'SymbolicLink' || entry.type === 'Link') {
      links.push({ name: name.replace(/\/+$/, ''), target: (entry.linkpath ?? '').replace(/^\.\//, ''), hard: entry.type === 'Link' });
    }
  }
  await fsp.mkdir(dest, { recursive: true });
  const undo = await writtenBy(dest, names);
  try {
    // Links are left out here and made last, each resolved on the disk first.
    await tar.extractTarGz(input, dest, { budget: UNPACK_BUDGET, filter: (_p, type) => type !== 'SymbolicLink' && type !== 'Link' }).catch(refused);
    await makeLinksInside(dest, links);
  } catch (err) {
    await undo();
    throw err;
  }
  return files;
}

/**
 * Removes, on failure, what extracting `names` into `dest` created: each entry and each folder on
 * the way that did not exist before (a file that did is overwritten in place, as extraction does).
 */
async function writtenBy(dest: string, names: readonly string[]): Promise<() => Promise<void>> {
  const created = new Set<string>();
  for (const name of names) {
    const parts = name.split('/').filter((p) => p && p !== '.');
    for (let i = 1; i <= parts.length; i++) created.add(parts.slice(0, i).join('/'));
  }
  // Shallowest first; inside a fresh folder everything is fresh (removed with it), so only the
  // entries of folders that existed before are looked at: usually just the top-level names.
  const fresh = new Set<string>();
  for (const rel of [...created].sort((a, b) => a.split('/').length - b.split('/').length)) {
    if (fresh.has(path.posix.dirname(rel))) continue;
    try {
      await fsp.lstat(path.join(dest, rel));
    } catch {
      fresh.add(rel);
    }
  }
  return async () => {
    for (const rel of fresh) await fsp.rm(path.join(dest, rel), { recursive: true, force: true });
  };
}

function unsafeEntryProblem(name: string, type: string, linkpath: string | undefined, dest: string): string | undefined {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return `Archive entry "${name}" has an absolute path; refusing to extract`;
  const target = path.resolve(dest, name);
  if (!isInside(target, dest)) return `Archive entry "${name}" would be written outside the destination; refusing to extract`;
  if ((type === 'SymbolicLink' || type === 'Link') && linkpath !== undefined) {
    const linkTarget = type === 'Link' ? path.resolve(dest, linkpath) : path.resolve(path.dirname(target), linkpath);
    if (!isInside(linkTarget, dest)) return `Archive entry "${name}" links outside the destination (-> ${linkpath}); refusing to extract`;
  }
  return undefined;
}
