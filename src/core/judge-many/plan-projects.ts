// Finds the project folders of a Containers job: every subfolder is one submission, read with
// Submit Folder's rules (core/packer's scan). A top-level file, or a subfolder left with nothing
// to send, becomes a row that says why, never a silent gap.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { PackError, scanFolder } from '../packer';
import type { PlannedSolution } from './types';

/** Files a row keeps (to open one from the results); the archive is made from the folder itself. */
const FILES_KEPT = 20;

export async function planProjectFolders(folder: string): Promise<PlannedSolution[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  const names = entries.map((e) => e.name).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const rows: PlannedSolution[] = [];
  for (const name of names) {
    if (name.startsWith('.')) rows.push({ key: name, kind: 'file', problem: 'hidden entry: not sent' });
    else if (!entries.find((e) => e.name === name)!.isDirectory()) rows.push({ key: name, kind: 'file', problem: 'not a folder: each subfolder is one submission' });
    else rows.push(await planProject(path.join(folder, name), name));
  }
  return rows;
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
