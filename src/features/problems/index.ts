// The Problems feature: the Problems view, problem details, Submit Solution with every test case
// a result in the Testing view, content-manager commands, and its test hooks.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import type { TestsReport } from '../../core/containers';
import { Commands, registerCommand } from '../../ui/commands';
import { showError } from '../../ui/errors';
import { RunDiagnostics } from '../../ui/run-diagnostics';
import { followOnFocus } from '../../ui/window-focus';
import { addTestCase, createProblem, listJudges, rejudge, showJudgeSource, type AddTestCaseArgs, type CreateProblemArgs } from './content';
import { problemIdFrom } from '../shared/problem-arg';
import { showContainersTestsReport } from './containers-report';
import { DETAILS_SCHEME, detailsUri, ProblemDetailsProvider } from './details';
import type { JudgeDeps } from './judge-run';
import { SubmitMemory } from './memory';
import { submitOptionsFrom, submitSolution, type LastError, type SubmitState } from './submit';
import { parseItemId, ProblemsTesting, type RecordedRun, type TestItemSnapshot } from './testing';
import { ProblemsTree, type ProblemNode } from './tree';
import { pushProblemFolder } from './folder-commands';
import { downloadFolderCommand } from './pull-many';
import { PushDifferences, type PushReview } from './push-diffs';
import { PushQuestion } from './push-question';
import { checkedFolderOf, checkProblemFolderCommand } from './folder-check';
import { importKattisPackage, trackKattisPackages } from './kattis-import';
import { deleteProblem } from './delete-problem';
import { editTestCase } from './edit-test-case';
import { createJudgeFromFile, editJudgeSource } from './edit-judge';
import { SavedCopies } from './saved-copies';

declare module '../../test-api' {
  interface TestHooks {
    problems: ProblemsTestApi;
  }
}

/** Test hooks: what the view, the Testing view and the last error show. Never a token. */
export interface ProblemsTestApi {
  /** The view's rows. Functions bound to the tree, never the tree: it holds `services`. */
  tree: Pick<ProblemsTree, 'getChildren' | 'getTreeItem'>;
  /** The Testing view's items: problems with their test cases, Containers submissions with their tests. */
  testItems(): TestItemSnapshot[];
  /** Every test run's results, oldest first (last 20). */
  runs(): RecordedRun[];
  /** The last error Submit Solution showed, as plain data. */
  lastError(): LastError | undefined;
  detailsUri(problemId: number, code?: string): string;
  /** What the Testing view's Run does for these item ids (VS Code offers no API to press it). */
  runItems(itemIds: string[]): Promise<void>;
  /** The entry point the Containers feature calls, reachable from host tests. */
  showContainersTestsReport: ProblemsFeature['showContainersTestsReport'];
}

/** What other features may ask of this one (wired in extension.ts). */
export interface ProblemsFeature {
  /** Shows a Containers submission's tests report in the Testing view; false when it cannot. */
  showContainersTestsReport(submissionId: number | string, report: TestsReport, label?: string): boolean;
}

