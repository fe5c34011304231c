// Submit Folder to Project: the command, from the Explorer (a folder), the editor title (the
// file's workspace folder), a project row of the Projects & Workspaces view, or the palette.
import * as vscode from 'vscode';
import type { Project } from '../../../api';
import type { Services } from '../../../services';
import { Commands, registerCommand } from '../../../ui/commands';
import { redactedCopy } from '../../../ui/redacted-copy';
import { followOnFocus } from '../../../ui/window-focus';
import { registerSubmissionsView, type SubmissionsViewTestApi } from '../history';
import { SubmissionHistory } from '../history/store';
import { SubmissionDiagnostics } from './diagnostics';
import type { FinishedContainersSubmission } from '../../../events';
import { SubmitFlow, type SubmitOutcome, type SubmitRequest } from './flow';
import { SubmissionOutput } from './output';

import { workerFills } from '../../../core/packer';

export type { FinishedContainersSubmission } from '../../../events';

declare module '../../../test-api' {
  interface TestHooks {
    containersSubmit: SubmitTestApi;
  }
}

/** Test hooks under exports.containersSubmit (never a token). */
export interface SubmitTestApi {
  /** Everything the Submissions output channel showed since activation. */
  outputText(): string;
  submissions: SubmissionsViewTestApi;
  /** Finished submissions, as the Testing view would receive them, oldest first (redacted copies). */
  finished: FinishedContainersSubmission[];
  /** Redacted copies too: the stream URIs of a submission carry the access token. */
  onDidFinish: vscode.Event<FinishedContainersSubmission>;
  /** Runs of entries packed by a worker thread in this extension host so far (the bundle's own count). */
  packingWorkerRuns(): number;
}

/** What Submit Folder shares with other features: the one Submissions list (a second store of the same list would not see this one's writes). */
export interface SubmitFeature {
  history: SubmissionHistory;
}

export function registerSubmitFeature(services: Services): SubmitFeature {
  const history = new SubmissionHistory(services.context.globalState);
  services.context.subscriptions.push(followOnFocus(history));
  const output = new SubmissionOutput(services.testHooks !== undefined);
  const diagnostics = new SubmissionDiagnostics();
  const flow = new SubmitFlow(services, history, output, diagnostics);
  // Kept for the test hooks only: no list, no listener outside the extension's tests.
  const finished: FinishedContainersSubmission[] | undefined = services.testHooks && [];
  if (finished) {
    services.context.subscriptions.push(
      services.events.onDidFinishContainersSubmission((e) => {
        finished.push(redactedCopy(e));
        if (finished.length > 20) finished.shift();
      }),
    );
  }
  services.context.subscriptions.push(
    output,
    diagnostics,
    flow,
    registerCommand(Commands.submitFolder, (target?: unknown, options?: unknown): Promise<SubmitOutcome> =>
      resolveRequest(target, options).then((request) => flow.submit(request)),
    ),
  );
  const submissions = registerSubmissionsView(services, history, flow);
  const onDidFinish: vscode.Event<FinishedContainersSubmission> = (listener, thisArgs, disposables) =>
    services.events.onDidFinishContainersSubmission((e) => listener.call(thisArgs, redactedCopy(e)), undefined, disposables);
  if (services.testHooks && finished) services.testHooks.containersSubmit = { outputText: () => output.text(), submissions, finished, onDidFinish, packingWorkerRuns: workerFills };
  return { history };
}

/**
 * Menus pass a Uri (Explorer: the folder; editor title: the file) or a tree node (a project row);
 * tests pass a SubmitRequest, alone or after a Uri.
 */
async function resolveRequest(target: unknown, options: unknown): Promise<SubmitRequest> {
  const extra = isRequest(options) ? options : {};
  if (target instanceof vscode.Uri) return { ...(await folderOf(target)), ...extra };
  const project = projectOf(target);
  if (project) return { project, ...extra };
  if (isRequest(target)) return { ...target, ...extra };
  return extra;
}

async function folderOf(uri: vscode.Uri): Promise<SubmitRequest> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) return { folder: uri.fsPath };
  } catch {
    // Not readable: let the packer report it on the path given.
    return { folder: uri.fsPath };
  }
  // A file (editor title): send the workspace folder it belongs to, or its own folder.
  const workspace = vscode.workspace.getWorkspaceFolder(uri);
  return { folder: workspace ? workspace.uri.fsPath : vscode.Uri.joinPath(uri, '..').fsPath };
}

function projectOf(target: unknown): Project | undefined {
  const node = target as { kind?: string; project?: Project } | undefined;
  return node && node.kind === 'project' && node.project?.id ? node.project : undefined;
}

function isRequest(value: unknown): value is SubmitRequest {
  return typeof value === 'object' && value !== null && !(value instanceof vscode.Uri) && !('kind' in value);
}
