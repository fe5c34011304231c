// Submit Solution: from the editor (the active file), the Explorer (a file), a problem in the
// Problems view (the source file last in front, else asked), or with an options object (tests,
// scripts). Asks only for what it cannot know: the problem (remembered per file), the compiler
// (the file's language when the problems module offers it, remembered per file) and, for
// "Submit to Some Test Cases", which tests. The verdict ends as a notification.
import * as vscode from 'vscode';
import { SphereApiError, type Compiler, type ProblemsClient } from '../../api';
import { showError, type ActionHandlers } from '../../ui/errors';
import { orderCompilers, parseTestList, suggestCompiler } from './compiler-choice';
import { readOverrides } from '../shared/compiler-settings';
import { submitAndReport, type JudgeDeps } from './judge-run';
import { problemItemId } from './testing';
import type { ProblemNode } from './tree';
import type { SubmissionVerdict } from '../../core/problems';
import { showVerdictNotice } from './verdict-notice';
import { showInputBox, showQuickPick } from '../../ui/prompts';
import { pickProblem as pickSharedProblem } from '../shared/pick-problem';

export interface SubmitOptions {
  /** The solution file (URI, URI string or absolute path); default: the active or last source file, else asked. */
  file?: vscode.Uri | string;
  problemId?: number;
  compilerId?: number;
  tests?: number[];
  /** Ask which test cases to run. */
  pickTests?: boolean;
  /** Ask for the compiler even when one is remembered (after "compiler unavailable"). */
  pickCompiler?: boolean;
  /** Ask for the problem even when one is remembered (after "problem not found"). */
  pickProblem?: boolean;
  request?: vscode.TestRunRequest;
  token?: vscode.CancellationToken;
}

export interface LastError {
  message: string;
  status?: number;
  errorCode?: number;
  action?: string;
}

export interface SubmitState {
  lastError?: LastError;
}

/** Turns whatever VS Code passed (URI, tree node, options) into options. */
export function submitOptionsFrom(arg: unknown, extra?: Partial<SubmitOptions>): SubmitOptions {
  if (arg instanceof vscode.Uri) return { file: arg, ...extra };
  if (arg && typeof arg === 'object') {
    const node = arg as Partial<ProblemNode> & { problem?: { id: number } };
    if (node.kind === 'problem' && node.problem) return { problemId: node.problem.id, ...extra };
    return { ...(arg as SubmitOptions), ...extra };
  }
  return { ...extra };
}

function toUri(file: vscode.Uri | string): vscode.Uri {
  if (file instanceof vscode.Uri) return file;
  return /^[a-z][a-z0-9+.-]*:/i.test(file) && !/^[a-z]:[\\/]/i.test(file) ? vscode.Uri.parse(file) : vscode.Uri.file(file);
}

export async function submitSolution(deps: JudgeDeps, state: SubmitState, options: SubmitOptions): Promise<SubmissionVerdict | undefined> {
  // From a problem's row its page is often in front (a webview): the solution is in another tab.
  const file = options.file ? toUri(options.file) : await deps.services.sourceFile.choose(vscode.l10n.t('Submit Solution: which file?'));
  if (!file) return undefined;
  state.lastError = undefined;
  try {
    const client = await deps.services.connection.problems();
    const remembered = options.pickProblem ? undefined : deps.memory.forFile(file);
    const problemId = options.problemId ?? remembered?.problemId ?? (await pickProblem(client));
    if (problemId === undefined) return undefined;
    const sameProblem = remembered?.problemId === problemId;
    const compilerId =
      options.compilerId ?? (!options.pickCompiler && sameProblem ? remembered?.compilerId : undefined) ?? (await chooseCompiler(client, file, options.pickCompiler));
    if (compilerId === undefined) return undefined;
    const tests = options.tests ?? (options.pickTests ? await pickTests(client, problemId) : undefined);
    if (options.pickTests && tests === undefined) return undefined;
    const verdict = await submitAndReport(deps, { problemId, file, compilerId, tests, request: options.request, token: options.token });
    // A run from the Testing view shows its results there already.
    if (verdict && !options.request) showVerdictNotice(verdict, deps.testing.controller.items.get(problemItemId(problemId)));
    return verdict;
  } catch (err) {
    state.lastError = describe(err);
    void showError(deps.services.log, err, { context: 'Could not submit the solution', handlers: handlersFor(deps, state, err, file, options) });
    return undefined;
  }
}

