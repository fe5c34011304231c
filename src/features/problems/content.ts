// Commands for content managers: create a problem, add a test case from two files, list judges,
// read a judge's source, re-judge a submission. Each accepts its answers as arguments (tests,
// scripts) and asks for whatever is missing.
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import { abortableSleep, JUDGE_TYPE_IDS, MAX_TRANSFER_BYTES, PROBLEM_TYPE_IDS, type Judge, type ProblemsClient } from '../../api';
import { languageForCompiler } from '../../core/languages';
import { PROBLEMS_POLL_MS } from '../../core/poller';
import { withProgress } from '../../ui/progress';
import { waitAndReport, type JudgeDeps } from './judge-run';
import { isScored, type SubmissionVerdict } from '../../core/problems';
import { showInputBox, showQuickPick } from '../../ui/prompts';

export interface CreateProblemArgs {
  name?: string;
  /** 0 binary, 1 minimize, 2 maximize. */
  typeId?: number;
  masterjudgeId?: number;
  code?: string;
  body?: string;
}

export interface AddTestCaseArgs {
  problemId?: number;
  input?: vscode.Uri | string;
  output?: vscode.Uri | string;
  /** Seconds. */
  timeLimit?: number;
  judgeId?: number;
  active?: boolean;
}

const TYPES = [
  { typeId: PROBLEM_TYPE_IDS.binary, label: 'Binary', detail: 'accepted or not' },
  { typeId: PROBLEM_TYPE_IDS.minimize, label: 'Minimize', detail: 'lower score is better' },
  { typeId: PROBLEM_TYPE_IDS.maximize, label: 'Maximize', detail: 'higher score is better' },
];

function toUri(file: vscode.Uri | string): vscode.Uri {
  return file instanceof vscode.Uri ? file : vscode.Uri.file(file);
}

async function allJudges(client: ProblemsClient, typeId?: number): Promise<Judge[]> {
  const judges: Judge[] = [];
  for await (const j of client.iterateJudges({ limit: 50, typeId })) {
    judges.push(j);
    if (judges.length >= 500) break;
  }
  return judges;
}

export async function pickJudge(client: ProblemsClient, typeId: number | undefined, title: string): Promise<number | undefined> {
  const judges = await allJudges(client, typeId);
  const picked = await showQuickPick(
    judges.map((j) => ({ id: j.id, label: j.name, description: `id ${j.id}` })),
    { title, matchOnDescription: true },
  );
  return picked?.id;
}

export async function createProblem(client: ProblemsClient, args: CreateProblemArgs = {}): Promise<{ id: number; code?: string } | undefined> {
  const name =
    args.name ??
    (await showInputBox({
      title: vscode.l10n.t('Create Problem (1/3): name'),
      prompt: vscode.l10n.t("The problem's name as solvers see it"),
      validateInput: (v) => (v.trim() ? undefined : 'Enter a name'),
    }));
  if (!name) return undefined;
  const typeId = args.typeId ?? (await showQuickPick(TYPES, { title: vscode.l10n.t('Create Problem (2/3): type') }))?.typeId;
  if (typeId === undefined) return undefined;
  const masterjudgeId = args.masterjudgeId ?? (await pickJudge(client, JUDGE_TYPE_IDS.master, 'Create Problem (3/3): master judge'));
  if (masterjudgeId === undefined) return undefined;
  const created = await withProgress({ title: vscode.l10n.t('Creating problem “{0}”', name), cancellable: false }, (signal) =>
    client.createProblem({ name: name.trim(), typeId, masterjudgeId, code: args.code, body: args.body }, signal),
  );
  void vscode.window.showInformationMessage(
    created.code
      ? vscode.l10n.t('Problem “{0}” created (id {1}, code {2}). Add test cases with “Add Test Case”.', name, created.id, created.code)
      : vscode.l10n.t('Problem “{0}” created (id {1}). Add test cases with “Add Test Case”.', name, created.id),
  );
  return created;
}

async function pickProblemId(client: ProblemsClient, title: string): Promise<number | undefined> {
  const items: Array<vscode.QuickPickItem & { id: number }> = [];
  for await (const p of client.iterateProblems({ limit: 50 })) {
    items.push({ id: p.id, label: p.code, description: p.name });
    if (items.length >= 500) break;
  }
  return (await showQuickPick(items, { title, matchOnDescription: true }))?.id;
}

async function readLimited(uri: vscode.Uri, what: string): Promise<string> {
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.size > MAX_TRANSFER_BYTES) throw new Error(`The ${what} file is ${stat.size} bytes; a test case file can be at most 16 MiB.`);
  return uri.scheme === 'file' ? fs.readFile(uri.fsPath, 'utf8') : Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
}

async function pickFile(title: string): Promise<vscode.Uri | undefined> {
  return (await vscode.window.showOpenDialog({ title, canSelectMany: false, openLabel: vscode.l10n.t('Use This File') }))?.[0];
}

