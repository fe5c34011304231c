// The Submissions view and its actions: show the output again, resubmit, open the tests report,
// open or save a stream, clear the list.
import * as vscode from 'vscode';
import { isAbortError, isContainersStreamName } from '../../../api';
import type { Services } from '../../../services';
import { Commands, registerCommand } from '../../../ui/commands';
import { showError } from '../../../ui/errors';
import type { SubmitFlow, SubmitOutcome, SubmitRequest } from '../submit/flow';
import { looksBinary, openStreamText, openTestsReport, saveStream } from './streams';
import type { SubmissionEntry, SubmissionHistory } from './store';
import { SubmissionsProvider, SUBMISSIONS_VIEW_ID } from './view';
import { showQuickPick } from '../../../ui/prompts';

export interface SubmissionsViewTestApi {
  getChildren(): SubmissionEntry[];
  getTreeItem(entry: SubmissionEntry): vscode.TreeItem;
  /** Whether the view is on screen (e.g. after "Check Submission History"). */
  visible(): boolean;
  /** What its header says beside "Submissions". */
  description(): string | undefined;
}

/** An entry from a tree row, a test's argument (an entry or an id), or the newest one. */
function resolveEntry(history: SubmissionHistory, arg: unknown): SubmissionEntry | undefined {
  if (typeof arg === 'number') return history.find(arg);
  if (arg && typeof arg === 'object' && typeof (arg as SubmissionEntry).id === 'number') {
    const e = arg as SubmissionEntry;
    return history.find(e.id, e.endpoint) ?? e;
  }
  return undefined;
}

async function pickEntry(history: SubmissionHistory, arg: unknown): Promise<SubmissionEntry | undefined> {
  const direct = resolveEntry(history, arg);
  if (direct) return direct;
  const items = history.list().map((e) => ({ label: `#${e.id} ${e.projectName}`, description: `${e.statusName} · ${e.folder}`, entry: e }));
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No submissions yet: use "Submit Folder to Project" first.'));
    return undefined;
  }
  return (await showQuickPick(items, { placeHolder: vscode.l10n.t('Which submission?') }))?.entry;
}

export function registerSubmissionsView(services: Services, history: SubmissionHistory, flow: SubmitFlow): SubmissionsViewTestApi {
  const provider = new SubmissionsProvider(history);
  const view = vscode.window.createTreeView(SUBMISSIONS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: false });
  // Said in the header, list or no list: Compilers runs and Problems submissions are elsewhere
  // (the Sphere Engine Run output, the Testing view), as the empty view's welcome text says.
  view.description = vscode.l10n.t('to Containers projects');
  services.context.subscriptions.push(
    provider,
    view,
    registerCommand(Commands.submissionsRefresh, () => provider.refresh()),
    registerCommand(Commands.submissionsShowOutput, async (arg?: unknown): Promise<SubmitOutcome | undefined> => {
      const entry = await pickEntry(history, arg);
      return entry ? flow.showAgain(entry) : undefined;
    }),
    registerCommand(Commands.submissionsResubmit, async (arg?: unknown, options?: SubmitRequest): Promise<SubmitOutcome | undefined> => {
      const entry = await pickEntry(history, arg);
      if (!entry) return undefined;
      return flow.submit({ folder: entry.folder, projectId: entry.projectId, scenario: entry.scenario, ...(options ?? {}) });
    }),
    registerCommand(Commands.submissionsOpenTestsReport, async (arg?: unknown): Promise<string | undefined> => {
      const entry = await pickEntry(history, arg);
      if (!entry) return undefined;
      try {
        return await openTestsReport(await services.connection.containers(), entry.id);
      } catch (err) {
        void showError(services.log, err, { context: `Could not open the tests report of submission ${entry.id}` });
        return undefined;
      }
    }),
    registerCommand(Commands.submissionsOpenStream, async (arg?: unknown, streamArg?: unknown, options?: { saveTo?: string }): Promise<string | undefined> => {
      const entry = await pickEntry(history, arg);
      if (!entry) return undefined;
      const stream = isContainersStreamName(streamArg)
        ? streamArg
        : await showQuickPick(['source', 'auxdata', 'tests_report', 'debug_log'], { placeHolder: vscode.l10n.t('Which stream of submission {0}?', entry.id) });
      if (!isContainersStreamName(stream)) return undefined;
      try {
        const client = await services.connection.containers();
        const data = await client.getSubmissionStream(entry.id, stream);
        if (options?.saveTo || looksBinary(data)) {
          const saved = await saveStream(entry.id, stream, data, options?.saveTo ? vscode.Uri.file(options.saveTo) : undefined);
          return saved?.fsPath;
        }
        await openStreamText(entry.id, stream, data.toString('utf8'));
        return data.toString('utf8');
      } catch (err) {
        if (!isAbortError(err)) void showError(services.log, err, { context: `Could not fetch the ${stream} stream of submission ${entry.id}` });
        return undefined;
      }
    }),
    registerCommand(Commands.submissionsClear, () => history.clear()),
  );
  return {
    getChildren: () => provider.getChildren(),
    getTreeItem: (entry) => provider.getTreeItem(entry),
    visible: () => view.visible,
    description: () => view.description,
  };
}
