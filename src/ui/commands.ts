// Every command id the extension contributes, in one place. package.json's
// `contributes.commands` must list exactly these (test/unit/manifest.test.ts checks both ways).
//
// This module is also loaded by plain-Node unit tests, so it must not import `vscode`
// at the top level: the `vscode` module only exists inside the extension host.
import type * as vscode from 'vscode';
import { afterGate } from './command-gate';

export const Commands = {
  // connection
  setAccessToken: 'sphereEngine.setAccessToken',
  signOut: 'sphereEngine.signOut',
  testConnection: 'sphereEngine.testConnection',
  showLog: 'sphereEngine.showLog',
  configureEndpoints: 'sphereEngine.configureEndpoints',
  useLocalEmulator: 'sphereEngine.useLocalEmulator',
  // the local emulator bundled with the extension
  startLocalEmulator: 'sphereEngine.startLocalEmulator',
  stopLocalEmulator: 'sphereEngine.stopLocalEmulator',
  // problems
  problemsRefresh: 'sphereEngine.problems.refresh',
  problemsLoadMore: 'sphereEngine.problems.loadMore',
  problemsOpen: 'sphereEngine.problems.open',
  problemsSubmit: 'sphereEngine.problems.submitSolution',
  problemsSubmitToTests: 'sphereEngine.problems.submitSolutionToTests',
  problemsCreate: 'sphereEngine.problems.createProblem',
  problemsAddTestCase: 'sphereEngine.problems.addTestCase',
  problemsListJudges: 'sphereEngine.problems.listJudges',
  problemsShowJudgeSource: 'sphereEngine.problems.showJudgeSource',
  problemsRejudge: 'sphereEngine.problems.rejudge',
  problemsDownloadFolder: 'sphereEngine.problems.downloadFolder',
  problemsPushFolder: 'sphereEngine.problems.pushFolder',
  problemsPushShownChanges: 'sphereEngine.problems.pushShownChanges',
  problemsCancelPush: 'sphereEngine.problems.cancelPush',
  problemsCheckFolder: 'sphereEngine.problems.checkFolder',
  problemsImportKattis: 'sphereEngine.problems.importKattis',
  problemsDelete: 'sphereEngine.problems.deleteProblem',
  problemsEditTestCase: 'sphereEngine.problems.editTestCase',
  problemsCreateJudge: 'sphereEngine.problems.createJudge',
  problemsEditJudge: 'sphereEngine.problems.editJudge',
  // compilers
  compilersRunActiveFile: 'sphereEngine.compilers.runActiveFile',
  compilersRunActiveFileWithInput: 'sphereEngine.compilers.runActiveFileWithInput',
  compilersRunWithOutputFiles: 'sphereEngine.compilers.runWithOutputFiles',
  compilersRunFolder: 'sphereEngine.compilers.runFolder',
  compilersRunWithAllInputs: 'sphereEngine.compilers.runWithAllInputs',
  compilersSelectCompiler: 'sphereEngine.compilers.selectCompiler',
  compilersRefreshCompilers: 'sphereEngine.compilers.refreshCompilers',
  // stress test: a solution against a reference on generated inputs
  stressTest: 'sphereEngine.stress.stressTest',
  stressSaveAsTest: 'sphereEngine.stress.saveAsTest',
  // containers: tree
  workspacesRefresh: 'sphereEngine.workspaces.refresh',
  workspacesFilterStates: 'sphereEngine.workspaces.filterStates',
  workspacesShowAll: 'sphereEngine.workspaces.showAllWorkspaces',
  workspacesGroupByProject: 'sphereEngine.workspaces.groupByProject',
  workspacesLoadMore: 'sphereEngine.workspaces.loadMore',
  // containers: workspaces
  workspaceCreate: 'sphereEngine.workspaces.create',
  workspaceStop: 'sphereEngine.workspaces.stop',
  workspaceResume: 'sphereEngine.workspaces.resume',
  workspaceRemove: 'sphereEngine.workspaces.remove',
  workspaceOpenIde: 'sphereEngine.workspaces.openIde',
  workspaceOpenPreview: 'sphereEngine.workspaces.openPreview',
  workspaceShowInitOutput: 'sphereEngine.workspaces.showInitOutput',
  workspaceShowInitError: 'sphereEngine.workspaces.showInitError',
  workspaceShowFilesToOverride: 'sphereEngine.workspaces.showFilesToOverride',
  workspaceCopyId: 'sphereEngine.workspaces.copyId',
  workspaceOpenFiles: 'sphereEngine.workspaces.openFiles',
  // containers: submit a folder, submissions view
  submitFolder: 'sphereEngine.containers.submitFolder',
  submissionsRefresh: 'sphereEngine.submissions.refresh',
  submissionsShowOutput: 'sphereEngine.submissions.showOutput',
  submissionsResubmit: 'sphereEngine.submissions.resubmit',
  submissionsOpenTestsReport: 'sphereEngine.submissions.openTestsReport',
  submissionsOpenStream: 'sphereEngine.submissions.openStream',
  submissionsClear: 'sphereEngine.submissions.clear',
  // walkthrough: its buttons, acting on the last source file while the walkthrough has the focus
  walkthroughRunFile: 'sphereEngine.walkthrough.runFile',
  walkthroughSubmitSolution: 'sphereEngine.walkthrough.submitSolution',
  walkthroughRun: 'sphereEngine.walkthrough.run',
  // connection profiles
  profilesSwitch: 'sphereEngine.profiles.switch',
  profilesAdd: 'sphereEngine.profiles.add',
  profilesRename: 'sphereEngine.profiles.rename',
  profilesRemove: 'sphereEngine.profiles.remove',
  // judge many: a folder of solutions against one problem
  problemsJudgeFolder: 'sphereEngine.problems.judgeFolder',
  problemsShowJudgeResults: 'sphereEngine.problems.showJudgeResults',
  // judge many: each subfolder against one Containers project
  containersSubmitEachFolder: 'sphereEngine.containers.submitEachFolder',
  // similarity of a folder of solutions, offline
  similarityCheckFolder: 'sphereEngine.similarity.checkFolder',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];