function describe(err: unknown): LastError {
  if (err instanceof SphereApiError) return { message: err.explanation, status: err.status, errorCode: err.errorCode, action: err.action };
  return { message: err instanceof Error ? err.message : String(err) };
}

/** "Fix Input" does the fixing: choose another problem, compiler or set of tests, and submit again. */
function handlersFor(deps: JudgeDeps, state: SubmitState, err: unknown, file: vscode.Uri, options: SubmitOptions): ActionHandlers {
  if (!(err instanceof SphereApiError)) return {};
  const again = async (extra: Partial<SubmitOptions>, forget?: 'problem' | 'compiler') => {
    if (forget) await deps.memory.forget(file, forget);
    return submitSolution(deps, state, { file, problemId: options.problemId, compilerId: options.compilerId, tests: options.tests, ...extra });
  };
  switch (err.errorCode) {
    case 200201:
    case 200202:
    case 200204:
      return { fixInput: () => again({ problemId: undefined, pickProblem: true }, 'problem') };
    case 201101:
    case 201201:
    case 201104:
    case 201108:
      return { fixInput: () => again({ compilerId: undefined, pickCompiler: true }, 'compiler') };
    case 205205:
    case 205206:
    case 205209:
      return { fixInput: () => again({ tests: undefined, pickTests: true }) };
    default:
      return {};
  }
}

async function pickProblem(client: ProblemsClient): Promise<number | undefined> {
  return (await pickSharedProblem(client, vscode.l10n.t('Submit Solution: which problem?')))?.id;
}

async function chooseCompiler(client: ProblemsClient, file: vscode.Uri, forceAsk = false): Promise<number | undefined> {
  let available: Compiler[] | undefined;
  try {
    available = (await client.listCompilers()).items;
  } catch {
    available = undefined; // The service will say if the table's default is not offered.
  }
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === file.toString());
  const suggestion = suggestCompiler(file.path, document?.languageId, available, readOverrides());
  if (suggestion !== undefined && !forceAsk) return suggestion;
  if (!available || available.length === 0) return suggestion;
  const picked = await showQuickPick(
    orderCompilers(available, suggestion).map((c) => ({ id: c.id, label: c.name, description: c.versions?.[0]?.name, detail: `compiler ${c.id}` })),
    { title: vscode.l10n.t('Submit Solution: which compiler for {0}?', vscode.workspace.asRelativePath(file)), matchOnDescription: true },
  );
  return picked?.id;
}

async function pickTests(client: ProblemsClient, problemId: number): Promise<number[] | undefined> {
  const testCases = (await client.listTestCases(problemId)).items;
  if (testCases.length === 0) {
    const typed = await showInputBox({
      title: vscode.l10n.t('Test case numbers'),
      prompt: vscode.l10n.t('Comma-separated, e.g. 0,2'),
      validateInput: (v) => (parseTestList(v) ? undefined : 'Use numbers such as 0,2 or 0-3'),
    });
    return typed === undefined ? undefined : parseTestList(typed);
  }
  const picked = await showQuickPick(
    testCases.map((t) => ({
      number: t.number,
      label: `Test ${t.number}`,
      description: `${t.timeLimit ?? '?'} s${t.active === false ? ' · inactive' : ''}`,
      picked: t.active !== false,
    })),
    { title: vscode.l10n.t('Submit Solution: which test cases?'), canPickMany: true },
  );
  if (!picked || picked.length === 0) return undefined;
  return picked.map((p) => p.number);
}
