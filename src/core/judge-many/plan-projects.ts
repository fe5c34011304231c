// Finds the project folders of a Containers job: every subfolder is one submission, read with
// Submit Folder's rules (core/packer's scan). A top-level file, or a subfolder left with nothing
// to send, becomes a row that says why, never a silent gap.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { PackError, scanFolder } from '../packer';
import { ASK_ABOVE_ENTRIES, type PlanOutcome } from './plan';
import type { PlannedSolution } from './types';

/** Files a row keeps (to open one from the results); the archive is made from the folder itself. */
const FILES_KEPT = 20;

export interface ProjectPlanOptions {
  /** Asked when the folder has more than `askAboveEntries` (as for Judge Solutions in Folder); false ends the plan empty. */
  confirmMany?: (count: number) => Promise<boolean>;
  askAboveEntries?: number;
}

export async function planProjectFolders(folder: string, options: ProjectPlanOptions = {}): Promise<PlanOutcome> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  // Each subfolder is scanned as Submit Folder scans it: worth asking before thousands of them.
  const askAbove = options.askAboveEntries ?? ASK_ABOVE_ENTRIES;
  if (entries.length > askAbove && !(await (options.confirmMany?.(entries.length) ?? Promise.resolve(true)))) {
    return { kind: 'declined', count: entries.length };
  }
  const isFolder = new Map(entries.map((e) => [e.name, e.isDirectory()]));
  const names = [...isFolder.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const solutions: PlannedSolution[] = [];
  for (const name of names) {
    if (name.startsWith('.')) solutions.push({ key: name, kind: 'file', problem: 'hidden entry: not sent' });
    else if (!isFolder.get(name)) solutions.push({ key: name, kind: 'file', problem: 'not a folder: each subfolder is one submission' });
    else solutions.push(await planProject(path.join(folder, name), name));
  }
  return { kind: 'planned', solutions };
}

async function planProject(full: string, key: string): Promise<PlannedSolution> {
  try {
    const scan = await scanFolder(full);
    const files = scan.included.filter((e) => e.kind !== 'directory').map((e) => e.path);
    return { key, kind: 'folder', files: files.slice(0, FILES_KEPT) };
  } catch (err) {
    // Submit Folder's own words: "nothing to submit: every file is ignored (…)".
    if (err instanceof PackError) return { key, kind: 'folder', problem: err.message };
    return { key, kind: 'folder', problem: `cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` };
  }
}
