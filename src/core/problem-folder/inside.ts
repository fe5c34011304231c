// Every path a problem folder names (problem.json's judge files, tests, solutions) and every name a
// server's answer turns into a path (test numbers) is proven to lie inside the folder before it is
// read or written: relative, no `..`, no link anywhere below the folder, a regular file at the end.
// A folder comes from a pull request or a repository someone else writes, and a server may be
// anyone's: a link or a `..` would otherwise read a host file and upload it (a judge's "source"),
// or write a server's bytes anywhere on this machine.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProblemFolderError } from './errors';
import { safeWriteFile } from '../safe-write';

const FIX = 'A problem folder is read and written only as plain files inside it: replace the link by the file itself, and name files by paths inside the folder without "..".';

/** Why `rel` (posix, relative to the folder) is not a plain path inside it; undefined when it is. */
export function unsafeRelative(rel: string): string | undefined {
  if (typeof rel !== 'string' || !rel) return 'it is empty';
  if (rel.startsWith('/') || /^[A-Za-z]:/.test(rel) || rel.includes('\\')) return 'it is not a relative path with / between folders';
  if (rel.includes('\0')) return 'it holds a NUL character';
  if (rel.split('/').some((c) => c === '' || c === '.' || c === '..')) return 'it steps outside the folder or holds an empty, "." or ".." part';
  return undefined;
}

/** The first link on the way from `dir` to `rel` (each part lstat'ed, nothing followed); undefined when there is none. */
export function linkOnPath(dir: string, rel: string): string | undefined {
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const sub = parts.slice(0, i).join('/');
    let st: fs.Stats;
    try {
      st = fs.lstatSync(path.join(dir, sub));
    } catch {
      return undefined; // missing: nothing further down can exist
    }
    if (st.isSymbolicLink()) return sub;
  }
  return undefined;
}

/** A sentence for a path that is a link or leads through one. */
export const linkProblem = (what: string, rel: string, link: string) =>
  `${what}: ${link === rel ? rel : `${link} (on the way to ${rel})`} is a link, refused: it could point anywhere on this machine. ${FIX}`;

/**
 * `dir/rel` when it is a regular file inside the folder, reached without any link; else why not, as
 * a sentence naming `what`. `missing` is the sentence for a file that is simply absent.
 */
export function regularFileIn(dir: string, rel: string, what: string): { file: string; stat: fs.Stats } | { problem: string; missing?: true } {
  const bad = unsafeRelative(rel);
  if (bad) return { problem: `${what}: "${rel}" is refused: ${bad}. ${FIX}` };
  const link = linkOnPath(dir, rel);
  if (link) return { problem: linkProblem(what, rel, link) };
  const file = path.join(dir, ...rel.split('/'));
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return { problem: `${what}: ${rel} is missing.`, missing: true };
  }
  if (!stat.isFile()) return { problem: `${what}: ${rel} is not a regular file, refused. ${FIX}` };
  return { file, stat };
}

/** Reads `dir/rel` as a regular file inside the folder, checked again at the moment it is read. */
export function readInside(dir: string, rel: string, what: string): Buffer {
  const found = regularFileIn(dir, rel, what);
  if ('problem' in found) throw new ProblemFolderError([found.problem]);
  // O_NOFOLLOW: a link put in place after the check is refused rather than followed.
  const fd = fs.openSync(found.file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  try {
    if (!fs.fstatSync(fd).isFile()) throw new ProblemFolderError([`${what}: ${rel} is not a regular file, refused. ${FIX}`]);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Throws unless `dir/rel` can be written without going through a link (a link at `rel` itself included). */
export function assertWritable(dir: string, rel: string, what: string): string {
  const bad = unsafeRelative(rel);
  if (bad) throw new ProblemFolderError([`${what}: "${rel}" is refused: ${bad}. Nothing more was written.`]);
  const link = linkOnPath(dir, rel);
  if (link) throw new ProblemFolderError([`${linkProblem(what, rel, link)} Nothing more was written.`]);
  return path.join(dir, ...rel.split('/'));
}

/** Writes `data` to `dir/rel` after assertWritable, through a temporary name and a rename (safe-write.ts). */
export function writeInside(dir: string, rel: string, data: string | Buffer, what = rel): void {
  safeWriteFile(dir, assertWritable(dir, rel, what), data);
}

/** A test number a server sent or a folder holds is a whole number, 0 or more: anything else is no file name. */
export const isTestNumber = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
/** An id a server sent is a positive whole number (it goes into request paths). */
export const isServiceId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
