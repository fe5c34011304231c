// The "Get Started with Sphere Engine" walkthrough (contributes.walkthroughs): VS Code draws it and
// ticks each step off on its completion event; this feature turns what happens in the window into
// those events. Connecting and opening the view need nothing from us (onContext on the signed-in
// keys, onView); the other steps wait for the milestones below.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { WORKSPACE_FS_SCHEME } from '../../core/workspace-files';
import { MILESTONE_CONTEXT_KEYS, type Milestone } from './milestones';
import { registerFocusThenRun } from './focus-then-run';
import { registerSourceFileCommands } from './source-file';

declare module '../../test-api' {
  interface TestHooks {
    walkthrough: WalkthroughTestApi;
  }
}

/** Test hooks under exports.walkthrough. */
export interface WalkthroughTestApi {
  milestones(): Milestone[];
}

export function registerWalkthroughFeature(services: Services): void {
  const { context, events } = services;
  // Marked once per window (the walkthrough remembers completed steps itself).
  const reached = new Set<Milestone>();
  const reachMilestone = (milestone: Milestone) => events.reachMilestone(milestone);
  const isWorkspaceFile = (uri: vscode.Uri) => uri.scheme === WORKSPACE_FS_SCHEME;
  const checkWorkspaceFiles = () => {
    const opened = vscode.workspace.textDocuments.some((d) => isWorkspaceFile(d.uri)) || (vscode.workspace.workspaceFolders ?? []).some((f) => isWorkspaceFile(f.uri));
    if (opened) reachMilestone('workspaceFilesOpened');
  };
  context.subscriptions.push(
    events.onMilestone((milestone) => {
      if (reached.has(milestone)) return;
      reached.add(milestone);
      void vscode.commands.executeCommand('setContext', MILESTONE_CONTEXT_KEYS[milestone], true);
    }),
    vscode.workspace.onDidOpenTextDocument((document) => {
      if (isWorkspaceFile(document.uri)) reachMilestone('workspaceFilesOpened');
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(checkWorkspaceFiles),
    // A submission that came back with a result, whatever the verdict: the folder was submitted.
    events.onDidFinishContainersSubmission(() => reachMilestone('folderSubmitted')),
  );
  context.subscriptions.push(...registerSourceFileCommands(services.sourceFile), registerFocusThenRun(events));
  // A window opened on a workspace's files (Open Workspace Files in a new window) counts at once.
  checkWorkspaceFiles();

  const api: WalkthroughTestApi = { milestones: () => [...reached] };
  if (services.testHooks) services.testHooks.walkthrough = api;
}
