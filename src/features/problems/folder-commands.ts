// "Download Problem as Folder…" and "Push Problem Folder": thin VS Code shells over
// src/core/problem-folder. Push shows its plan before sending anything (with its text differences
// on request: push-diffs.ts) and asks separately before deleting test cases. Several problems at
// once: pull-many.ts. Both accept their answers as arguments (tests, scripts) and ask for the rest.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  applyPlan,
  describeChange,
  describePlan,
  describeResult,
  hasTextDiffs,
  planPush,
  ProblemFolderError,
  pullProblem,
  pushSucceeded,
  readProblemFolder,
  SETTINGS_FILE,
  writeRefusal,
  type PushPlan,
} from '../../core/problem-folder';
import type { Services } from '../../services';
import { showError } from '../../ui/errors';
import { Commands } from '../../ui/commands';
import { pickFolder } from '../../ui/pick-folder';
import { withProgress } from '../../ui/progress';
import { problemIdFrom } from '../shared/problem-arg';
import { showWriteRefusal } from './push-refused';
import { askAfterDifferences, type PushReview } from './push-diffs';
import type { ProblemNode } from './tree';
import { kattisCodeIfFree } from '../../core/kattis/folder-settings';

export interface DownloadFolderArgs {
  problemId?: number;
  /** The folder to write (created when missing); default: <picked parent>/<problem code>. */
  folder?: string;
}

export interface PushFolderArgs {
  /** The problem folder, or its problem.json. */
  folder?: string | vscode.Uri;
}

/** What the push command did, for tests and scripts. */
export interface PushOutcome {
  plan: string[];
  /** Set when the person (or a bad folder) stopped the push before anything was sent. */
  stopped?: 'nothing' | 'refused' | 'invalid';
  result?: { applied: string[]; skipped: string[]; failed?: string; notApplied: string[]; code?: string };
}

const PUSH = () => vscode.l10n.t('Push');
const DELETE = () => vscode.l10n.t('Delete Them');
const KEEP = () => vscode.l10n.t('Keep Them');
const SHOW_DIFFERENCES = () => vscode.l10n.t('Show Differences');

export const pickParentFolder = () => pickFolder(vscode.l10n.t('Download Problem as Folder: where to put it'), vscode.l10n.t('Download Here'));

export async function downloadProblemFolder(services: Services, arg?: unknown): Promise<{ folder: string; tests: number } | undefined> {
  const args: DownloadFolderArgs = arg && typeof arg === 'object' && !('kind' in arg) ? (arg as DownloadFolderArgs) : {};
  const problemId = args.problemId ?? problemIdFrom(arg);
  if (problemId === undefined) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Pick a problem in the Problems view to download it as a folder.'));
    return undefined;
  }
  try {
    const client = await services.connection.problems();
    let folder = args.folder;
    if (!folder) {
      const parent = await pickParentFolder();
      if (!parent) return undefined;
      const node = arg as ProblemNode | undefined;
      const code = node?.kind === 'problem' ? node.problem.code : (await client.getProblem(problemId)).code;
      folder = path.join(parent, code || `problem-${problemId}`);
    }
    const target = folder;
    const endpoint = services.connection.endpoint('problems').baseUrl;
    const pulled = await withProgress({ title: vscode.l10n.t('Downloading problem {0}', problemId) }, (signal, report) =>
      pullProblem(client, { endpoint, problemId, dir: target, signal, onProgress: (done, total) => report(vscode.l10n.t('{0} of {1} test files', done, total)) }),
    );
    for (const note of pulled.notes) services.log.warn(note);
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Problem {0} is in {1}: {2} test cases. Edit it and use “Push Problem Folder” to send the changes.', problemId, target, pulled.tests),
    );
    return { folder: target, tests: pulled.tests };
  } catch (err) {
    void showError(services.log, err, { context: vscode.l10n.t('Could not download problem {0}', problemId) });
    return undefined;
  }
}

/** The problem folder meant: the argument, else the only open folder holding problem.json, else ask. */
/** The folder a push or check acts on, and whether it was the active editor's (said in the question). */
export interface ChosenProblemFolder {
  dir: string;
  fromEditor: boolean;
}

