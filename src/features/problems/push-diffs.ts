// "Show Differences" in the push preview: one changes editor (vscode.changes, in every VS Code
// this extension supports: engines ^1.96) with a diff per changed text item. Left: the service's
// content, read only when the editor asks for it through a read-only document on our own scheme;
// right: the local file, editable. Nothing here sends a change: only GETs.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { planDiffs, readProblemFolder, readRemoteText, type PushPlan, type RemoteRef } from '../../core/problem-folder';
import type { Services } from '../../services';
import { showError } from '../../ui/errors';
import { withProgress } from '../../ui/progress';

export const SERVICE_SCHEME = 'sphere-engine-service';

interface ServiceQuery {
  ref: RemoteRef;
  /** The problem folder: settings are shown in its own terms (judge keys, statement file). */
  folder: string;
}

/** sphere-engine-service:/<problem id>/<path in the folder>?<what to read>: the file name gives the language. */
export function serviceUri(problemId: number, rel: string, query: ServiceQuery): vscode.Uri {
  return vscode.Uri.from({ scheme: SERVICE_SCHEME, path: `/${problemId}/${rel}`, query: JSON.stringify(query) });
}

export function registerServiceContent(services: Services): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(SERVICE_SCHEME, {
    async provideTextDocumentContent(uri, token) {
      const { ref, folder } = JSON.parse(uri.query) as ServiceQuery;
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      try {
        const client = await services.connection.problems();
        return await readRemoteText(client, ref, readProblemFolder(folder), controller.signal);
      } finally {
        sub.dispose();
      }
    },
  });
}

/** Opens the differences; returns the files too large to show (named for the person). */
export async function showPushDifferences(services: Services, plan: PushPlan): Promise<{ opened: number; tooLarge: string[] }> {
  const client = await services.connection.problems();
  const { items, tooLarge } = await withProgress({ title: vscode.l10n.t('Reading the differences from the service') }, (signal) => planDiffs(client, plan, signal));
  const problemId = plan.problemId!;
  const resources = items.map((item) => {
    const local = vscode.Uri.file(path.join(plan.folder.dir, item.rel));
    return [local, serviceUri(problemId, item.rel, { ref: item.remote, folder: plan.folder.dir }), local] as const;
  });
  if (resources.length) {
    await vscode.commands.executeCommand('vscode.changes', vscode.l10n.t('Problem {0} on the service ↔ {1}', problemId, path.basename(plan.folder.dir)), resources);
  }
  return { opened: resources.length, tooLarge };
}

/**
 * After "Show Differences": opens them, then asks again, this time not modal. A modal dialog would
 * keep the person from scrolling the differences and switching between them; a notification
 * stays beside them. Closing it without an answer sends nothing.
 */
export async function askAfterDifferences(services: Services, plan: PushPlan, question: string): Promise<boolean> {
  let tooLarge: string[];
  try {
    ({ tooLarge } = await showPushDifferences(services, plan));
  } catch (err) {
    void showError(services.log, err, { context: vscode.l10n.t('Could not show the differences; nothing was pushed') });
    return false;
  }
  const push = vscode.l10n.t('Push');
  const parts = [question, vscode.l10n.t('The differences are open: the service on the left, your folder on the right.')];
  if (tooLarge.length) parts.push(vscode.l10n.t('Not shown as a difference (over 1 MiB): {0}.', tooLarge.join(', ')));
  return (await vscode.window.showWarningMessage(parts.join(' '), push, vscode.l10n.t('Cancel'))) === push;
}
