// Reads a class folder into solutions with the SAME discovery rule as "Judge Solutions in Folder"
// (src/core/judge-many/plan.ts: every file one solution, every subfolder one multi-file solution,
// hidden, empty, binary, unreadable and no-language entries each a row with its reason), so both
// commands agree on what a solution is. Only the size limit differs: nothing is sent, so a
// solution may be up to 1 MiB instead of what the service accepts.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { isText, planFolder, type PlanOptions } from '../judge-many/plan';
import type { SourceFile } from './tokens';
import type { SimilarityReport, SolutionInput } from './types';

export const MAX_SOLUTION_BYTES = 1024 * 1024;

export interface ReadFolderResult {
  solutions: SolutionInput[];
  skipped: SimilarityReport['skipped'];
}

/**
 * `exclude`: entry names of the folder that are not solutions (the base code, when the teacher
 * keeps it among them): listed as skipped with the reason.
 */
export async function readClassFolder(folder: string, compilerFor: PlanOptions['compilerFor'], exclude: ReadonlySet<string> = new Set()): Promise<ReadFolderResult> {
  const plan = await planFolder(folder, { compilerFor, askAboveEntries: Infinity, maxSourceBytes: MAX_SOLUTION_BYTES });
  const solutions: SolutionInput[] = [];
  const skipped: SimilarityReport['skipped'] = [];
  if (plan.kind !== 'planned') return { solutions, skipped };
  for (const entry of plan.solutions) {
    if (exclude.has(entry.key)) {
      skipped.push({ key: entry.key, reason: 'base code: excluded from every pair' });
      continue;
    }
    if (entry.problem) {
      skipped.push({ key: entry.key, reason: entry.problem });
      continue;
    }
    const full = path.join(folder, entry.key);
    try {
      const files: SourceFile[] =
        entry.kind === 'file'
          ? [{ path: entry.key, text: await fs.readFile(full, 'utf8') }]
          : await Promise.all((entry.files ?? []).map(async (rel) => ({ path: rel, text: await fs.readFile(path.join(full, rel), 'utf8') })));
      solutions.push({ key: entry.key, kind: entry.kind, files });
    } catch (err) {
      skipped.push({ key: entry.key, reason: `cannot read it (${(err as NodeJS.ErrnoException).code ?? String(err)})` });
    }
  }
  return { solutions, skipped };
}

/** The base code: one file, or every text file under a folder (each up to 1 MiB; others left out). */
export async function readBase(target: string): Promise<{ path: string; files: SourceFile[] }> {
  const stat = await fs.stat(target);
  const files: SourceFile[] = [];
  const add = async (abs: string, rel: string) => {
    const data = await fs.readFile(abs);
    if (data.length <= MAX_SOLUTION_BYTES && isText(data)) files.push({ path: rel, text: data.toString('utf8') });
  };
  if (stat.isFile()) await add(target, path.basename(target));
  else {
    const walk = async (dir: string, prefix: string): Promise<void> => {
      for (const e of await fs.readdir(dir, { withFileTypes: true })) {
        if (e.name.startsWith('.') || files.length >= 200) continue;
        const rel = prefix ? `${prefix}/${e.name}` : e.name;
        if (e.isDirectory()) await walk(path.join(dir, e.name), rel);
        else if (e.isFile()) await add(path.join(dir, e.name), rel);
      }
    };
    await walk(target, '');
  }
  return { path: target, files };
}