export async function problemFolderFrom(
  arg: unknown,
  title = vscode.l10n.t('Push Problem Folder: which folder?'),
  openLabel = vscode.l10n.t('Push This Folder'),
): Promise<ChosenProblemFolder | undefined> {
  const given = arg instanceof vscode.Uri ? arg : (arg as PushFolderArgs | undefined)?.folder;
  if (given) {
    const p = given instanceof vscode.Uri ? given.fsPath : given;
    return { dir: path.basename(p) === SETTINGS_FILE ? path.dirname(p) : p, fromEditor: false };
  }
  // The problem folder the active editor is in (a test, the statement, a solution): no question.
  const editing = problemFolderOfActiveEditor();
  if (editing) return { dir: editing, fromEditor: true };
  const open = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath).filter((p) => fs.existsSync(path.join(p, SETTINGS_FILE)));
  if (open.length === 1) return { dir: open[0], fromEditor: false };
  const picked = await pickFolder(title, openLabel);
  return picked ? { dir: picked, fromEditor: false } : undefined;
}

/** The nearest folder holding problem.json above the active editor's file, inside its workspace folder when it has one. */
function problemFolderOfActiveEditor(): string | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  if (uri?.scheme !== 'file') return undefined;
  const root = vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath;
  for (let dir = path.dirname(uri.fsPath), depth = 0; depth < 8; dir = path.dirname(dir), depth++) {
    if (fs.existsSync(path.join(dir, SETTINGS_FILE))) return dir;
    if (dir === root || path.dirname(dir) === dir) return undefined;
  }
  return undefined;
}

/** The line that says which folder was taken, when the person did not choose it. */
export const fromEditorLine = (chosen: ChosenProblemFolder) =>
  chosen.fromEditor ? [vscode.l10n.t("Folder: {0} (the problem folder of the active editor's file)", chosen.dir)] : [];

async function confirmPlan(services: Services, review: PushReview, plan: PushPlan, folderLines: string[]): Promise<{ go: boolean; allowDeletes: boolean }> {
  const lines = describePlan(plan);
  // One message per count form: l10n bundles translate whole sentences, not pieces of them.
  const one = lines.length === 1;
  const title =
    plan.problemId === undefined
      ? one
        ? vscode.l10n.t('Create problem “{0}” on Sphere Engine with this change?', plan.folder.json.name)
        : vscode.l10n.t('Create problem “{0}” on Sphere Engine with these {1} changes?', plan.folder.json.name, lines.length)
      : one
        ? vscode.l10n.t('Push 1 change to problem {0} “{1}”?', plan.problemId, plan.folder.json.name)
        : vscode.l10n.t('Push {0} changes to problem {1} “{2}”?', lines.length, plan.problemId, plan.folder.json.name);
  const buttons = hasTextDiffs(plan) ? [PUSH(), SHOW_DIFFERENCES()] : [PUSH()];
  const answer = await vscode.window.showWarningMessage(title, { modal: true, detail: [...folderLines, ...lines].join('\n') }, ...buttons);
  const go = answer === PUSH() || (answer === SHOW_DIFFERENCES() && (await askAfterDifferences(services, review, plan, title)));
  if (!go) return { go, allowDeletes: false };
  const deletes = plan.changes.filter((c) => c.kind === 'deleteTest').map((c) => (c.kind === 'deleteTest' ? c.number : -1));
  if (!deletes.length) return { go, allowDeletes: false };
  const deleteAnswer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Delete test cases {0} of problem {1} on the service? Their input and output are lost there.', deletes.join(', '), plan.problemId ?? ''),
    { modal: true, detail: vscode.l10n.t('“Keep Them” pushes every other change and leaves these test cases on the service.') },
    DELETE(),
    KEEP(),
  );
  if (deleteAnswer === undefined) return { go: false, allowDeletes: false };
  return { go, allowDeletes: deleteAnswer === DELETE() };
}