export function registerProblemsFeature(services: Services): ProblemsFeature {
  const { context, log } = services;
  const tree = new ProblemsTree(services);
  const details = new ProblemDetailsProvider(services);
  const review: PushReview = { differences: new PushDifferences(services), question: new PushQuestion() };
  const testing = new ProblemsTesting();
  const handle: ProblemsFeature = { showContainersTestsReport: (id, report, label) => showContainersTestsReport(testing, id, report, label) };
  const diagnostics = new RunDiagnostics('sphereEngine.problems');
  const memory = new SubmitMemory(context.workspaceState);
  context.subscriptions.push(followOnFocus(memory));
  const deps: JudgeDeps = { services, testing, diagnostics, memory };
  const state: SubmitState = {};

  // Several problems selected: "Download Problem as Folder…" pulls them all (pull-many.ts).
  const view = vscode.window.createTreeView('sphereEngine.problems', { treeDataProvider: tree, showCollapseAll: false, canSelectMany: true });

  // Re-running from the Testing view submits the file last submitted to that problem again.
  testing.controller.createRunProfile('Submit Solution', vscode.TestRunProfileKind.Run, (request, token) => runFromTestingView(deps, state, request, token), true);

  /** Runs a content-manager action with the client; errors are shown, the command resolves undefined. */
  const withClient =
    <T>(context: string, action: (client: Awaited<ReturnType<typeof services.connection.problems>>) => Promise<T>) =>
    async (): Promise<T | undefined> => {
      try {
        return await action(await services.connection.problems());
      } catch (err) {
        void showError(log, err, { context });
        return undefined;
      }
    };

  const savedCopies = new SavedCopies(services);
  context.subscriptions.push(
    tree,
    details,
    testing,
    diagnostics,
    view,
    vscode.workspace.registerTextDocumentContentProvider(DETAILS_SCHEME, details),
    review.differences,
    review.question,
    services.connection.onDidChange((module) => {
      if (module === 'problems') tree.refresh();
    }),
    registerCommand(Commands.problemsRefresh, () => tree.refresh()),
    registerCommand(Commands.problemsLoadMore, () => tree.loadMore()),
    registerCommand(Commands.problemsOpen, async (arg?: unknown) => {
      const problemId = problemIdFrom(arg);
      if (problemId === undefined) {
        void vscode.window.showWarningMessage(vscode.l10n.t('Pick a problem in the Problems view to open it.'));
        return undefined;
      }
      const node = arg as Partial<ProblemNode> | undefined;
      const code = node?.kind === 'problem' ? node.problem?.code : tree.loadedProblems().find((p) => p.id === problemId)?.code;
      const uri = detailsUri(problemId, code);
      try {
        // Reading it first surfaces an api error (unknown problem, access denied) as a notification.
        await vscode.workspace.openTextDocument(uri);
        // A locked preview: it stays on this problem when another Markdown file becomes active (an
        // unlocked one follows the active Markdown editor and the statement is gone). One per problem.
        await vscode.commands.executeCommand('markdown.showPreview', uri, undefined, { locked: true });
      } catch (err) {
        void showError(log, err, { context: `Could not open problem ${problemId}` });
        return undefined;
      }
      return uri.toString();
    }),
    registerCommand(Commands.problemsSubmit, (arg?: unknown) => submitSolution(deps, state, submitOptionsFrom(arg))),
    registerCommand(Commands.problemsSubmitToTests, (arg?: unknown) => submitSolution(deps, state, submitOptionsFrom(arg, { pickTests: true }))),
    registerCommand(Commands.problemsCreate, async (args?: CreateProblemArgs) => {
      const created = await withClient('Could not create the problem', (client) => createProblem(client, args && typeof args === 'object' ? args : {}))();
      if (created) tree.refresh();
      return created;
    }),
    registerCommand(Commands.problemsAddTestCase, async (arg?: unknown) => {
      const args: AddTestCaseArgs = arg && typeof arg === 'object' && !('kind' in arg) ? (arg as AddTestCaseArgs) : { problemId: problemIdFrom(arg) };
      const added = await withClient('Could not add the test case', (client) => addTestCase(client, args))();
      if (added) details.refresh(added.problemId, tree.loadedProblems().find((p) => p.id === added.problemId)?.code);
      return added;
    }),
    registerCommand(Commands.problemsListJudges, (args?: { typeId?: number; pick?: boolean }) =>
      withClient('Could not list the judges', (client) => listJudges(client, args && typeof args === 'object' ? args : {}))(),
    ),
    registerCommand(Commands.problemsShowJudgeSource, (judgeId?: unknown) =>
      withClient('Could not read the judge source', (client) => showJudgeSource(client, typeof judgeId === 'number' ? judgeId : undefined))(),
    ),
    registerCommand(Commands.problemsRejudge, (submissionId?: unknown) =>
      withClient('Could not re-judge the submission', (client) => rejudge(deps, client, typeof submissionId === 'number' ? submissionId : undefined))(),
    ),
    registerCommand(Commands.problemsDownloadFolder, (arg?: unknown, nodes?: unknown) => downloadFolderCommand(services, arg, nodes)),
    registerCommand(Commands.problemsPushFolder, async (arg?: unknown) => {
      const outcome = await pushProblemFolder(services, review, arg);
      if (outcome?.result?.applied.length) tree.refresh();
      return outcome;
    }),
    registerCommand(Commands.problemsPushShownChanges, () => review.question.answer(true)),
    registerCommand(Commands.problemsCancelPush, () => review.question.answer(false)),
    registerCommand(Commands.problemsCheckFolder, (arg?: unknown) => checkProblemFolderCommand(services, testing, arg)),
    registerCommand(Commands.problemsImportKattis, (arg?: unknown) => importKattisPackage(services, arg)),
    trackKattisPackages(),
    registerCommand(Commands.problemsDelete, async (arg?: unknown) => {
      const deleted = await withClient('Could not delete the problem', (client) => deleteProblem(client, arg))();
      if (deleted !== undefined) tree.refresh();
      return deleted;
    }),
    savedCopies,
    registerCommand(Commands.problemsEditTestCase, (arg?: unknown) => editTestCase(services, savedCopies, arg)),
    registerCommand(Commands.problemsCreateJudge, (arg?: unknown) => createJudgeFromFile(services, arg)),
    registerCommand(Commands.problemsEditJudge, (arg?: unknown) => editJudgeSource(services, savedCopies, arg)),
  );

  // Any installed extension can read our exports: plain functions and data only, never a live
  // feature object from which services, the context or a token can be reached (D8).
  const api: ProblemsTestApi = {
    tree: { getChildren: (node) => tree.getChildren(node), getTreeItem: (node) => tree.getTreeItem(node) },
    testItems: () => testing.snapshot(),
    runs: () => [...testing.runs],
    lastError: () => state.lastError,
    detailsUri: (problemId, code) => detailsUri(problemId, code).toString(),
    runItems: async (itemIds) => {
      const items = itemIds.map((id) => findItem(testing.controller.items, id)).filter((i): i is vscode.TestItem => i !== undefined);
      const source = new vscode.CancellationTokenSource();
      try {
        await runFromTestingView(deps, state, new vscode.TestRunRequest(items), source.token);
      } finally {
        source.dispose();
      }
    },
    showContainersTestsReport: handle.showContainersTestsReport,
  };
  if (services.testHooks) services.testHooks.problems = api;
  return handle;
}