/** All ids, for the manifest test and for "is this one of ours" checks. */
export const allCommandIds: readonly CommandId[] = Object.values(Commands);

/** Settles once the connection is ready (commandsWaitFor, at activation); until then, at once. */
let gate: (id: CommandId) => PromiseLike<unknown> = () => Promise.resolve();

/**
 * The commands that start or stop the local emulator, or show the log: they wait for `ready` only.
 * Every other one also waits for a start of the emulator under way (`settled`), which these are.
 */
const EMULATOR_OWN: ReadonlySet<CommandId> = new Set<CommandId>([Commands.startLocalEmulator, Commands.stopLocalEmulator, Commands.showLog]);

/**
 * Every command registered from now on waits for `ready` first, and for `settled` (a start of the
 * local emulator under way) unless it is one of EMULATOR_OWN (command-gate.ts says why).
 */
export function commandsWaitFor(ready: PromiseLike<unknown>, settled: () => PromiseLike<unknown> = () => ready): void {
  gate = (id) => (EMULATOR_OWN.has(id) ? ready : settled());
}

/**
 * Registers a handler for one of our ids. Typing the id (instead of a free string) makes a
 * misspelt or undeclared command a compile error rather than a silent "command not found".
 * The handler runs once the connection is ready (command-gate.ts).
 */
export function registerCommand<Args extends unknown[], Result>(id: CommandId, handler: (...args: Args) => Result): vscode.Disposable {
  return hostApi().commands.registerCommand(id, afterGate(() => gate(id), handler) as (...args: unknown[]) => unknown);
}

/** Runs one of our commands; the typed counterpart of `vscode.commands.executeCommand`. */
export function executeCommand<Result = unknown>(id: CommandId, ...args: unknown[]): Thenable<Result> {
  return hostApi().commands.executeCommand<Result>(id, ...args);
}

// Deferred so that loading this file outside the extension host (unit tests) works.
function hostApi(): typeof vscode {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('vscode') as typeof vscode;
}