export async function pushProblemFolder(services: Services, review: PushReview, arg?: unknown): Promise<PushOutcome | undefined> {
  const chosen = await problemFolderFrom(arg);
  if (!chosen) return undefined;
  const { dir } = chosen;
  let plan: PushPlan;
  try {
    // One notification from the first moment, each step named (issue 40 item 16): reading the
    // folder and signing in took seconds before the comparison's notification used to appear.
    plan = await withProgress({ title: vscode.l10n.t('Comparing {0} with the service', path.basename(dir)) }, async (signal, report) => {
      report(vscode.l10n.t('reading the folder…'));
      const folder = readProblemFolder(dir);
      report(vscode.l10n.t('connecting to the service…'));
      const client = await services.connection.problems();
      const endpoint = services.connection.endpoint('problems').baseUrl;
      report(
        folder.json.link
          ? vscode.l10n.t('reading problem {0} and its {1} test cases…', folder.json.link.problemId, folder.tests.length)
          : vscode.l10n.t('planning a new problem with {0} test cases…', folder.tests.length),
      );
      return planPush(client, folder, endpoint, signal);
    });
  } catch (err) {
    if (err instanceof ProblemFolderError) {
      services.log.error(err);
      void vscode.window.showErrorMessage(vscode.l10n.t('Nothing was pushed: {0}', err.message), { modal: err.problems.length > 1 });
      return { plan: [], stopped: 'invalid' };
    }
    void showError(services.log, err, { context: vscode.l10n.t('Could not compare the problem folder with the service') });
    return undefined;
  }
  const lines = describePlan(plan);
  if (!lines.length) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to push: {0} and problem {1} on the service agree.', dir, plan.problemId ?? ''));
    return { plan: lines, stopped: 'nothing' };
  }
  const { go, allowDeletes } = await confirmPlan(services, review, plan, fromEditorLine(chosen));
  if (!go) return { plan: lines, stopped: 'refused' };
  const client = await services.connection.problems();
  const result = await withProgress({ title: vscode.l10n.t('Pushing {0}', path.basename(dir)), cancellable: false }, (signal, report) =>
    applyPlan(client, plan, {
      allowDeletes,
      signal,
      codeIfFree: kattisCodeIfFree(dir),
      onProgress: (done, total, change) => report(`${done}/${total}: ${describeChange(change, plan)}`),
    }),
  );
  // The differences shown before showed the service's old content.
  await review.differences.closeFor(dir);
  const report = describeResult(result, plan);
  for (const line of report) services.log.info(`Push ${dir}: ${line}`);
  const outcome: PushOutcome = {
    plan: lines,
    result: {
      applied: result.applied.map((c) => describeChange(c, plan)),
      skipped: result.skipped.map((c) => describeChange(c, plan)),
      failed: result.failed ? report.find((l) => l.startsWith('FAILED')) : undefined,
      notApplied: result.notApplied.map((c) => describeChange(c, plan)),
      ...(result.codeNote ? { code: result.codeNote } : {}),
    },
  };
  const refusal = writeRefusal(result, plan);
  if (refusal) {
    showWriteRefusal(services, plan.problemId, refusal);
  } else if (result.failed) {
    void vscode.window
      .showErrorMessage(
        vscode.l10n.t(
          'Push stopped: {0} of {1} changes applied; {2} Not sent: {3}. Fix the cause and push again: what was applied is not sent twice.',
          result.applied.length,
          plan.changes.length,
          outcome.result!.failed!,
          result.notApplied.length,
        ),
        vscode.l10n.t('Show Log'),
      )
      .then((choice) => choice && services.log.show());
  } else if (!pushSucceeded(result)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Pushed {0} changes; kept on the service as you chose: {1}.', result.applied.length, outcome.result!.skipped.join('; ')));
  } else {
    // What an author does next: check the reference solutions, or see the problem as published.
    const check = vscode.l10n.t('Check');
    const open = vscode.l10n.t('Open Problem');
    const buttons = [...(plan.folder.solutions.length ? [check] : []), ...(result.problemId !== undefined ? [open] : [])];
    void vscode.window
      .showInformationMessage(
        result.applied.length === 1
          ? vscode.l10n.t('Pushed 1 change to problem {0}.', result.problemId ?? '')
          : vscode.l10n.t('Pushed {0} changes to problem {1}.', result.applied.length, result.problemId ?? ''),
        ...buttons,
      )
      .then((choice) => {
        if (choice === check) void vscode.commands.executeCommand(Commands.problemsCheckFolder, { folder: dir });
        else if (choice === open) void vscode.commands.executeCommand(Commands.problemsOpen, { problemId: result.problemId });
      });
  }
  return outcome;
}
