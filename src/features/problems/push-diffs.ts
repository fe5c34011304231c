// "Show Differences" in the push preview: one changes editor (vscode.changes, in every VS Code
// this extension supports: engines ^1.96) with a diff per file whose text the push changes. Left:
// the service's content, as read to compare it (a read-only document on our own scheme); right:
// the local file, editable. A new test's files show against nothing, a deleted test's against
// nothing on the right. Both sides carry the local file's path (only the scheme and query differ):
// the changes editor marks a pair whose paths differ as renamed ("R", a struck-through name).
// After a push the editors opened here are closed: they would show the service's old content.
// Nothing here sends a change: only GETs.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { planDiffs, readProblemFolder, readRemoteText, type DiffItem, type PushPlan, type RemoteRef } from '../../core/problem-folder';
import type { Services } from '../../services';
import { showError } from '../../ui/errors';
import { withProgress } from '../../ui/progress';
import type { PushQuestion } from './push-question';

export const SERVICE_SCHEME = 'sphere-engine-service';

interface ServiceQuery {
  /** The problem folder: settings are shown in its own terms (judge keys, statement file). */
  folder: string;
  /** The service's side; absent for the empty side of a new or deleted file. */
  ref?: RemoteRef;
  /** Which side an empty document stands for (keeps the two empty sides apart). */
  side?: 'service' | 'folder';
}

/** What was opened, for the question asked beside it. */
export interface ShownDifferences {
  /** The changes editor's title (its tab adds "(n files)"); empty when nothing was opened. */
  title: string;
  /** The files shown, in order (folder-relative). */
  files: string[];
  /** Files too large to show (named for the person). */
  tooLarge: string[];
}

const queryOf = (uri: vscode.Uri): ServiceQuery | undefined => {
  try {
    return JSON.parse(uri.query) as ServiceQuery;
  } catch {
    return undefined;
  }
};

/** The service's side of the push differences: a read-only content provider and the editors it fills. */
export class PushDifferences implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** The service's text of each shown difference as read to compare it: the editor shows exactly that. */
  private readonly texts = new Map<string, string>();
  private readonly registration: vscode.Disposable;
  /** The changes editor's title last opened for each folder (its tab is found by it before VS Code lists its files). */
  private readonly titles = new Map<string, string>();

  constructor(private readonly services: Services) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(SERVICE_SCHEME, {
      onDidChange: this.changed.event,
      provideTextDocumentContent: (uri, token) => this.provide(uri, token),
    });
  }

  private async provide(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const known = this.texts.get(uri.toString());
    if (known !== undefined) return known;
    const query = queryOf(uri);
    if (!query?.ref) return '';
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      const client = await this.services.connection.problems();
      return await readRemoteText(client, query.ref, readProblemFolder(query.folder), controller.signal);
    } finally {
      sub.dispose();
    }
  }

  /** A side on our scheme, with the local file's own path. */
  private uriOf(dir: string, rel: string, query: ServiceQuery): vscode.Uri {
    return vscode.Uri.file(path.join(dir, rel)).with({ scheme: SERVICE_SCHEME, query: JSON.stringify(query) });
  }

  private pairOf(dir: string, item: DiffItem): [vscode.Uri, vscode.Uri, vscode.Uri] {
    const local = vscode.Uri.file(path.join(dir, item.rel));
    const original = this.uriOf(dir, item.rel, item.remote ? { folder: dir, ref: item.remote } : { folder: dir, side: 'service' });
    const modified = item.local ? local : this.uriOf(dir, item.rel, { folder: dir, side: 'folder' });
    this.texts.set(original.toString(), item.serviceText);
    // A document still open from an earlier showing re-reads (it would keep its old text).
    this.changed.fire(original);
    return [local, original, modified];
  }

  /** Opens the differences of the files whose text the push changes. */
  async show(plan: PushPlan): Promise<ShownDifferences> {
    const client = await this.services.connection.problems();
    const { items, tooLarge } = await withProgress({ title: vscode.l10n.t('Reading the differences from the service') }, (signal) => planDiffs(client, plan, signal));
    const dir = plan.folder.dir;
    const resources = items.map((item) => this.pairOf(dir, item));
    if (!resources.length) return { title: '', files: [], tooLarge };
    const title = vscode.l10n.t('Problem {0} on the service ↔ {1}', plan.problemId!, path.basename(dir));
    this.titles.set(dir, title);
    await vscode.commands.executeCommand('vscode.changes', title, resources);
    return { title, files: items.map((i) => i.rel), tooLarge };
  }

  /** True for a changes or diff editor this class opened for the folder. */
  isShowing(tab: vscode.Tab, dir: string): boolean {
    const input = tab.input as { textDiffs?: Array<{ original: vscode.Uri }>; original?: vscode.Uri } | undefined;
    const originals = input?.textDiffs?.map((d) => d.original) ?? (input?.original ? [input.original] : []);
    if (originals.some((u) => u.scheme === SERVICE_SCHEME && queryOf(u)?.folder === dir)) return true;
    const title = this.titles.get(dir);
    return !!title && Array.isArray(input?.textDiffs) && tab.label.startsWith(title);
  }

  /** After a push: closes the differences shown for the folder (the service's side is out of date). */
  async closeFor(dir: string): Promise<void> {
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => this.isShowing(t, dir));
    for (const key of [...this.texts.keys()]) {
      if (queryOf(vscode.Uri.parse(key))?.folder === dir) this.texts.delete(key);
    }
    if (tabs.length) await vscode.window.tabGroups.close(tabs);
    // A service document still open elsewhere (a single diff opened from the changes editor) re-reads.
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme === SERVICE_SCHEME && queryOf(doc.uri)?.folder === dir) this.changed.fire(doc.uri);
    }
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}

/** What the push preview needs to show its differences and keep its question in reach. */
export interface PushReview {
  differences: PushDifferences;
  question: PushQuestion;
}

/**
 * After "Show Differences": opens them, then asks again beside them, in a notification and in the
 * changes editor's title bar (push-question.ts), not modal: a modal dialog would keep the person
 * from scrolling the differences. With no file to show, asks modally (nothing to read beside it).
 */
export async function askAfterDifferences(services: Services, review: PushReview, plan: PushPlan, question: string): Promise<boolean> {
  let shown: ShownDifferences;
  try {
    shown = await review.differences.show(plan);
  } catch (err) {
    void showError(services.log, err, { context: vscode.l10n.t('Could not show the differences; nothing was pushed') });
    return false;
  }
  const tooLarge = shown.tooLarge.length ? [vscode.l10n.t('Not shown as a difference (over 1 MiB): {0}.', shown.tooLarge.join(', '))] : [];
  if (!shown.files.length) {
    const push = vscode.l10n.t('Push');
    const detail = [vscode.l10n.t('No file of the folder differs in its text from the service; the changes are the ones listed before.'), ...tooLarge].join(' ');
    return (await vscode.window.showWarningMessage(question, { modal: true, detail }, push)) === push;
  }
  const open =
    shown.files.length === 1
      ? vscode.l10n.t(
          'The differences are open (1 file: {0}): the service on the left, your folder on the right. Answer here or with Push / Cancel in their title bar.',
          shown.files[0],
        )
      : vscode.l10n.t(
          'The differences are open ({0} files: {1}): the service on the left, your folder on the right. Answer here or with Push / Cancel in their title bar.',
          shown.files.length,
          shown.files.join(', '),
        );
  const dir = plan.folder.dir;
  return review.question.ask([question, open, ...tooLarge].join(' '), (tab) => review.differences.isShowing(tab, dir));
}
