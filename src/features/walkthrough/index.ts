// The "Get Started with Sphere Engine" walkthrough (contributes.walkthroughs): VS Code draws it and
// ticks each step off on its completion event; this feature turns what happens in the window into
// those events. Connecting and opening the view need nothing from us (onContext on the signed-in
// keys, onView); the other steps wait for the milestones below.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { onDidFinishContainersSubmission } from '../containers/submit/events';
import { reachMilestone, reachedMilestones, type Milestone } from './milestones';
import { registerFocusThenRun } from './focus-then-run';
import { registerSourceFileCommands } from './source-file';

/** Scheme of the workspace file system (src/features/containers/fs). */
const WORKSPACE_FILES_SCHEME = 'sphere-workspace';

/** Test hooks under exports.walkthrough. */
export interface WalkthroughTestApi {
  milestones(): Milestone[];
}

export function registerWalkthroughFeature(services: Services): void {
  const { context } = services;
  const isWorkspaceFile = (uri: vscode.Uri) => uri.scheme === WORKSPACE_FILES_SCHEME;
  const checkWorkspaceFiles = () => {
    const opened = vscode.workspace.textDocuments.some((d) => isWorkspaceFile(d.uri))
      || (vscode.workspace.workspaceFolders ?? []).some((f) => isWorkspaceFile(f.uri));
    if (opened) reachMilestone('workspaceFilesOpened');
  };
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument((document) => {
      if (isWorkspaceFile(document.uri)) reachMilestone('workspaceFilesOpened');
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(checkWorkspaceFiles),
    // A submission that came back with a result, whatever the verdict: the folder was submitted.
    onDidFinishContainersSubmission(() => reachMilestone('folderSubmitted')),
  );
  context.subscriptions.push(...registerSourceFileCommands(services.sourceFile), registerFocusThenRun());
  // A window opened on a workspace's files (Open Workspace Files in a new window) counts at once.
  checkWorkspaceFiles();

  const api: WalkthroughTestApi = { milestones: reachedMilestones };
  services.exports.walkthrough = api;
}
