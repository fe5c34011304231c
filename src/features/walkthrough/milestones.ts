// The moments the "Get Started" walkthrough waits for. Each step of the walkthrough completes on
// `onContext:<key>`; a feature reports its milestone here when the user actually reached it (a run
// finished, a solution was judged), not merely when the command started, so a cancelled or failed
// attempt leaves the step open.
import * as vscode from 'vscode';

export const MILESTONE_CONTEXT_KEYS = {
  workspaceFilesOpened: 'sphereEngine.walkthrough.workspaceFilesOpened',
  folderSubmitted: 'sphereEngine.walkthrough.folderSubmitted',
  fileRun: 'sphereEngine.walkthrough.fileRun',
  solutionSubmitted: 'sphereEngine.walkthrough.solutionSubmitted',
} as const;

export type Milestone = keyof typeof MILESTONE_CONTEXT_KEYS;

const reached = new Set<Milestone>();

/** Marks a milestone as reached for this window (the walkthrough remembers completed steps itself). */
export function reachMilestone(milestone: Milestone): void {
  if (reached.has(milestone)) return;
  reached.add(milestone);
  void vscode.commands.executeCommand('setContext', MILESTONE_CONTEXT_KEYS[milestone], true);
}

/** The milestones reached in this window, for the test hooks. */
export function reachedMilestones(): Milestone[] {
  return [...reached];
}
