// "Download Problem as Folder…" on several problems of the Problems view at once: asks once for a
// parent folder, pulls each problem into <parent>/<code> (src/core/problem-folder/pull-many.ts),
// with one cancellable notification (x of N) and a summary at the end.
import * as vscode from 'vscode';
import { describePulled, pullProblems, type PulledProblem, type PullTarget } from '../../core/problem-folder';
import type { Services } from '../../services';
import { showError } from '../../ui/errors';
import { withProgress } from '../../ui/progress';
import { downloadProblemFolder, pickParentFolder } from './folder-commands';
import type { ProblemNode } from './tree';

export interface DownloadFoldersArgs {
  problems: PullTarget[];
  /** The parent folder; asked for when missing. */
  parent?: string;
}

/** What the command did, for tests and scripts. */
export interface DownloadFoldersOutcome {
  parent: string;
  pulled: PulledProblem[];
}

const problemsOf = (nodes: unknown): PullTarget[] =>
  (Array.isArray(nodes) ? (nodes as ProblemNode[]) : []).flatMap((n) => (n?.kind === 'problem' ? [{ problemId: n.problem.id, code: n.problem.code }] : []));

/** The command's (node, selectedNodes) from the view: several problems selected pull them all. */
export function downloadFolderCommand(services: Services, arg?: unknown, nodes?: unknown) {
  const many = problemsOf(nodes);
  if (many.length > 1) return downloadProblemFolders(services, { problems: many });
  return downloadProblemFolder(services, arg);
}

export async function downloadProblemFolders(services: Services, args: DownloadFoldersArgs): Promise<DownloadFoldersOutcome | undefined> {
  const parent = args.parent ?? (await pickParentFolder());
  if (!parent) return undefined;
  const total = args.problems.length;
  try {
    const client = await services.connection.problems();
    const endpoint = services.connection.endpoint('problems').baseUrl;
    const pulled = await withProgress({ title: vscode.l10n.t('Downloading {0} problems', total) }, (signal, report) => {
      report(vscode.l10n.t('{0} of {1} problems', 0, total));
      return pullProblems(client, args.problems, { endpoint, parent, signal, onProgress: (done) => report(vscode.l10n.t('{0} of {1} problems', done, total)) });
    });
    for (const p of pulled) {
      services.log.info(`Download problems into ${parent}: ${describePulled(p)}`);
      for (const note of p.notes ?? []) services.log.warn(note);
    }
    void showSummary(services, parent, pulled);
    return { parent, pulled };
  } catch (err) {
    void showError(services.log, err, { context: vscode.l10n.t('Could not download the problems') });
    return undefined;
  }
}

const nameOf = (p: PulledProblem) => p.code ?? String(p.problemId);

async function showSummary(services: Services, parent: string, pulled: PulledProblem[]): Promise<void> {
  const of = (o: PulledProblem['outcome']) => pulled.filter((p) => p.outcome === o);
  const parts = [vscode.l10n.t('Downloaded {0} of {1} problems into {2}.', of('done').length, pulled.length, parent)];
  if (of('skipped').length)
    parts.push(
      vscode.l10n.t(
        'Skipped: {0}.',
        of('skipped')
          .map((p) => `${nameOf(p)} (${p.reason})`)
          .join('; '),
      ),
    );
  if (of('failed').length)
    parts.push(
      vscode.l10n.t(
        'Failed: {0}.',
        of('failed')
          .map((p) => `${nameOf(p)} (${p.reason})`)
          .join('; '),
      ),
    );
  if (of('cancelled').length) parts.push(vscode.l10n.t('Cancelled before they started: {0}.', of('cancelled').map(nameOf).join(', ')));
  const open = vscode.l10n.t('Open Folder');
  const log = vscode.l10n.t('Show Log');
  const allDone = of('done').length === pulled.length;
  const choice = allDone ? await vscode.window.showInformationMessage(parts.join(' '), open) : await vscode.window.showWarningMessage(parts.join(' '), open, log);
  if (choice === open) await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(parent), { forceNewWindow: true });
  else if (choice === log) services.log.show();
}
