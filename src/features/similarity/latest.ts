// Each class folder's closest partners from its latest similarity check, for the judge results
// page's column (src/features/judge-many/results-panel.ts reads it; nothing else is shared).
import * as vscode from 'vscode';

export interface BestMatch {
  partner: string;
  similarity: number;
}

const byFolder = new Map<string, ReadonlyMap<string, BestMatch>>();
const changed = new vscode.EventEmitter<string>();

/** Fires with the folder whose report changed. */
export const onDidChangeSimilarity = changed.event;

export function bestMatchesFor(folder: string): ReadonlyMap<string, BestMatch> | undefined {
  return byFolder.get(folder);
}

export function setBestMatches(folder: string, best: ReadonlyMap<string, BestMatch>): void {
  byFolder.set(folder, best);
  changed.fire(folder);
}