export async function addTestCase(client: ProblemsClient, args: AddTestCaseArgs = {}): Promise<{ problemId: number; number: number } | undefined> {
  const problemId = args.problemId ?? (await pickProblemId(client, 'Add Test Case: to which problem?'));
  if (problemId === undefined) return undefined;
  const input = args.input ? toUri(args.input) : await pickFile('Add Test Case: the input file');
  if (!input) return undefined;
  const output = args.output ? toUri(args.output) : await pickFile('Add Test Case: the expected output file');
  if (!output) return undefined;
  let timeLimit = args.timeLimit;
  if (timeLimit === undefined) {
    const typed = await showInputBox({
      title: vscode.l10n.t('Add Test Case: time limit in seconds'),
      value: '1',
      validateInput: (v) => (Number(v) > 0 ? undefined : vscode.l10n.t('A positive number of seconds, e.g. 1 or 0.5')),
    });
    if (typed === undefined) return undefined;
    timeLimit = Number(typed);
  }
  const judgeId = args.judgeId ?? (await pickJudge(client, JUDGE_TYPE_IDS.testcase, 'Add Test Case: which judge compares the output?'));
  if (judgeId === undefined) return undefined;
  const [inputText, outputText] = await Promise.all([readLimited(input, 'input'), readLimited(output, 'output')]);
  const created = await withProgress({ title: vscode.l10n.t('Adding a test case to problem {0}', problemId), cancellable: false }, (signal) =>
    client.createTestCase(problemId, { input: inputText, output: outputText, timeLimit, judgeId, active: args.active }, signal),
  );
  void vscode.window.showInformationMessage(vscode.l10n.t('Test case {0} added to problem {1}.', created.number, problemId));
  return { problemId, number: created.number };
}

/** Lists judges in a quick pick; picking one shows its source. Returns the list (for tests). */
export async function listJudges(client: ProblemsClient, args: { typeId?: number; pick?: boolean } = {}): Promise<Judge[]> {
  const judges = await allJudges(client, args.typeId);
  if (args.pick === false) return judges;
  const picked = await showQuickPick(
    judges.map((j) => ({
      id: j.id,
      label: j.name,
      description: `${j.type?.name ?? ''} · id ${j.id}`,
      detail: j.compiler ? `${j.compiler.name} ${j.compiler.version?.name ?? ''}` : undefined,
    })),
    { title: vscode.l10n.t('Sphere Engine judges'), placeHolder: vscode.l10n.t('Pick a judge to read its source'), matchOnDescription: true },
  );
  if (picked) await showJudgeSource(client, picked.id);
  return judges;
}

/** Opens the judge's source in an untitled editor, in the judge's language. */
export async function showJudgeSource(client: ProblemsClient, judgeId?: number): Promise<{ judgeId: number; text: string } | undefined> {
  let id = judgeId;
  if (id === undefined) {
    const typed = await showInputBox({ title: vscode.l10n.t('Show Judge Source: judge id'), validateInput: (v) => (/^\d+$/.test(v.trim()) ? undefined : 'A judge id, e.g. 1') });
    if (!typed) return undefined;
    id = Number(typed.trim());
  }
  const [judge, source] = await Promise.all([client.getJudge(id).catch(() => undefined), client.getJudgeFile(id, 'source')]);
  const language = judge?.compiler ? languageForCompiler(judge.compiler.id)?.languageIds[0] : undefined;
  const text = source.toString('utf8');
  const document = await vscode.workspace.openTextDocument({ content: text, language: language ?? 'plaintext' });
  await vscode.window.showTextDocument(document, { preview: true });
  return { judgeId: id, text };
}

/** PUT /submissions/{id}, then the new verdict in the Testing view like a fresh submission. */
export async function rejudge(deps: JudgeDeps, client: ProblemsClient, submissionId?: number): Promise<SubmissionVerdict | undefined> {
  let id = submissionId;
  if (id === undefined) {
    const typed = await showInputBox({
      title: vscode.l10n.t('Re-judge Submission: submission id'),
      validateInput: (v) => (/^\d+$/.test(v.trim()) ? undefined : 'A submission id, e.g. 42'),
    });
    if (!typed) return undefined;
    id = Number(typed.trim());
  }
  const submissionIdFinal = id;
  return withProgress({ title: vscode.l10n.t('Sphere Engine: re-judging submission {0}', id) }, async (signal, report) => {
    await client.rejudge(submissionIdFinal, signal);
    // The spec's rhythm holds for this first read too: the submission may have just been polled.
    report('waiting for the judges');
    await abortableSleep(PROBLEMS_POLL_MS, signal);
    const before = await client.getSubmission(submissionIdFinal, signal);
    const problemId = before.problem.id;
    const [problem, testCases] = await Promise.all([
      client.getProblem(problemId, {}, signal).catch(() => undefined),
      client
        .listTestCases(problemId, signal)
        .then((r) => r.items)
        .catch(() => undefined),
    ]);
    const item = deps.testing.problemItem({ id: problemId, code: problem?.code ?? before.problem.code, name: problem?.name ?? before.problem.name }, testCases);
    const run = deps.testing.createRun(new vscode.TestRunRequest([item]), `Re-judge of submission ${submissionIdFinal}`);
    run.started(item);
    run.appendOutput(`Submission ${submissionIdFinal} sent for judging again; waiting (every 2 s).\n`);
    const fileUri = deps.memory.fileOfProblem(problemId);
    const document = fileUri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === fileUri) : undefined;
    const asked = before.result.testCases.map((t) => t.number);
    return waitAndReport(deps, {
      client,
      run,
      submissionId: submissionIdFinal,
      problemId,
      asked,
      document,
      compilerId: before.compiler?.id,
      testCases,
      scored: problem && isScored(problem),
      signal,
      report,
      initial: before,
    });
  });
}
