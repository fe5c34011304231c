// Finds the solutions in a folder: every file is one solution, every subfolder one multi-file
// solution. Whatever cannot be sent (no language, empty, binary, unreadable, too large) becomes a
// row that says why, so a teacher sees every student's entry, never a silent gap.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { MAX_SUBMISSION_SOURCE_BYTES } from '../../api';
import { checkEntryFile } from '../languages';
import type { PlannedSolution } from './types';

/** What POST /submissions accepts (the emulator refuses more, as the service does). */
export const MAX_SOURCE_BYTES = MAX_SUBMISSION_SOURCE_BYTES;
/** Past this many entries the caller is asked before anything is read. */
export const ASK_ABOVE_ENTRIES = 1000;
/** Files read from one multi-file solution at most. */
const MAX_FILES_PER_FOLDER = 200;

export interface PlanOptions {
  /** The compiler for a file name (the language table with the user's overrides), or undefined. */
  compilerFor: (fileName: string) => number | undefined;
  /** Asked when the folder has more than `askAboveEntries`; false ends the plan empty. */
  confirmMany?: (count: number) => Promise<boolean>;
  askAboveEntries?: number;
  maxSourceBytes?: number;
}

export type PlanOutcome = { kind: 'planned'; solutions: PlannedSolution[] } | { kind: 'declined'; count: number };

export async function planFolder(folder: string, options: PlanOptions): Promise<PlanOutcome> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  const askAbove = options.askAboveEntries ?? ASK_ABOVE_ENTRIES;
  if (entries.length > askAbove && !(await (options.confirmMany?.(entries.length) ?? Promise.resolve(true)))) {
    return { kind: 'declined', count: entries.length };
  }
  const names = entries.map((e) => e.name).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const solutions: PlannedSolution[] = [];
  for (const name of names) solutions.push(await planEntry(folder, name, options));
  return { kind: 'planned', solutions };
}

async function planEntry(folder: string, name: string, options: PlanOptions): Promise<PlannedSolution> {
  const full = path.join(folder, name);
  if (name.startsWith('.')) return { key: name, kind: 'file', problem: 'hidden entry: not sent' };
  let stat;
  try {
    stat = await fs.stat(full);
  } catch (err) {
    return { key: name, kind: 'file', problem: `cannot read it (${codeOf(err)})` };
  }
  if (stat.isDirectory()) return planSubfolder(full, name, options);
  if (!stat.isFile()) return { key: name, kind: 'file', problem: 'not a regular file' };
  const compilerId = options.compilerFor(name);
  if (compilerId === undefined) return { key: name, kind: 'file', problem: `no language for "${path.extname(name) || name}"` };
  const problem = await checkSource(full, stat.size, options.maxSourceBytes ?? MAX_SOURCE_BYTES);
  return problem ? { key: name, kind: 'file', compilerId, problem } : { key: name, kind: 'file', compilerId };
}

async function planSubfolder(full: string, key: string, options: PlanOptions): Promise<PlannedSolution> {
  let files: string[];
  try {
    files = await listFiles(full, '');
  } catch (err) {
    return { key, kind: 'folder', problem: `cannot read it (${codeOf(err)})` };
  }
  if (files.length === 0) return { key, kind: 'folder', problem: 'empty folder' };
  if (files.length > MAX_FILES_PER_FOLDER) return { key, kind: 'folder', problem: `more than ${MAX_FILES_PER_FOLDER} files` };
  const limit = options.maxSourceBytes ?? MAX_SOURCE_BYTES;
  let total = 0;
  for (const file of files) {
    const abs = path.join(full, file);
    const size = (await fs.stat(abs)).size;
    total += size;
    const problem = size === 0 ? undefined : await checkSource(abs, size, Infinity);
    if (problem) return { key, kind: 'folder', files, problem: `${file}: ${problem}` };
  }
  if (total > limit) return { key, kind: 'folder', files, problem: overLimit(total, limit) };
  const compilerId = await folderCompiler(full, files, options);
  if (typeof compilerId === 'string') return { key, kind: 'folder', files, problem: compilerId };
  return { key, kind: 'folder', compilerId, files };
}

/** The language of a multi-file solution: a top-level file's language whose entry file is there. */
async function folderCompiler(full: string, files: string[], options: PlanOptions): Promise<number | string> {
  const candidates = [
    ...new Set(
      files
        .filter((f) => !f.includes('/'))
        .map((f) => options.compilerFor(f))
        .filter((c) => c !== undefined),
    ),
  ];
  if (candidates.length === 0) return 'no file in a known language at its top level';
  let firstProblem = '';
  for (const compilerId of candidates) {
    const problem = await checkEntryFile(compilerId, files, (rel) => fs.readFile(path.join(full, rel), 'utf8'));
    if (problem === null) return compilerId;
    firstProblem ||= problem;
  }
  return firstProblem;
}

async function listFiles(root: string, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(path.join(root, prefix), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // .git and editor files are not part of a solution
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(root, rel)));
    else out.push(rel);
    if (out.length > MAX_FILES_PER_FOLDER) break;
  }
  return out.sort();
}

/** Why a source file cannot be sent, or undefined. */
async function checkSource(file: string, size: number, limit: number): Promise<string | undefined> {
  if (size === 0) return 'empty file';
  if (size > limit) return overLimit(size, limit);
  let data: Buffer;
  try {
    data = await fs.readFile(file);
  } catch (err) {
    return `cannot read it (${codeOf(err)})`;
  }
  return isText(data) ? undefined : 'binary file, not source code';
}

function overLimit(size: number, limit: number): string {
  return `${size} bytes: over the source size limit (${limit} bytes)`;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export function isText(data: Uint8Array): boolean {
  if (data.includes(0)) return false;
  try {
    decoder.decode(data);
    return true;
  } catch {
    return false;
  }
}

function codeOf(err: unknown): string {
  return (err as NodeJS.ErrnoException)?.code ?? String(err);
}
