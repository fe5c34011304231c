// "Judge Solutions in Folder…": pick the folder and the problem, plan, one confirmation naming
// how many submissions, the problem, the endpoint and that each is billed; then the job runs
// with its results page open.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { type JobHeader, JudgeJob, planFolder, type PlannedSolution } from '../../core/judge-many';
import { compilerForFileName } from '../shared/compiler-settings';
import { problemIdFrom } from '../shared/problem-arg';
import { pickProblem } from '../shared/pick-problem';
import { isScored } from '../../core/problems';
import { folderOf, plainArgs, reportingErrors } from '../shared/command-args';
import { confirmSending } from '../shared/confirm-sending';
import type { ResultsPanels } from './results-panel';
import type { JobTracker } from './tracker';

/** Arguments a caller (a test, another command) may pass instead of the prompts. */
export interface JudgeFolderArgs {
  folder?: string;
  problemId?: number;
}

export interface JudgeFolderDeps {
  services: Services;
  tracker: JobTracker;
  panels: ResultsPanels;
  storageDir: () => string;
}

/** Resolves with the job's id once it ended (or undefined when the person stopped before sending). */
export function judgeFolder(deps: JudgeFolderDeps, uriOrNode?: unknown, extra?: unknown): Promise<string | undefined> {
  return reportingErrors(deps.services, vscode.l10n.t('Could not judge the folder'), () => judgeFolderSteps(deps, uriOrNode, extra));
}

async function judgeFolderSteps(deps: JudgeFolderDeps, uriOrNode: unknown, extra: unknown): Promise<string | undefined> {
  const args = plainArgs<JudgeFolderArgs>(uriOrNode, extra);
  const folder = await folderOf(uriOrNode, args, vscode.l10n.t('Judge Solutions in This Folder'), vscode.l10n.t('Judge Solutions in Folder: the folder of solutions'));
  if (!folder) return undefined;
  const client = await deps.services.connection.problems();
  const givenId = args.problemId ?? problemIdFrom(uriOrNode);
  const picked = givenId !== undefined ? { id: givenId } : await pickProblem(client, vscode.l10n.t('Judge Solutions in Folder: which problem?'));
  if (!picked) return undefined;
  // Its type too: a binary problem's master judge gives no score, so the job shows none.
  const details = await client.getProblem(picked.id, { shortBody: true });
  const problem = { id: picked.id, label: labelOf(details), scored: isScored(details) };

  const plan = await planFolder(folder, {
    compilerFor: compilerForFileName,
    confirmMany: (count) => confirmReadingMany(folder, count),
  });
  if (plan.kind === 'declined') return undefined;
  const sendable = plan.solutions.filter((s) => !s.problem).length;
  const unsendable = plan.solutions.length - sendable;
  const endpoint = deps.services.connection.endpoint('problems').baseUrl;
  if (sendable === 0) {
    void vscode.window.showWarningMessage(
      plan.solutions.length === 0
        ? vscode.l10n.t('The folder {0} is empty: there is nothing to judge.', folder)
        : vscode.l10n.t('None of the {0} entries of {1} can be sent (no known language, empty, binary or too large).', plan.solutions.length, folder),
    );
    if (plan.solutions.length === 0) return undefined;
  } else {
    const go = await confirmSending(deps.services, {
      message: vscode.l10n.t('Send {0} submissions to problem {1}?', sendable, problem.label),
      button: vscode.l10n.t('Submit {0}', sendable),
      endpoint,
      folder,
      unsendable,
      othersCode: true,
    });
    if (!go) return undefined;
  }
  return startJob(deps, { folder, problemId: problem.id, problemLabel: problem.label, scored: problem.scored, endpoint }, plan.solutions, sendable > 0);
}

/** Writes the job's plan, opens its results and runs it: shared by both "many at once" commands. */
export async function startJob(deps: JudgeFolderDeps, header: Omit<JobHeader, 'id' | 'createdAt'>, plan: readonly PlannedSolution[], send: boolean): Promise<string> {
  const job = JudgeJob.create(deps.storageDir(), header, plan);
  deps.panels.show(job);
  await deps.tracker.run(job, send);
  return job.snapshot.id;
}

const labelOf = (problem: { code: string; name: string }) => `${problem.code} (${problem.name})`;

/** Asked before a folder of more than a thousand entries is read (both bulk commands). */
export async function confirmReadingMany(folder: string, count: number): Promise<boolean> {
  const go = vscode.l10n.t('Read All {0}', count);
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('The folder has {0} entries. Read every one and plan a submission for each?', count),
    { modal: true, detail: folder },
    go,
  );
  return choice === go;
}