/** The Testing view's Run: one submission per problem among the chosen items. */
async function runFromTestingView(deps: JudgeDeps, state: SubmitState, request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
  const chosen = request.include ?? [];
  const all = chosen.length ? chosen : collect(deps.testing.controller.items).filter((i) => parseItemId(i.id));
  const byProblem = new Map<number, Set<number> | 'all'>();
  const checked = new Set(all.map((i) => checkedFolderOf(i.id)).filter((d): d is string => d !== undefined));
  for (const dir of checked) await checkProblemFolderCommand(deps.services, deps.testing, { folder: dir });
  for (const item of all) {
    if (checkedFolderOf(item.id) !== undefined) continue;
    const parsed = parseItemId(item.id);
    if (!parsed) {
      void vscode.window.showInformationMessage(vscode.l10n.t('“{0}” is a Containers submission: run it again from the Containers submissions view.', item.label));
      continue;
    }
    const current = byProblem.get(parsed.problemId);
    if (parsed.test === undefined) byProblem.set(parsed.problemId, 'all');
    else if (current !== 'all') byProblem.set(parsed.problemId, (current ?? new Set()).add(parsed.test));
  }
  for (const [problemId, tests] of byProblem) {
    if (token.isCancellationRequested) return;
    const file = deps.memory.fileOfProblem(problemId) ?? deps.services.sourceFile.current()?.toString();
    if (!file) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t("Open your solution in the editor, then run the problem's tests again (nothing was submitted to it from this workspace yet)."),
      );
      continue;
    }
    const uri = vscode.Uri.parse(file);
    await submitSolution(deps, state, {
      file: uri,
      problemId,
      compilerId: deps.memory.forFile(uri)?.compilerId,
      tests: tests === 'all' ? undefined : [...tests].sort((a, b) => a - b),
      request,
      token,
    });
  }
}

function collect(items: vscode.TestItemCollection): vscode.TestItem[] {
  const out: vscode.TestItem[] = [];
  items.forEach((i) => out.push(i));
  return out;
}

function findItem(items: vscode.TestItemCollection, id: string): vscode.TestItem | undefined {
  let found: vscode.TestItem | undefined;
  items.forEach((item) => {
    found ??= item.id === id ? item : findItem(item.children, id);
  });
  return found;
}
