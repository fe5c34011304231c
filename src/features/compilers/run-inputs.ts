// "Run With All Inputs": one submission per `*.in` beside the source, one shared wait through
// GET /submissions?ids=, each result printed beside its input and compared with `<name>.out`;
// the first wrong answer opens as a diff.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isAbortError, SUBMISSION_STATUS } from '../../api';
import { checkChoice, describeChoice, languageForCompiler } from '../../core/languages';
import { showError, userMessage } from '../../ui/errors';
import { withProgress } from '../../ui/progress';
import {
  type BatchResult,
  checkPayloadSizes,
  compareOutputs,
  describeDifference,
  describeSignal,
  expectedOutputFile,
  formatRunning,
  formatUsage,
  inputFilesIn,
  runBatch,
  statusLabel,
} from '../../core/compilers';
import type { BatchItemReport, BatchReport, CompilersContext } from './context';
import { effectiveLimits, type RunOptions } from './run-file';
import { describeError, RefusedLocally } from './run-presenter';
import { resolveCompiler } from './select-compiler';

export async function runWithAllInputs(ctx: CompilersContext, target?: unknown, options: RunOptions = {}): Promise<BatchReport | undefined> {
  const uri = target instanceof vscode.Uri ? target : typeof target === 'string' && target ? vscode.Uri.file(target) : vscode.window.activeTextEditor?.document.uri;
  if (!uri) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a source file to run it with its inputs.'));
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const fileName = path.basename(uri.fsPath);
  const dir = path.dirname(uri.fsPath);
  const { output, services } = ctx;
  try {
    const inputs = await inputFilesIn(dir);
    if (inputs.length === 0) throw new RefusedLocally(`There is no *.in file beside ${fileName}. Add inputs such as 1.in (and expected outputs 1.out) to ${dir}.`);
    const catalog = ctx.catalog.cached(ctx.services.connection.tryEndpoint('compilers')?.baseUrl ?? '');
    const choice =
      options.compilerId !== undefined ? describeChoice(options.compilerId, options.versionId, 'argument', catalog) : await resolveCompiler(ctx, document.languageId, fileName);
    if (!choice) return undefined;
    const choiceProblem = choice.source === 'argument' ? undefined : checkChoice(choice, catalog);
    if (choiceProblem) throw new RefusedLocally(choiceProblem);
    const { limits, problems: limitProblems } = effectiveLimits(uri, options);
    const source = document.getText();
    const texts = await Promise.all(inputs.map((f) => fsp.readFile(f, 'utf8')));
    const problems = [...limitProblems, ...checkPayloadSizes({ sourceBytes: Buffer.byteLength(source), inputBytes: Math.max(...texts.map((t) => Buffer.byteLength(t))) })];
    if (problems.length) throw new RefusedLocally(problems.join(' '));

    output.show();
    output.appendLine(
      formatRunning({
        what: `${fileName} on ${inputs.length} inputs`,
        compiler: choice.label,
        inputLabel: inputs.map((f) => path.basename(f)).join(', '),
        ...limits,
        profile: ctx.services.connection.profileName(),
      }),
    );
    const client = await services.connection.compilers();
    const results = await withProgress({ title: vscode.l10n.t('Running {0} with {1} inputs on Sphere Engine', fileName, inputs.length) }, (signal, report) =>
      runBatch(
        client,
        { source, compilerId: choice.compilerId, compilerVersionId: choice.versionId, ...limits },
        inputs.map((f, i) => ({ label: path.basename(f), input: texts[i] })),
        { signal, onProgress: (done, total) => report(`${done} of ${total} finished`) },
      ),
    );
    const items = await Promise.all(results.map((r, i) => itemReport(r, inputs[i])));
    printResults(ctx, items, results);
    await publishCompileErrors(ctx, results, uri, choice.compilerId);
    const report: BatchReport = { ok: items.every((i) => !i.error), what: fileName, items };
    ctx.lastBatch = report;
    void offerDiff(ctx, items);
    return report;
  } catch (err) {
    const report: BatchReport = { ok: false, what: fileName, items: [], error: describeError(err), cancelled: isAbortError(err) || undefined };
    if (isAbortError(err)) output.appendLine('[Cancelled] stopped waiting; the submissions still finish on the service');
    else if (err instanceof RefusedLocally) {
      output.appendLine(`[Not sent] ${fileName}: ${err.message}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not run {0} with its inputs: {1}', fileName, err.message));
    } else {
      output.appendLine(`[Error] ${userMessage(err)}`);
      void showError(services.log, err, { context: `Could not run ${fileName} with its inputs`, handlers: { checkHistoryBeforeResubmit: () => output.show() } });
    }
    ctx.lastBatch = report;
    return report;
  }
}

async function itemReport(r: BatchResult, inputPath: string): Promise<BatchItemReport> {
  const item: BatchItemReport = { input: path.basename(inputPath), id: r.id };
  if (r.error !== undefined) return { ...item, error: userMessage(r.error) };
  if (!r.submission) return item;
  const stdout = r.streams?.output?.toString('utf8') ?? '';
  Object.assign(item, { status: r.submission.result.status, time: r.submission.result.time, memory: r.submission.result.memory, stdout, stderr: r.streams?.error });
  const expectedFile = await expectedOutputFile(inputPath);
  if (expectedFile && r.submission.result.status.code !== SUBMISSION_STATUS.compilationError) {
    const comparison = compareOutputs(await fsp.readFile(expectedFile, 'utf8'), stdout);
    Object.assign(item, { expectedFile, matches: comparison.same, difference: comparison.same ? undefined : describeDifference(comparison) });
  }
  return item;
}

function printResults(ctx: CompilersContext, items: BatchItemReport[], results: BatchResult[]): void {
  const { output } = ctx;
  let cmpinfoShown = false;
  items.forEach((item, i) => {
    const r = results[i];
    if (item.error) {
      output.appendLine(`[${item.input}] not run: ${item.error}`);
      return;
    }
    if (!r.submission) return;
    const signal = describeSignal(r.submission.result.signal, r.submission.result.signal_desc);
    const verdict =
      item.matches === undefined
        ? ''
        : item.matches
          ? ` — matches ${path.basename(item.expectedFile!)}`
          : ` — WRONG ANSWER: ${item.difference} (${path.basename(item.expectedFile!)})`;
    const parts = [`[${item.input}] ${statusLabel(r.submission)}`, ...formatUsage(r.submission), ...(signal ? [`signal ${signal}`] : [])];
    output.appendLine(`${parts.join(', ')}${verdict}`);
    if (item.stdout) output.appendLine(indent(item.stdout));
    if (item.stderr) output.lines(['  [stderr]', indent(item.stderr)]);
    if (r.streams?.cmpinfo && !cmpinfoShown) {
      cmpinfoShown = true;
      output.lines(['  [Compiler messages]', indent(r.streams.cmpinfo)]);
    }
  });
  const compared = items.filter((i) => i.matches !== undefined);
  const wrong = compared.filter((i) => !i.matches);
  output.appendLine(
    `[Done] ${items.length} inputs: ${compared.length - wrong.length} match, ${wrong.length} differ${wrong.length ? ` (${wrong.map((i) => i.input).join(', ')})` : ''}, ${items.length - compared.length} without expected output`,
  );
  output.appendLine('');
}

function indent(text: string): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

async function publishCompileErrors(ctx: CompilersContext, results: BatchResult[], uri: vscode.Uri, compilerId: number): Promise<void> {
  ctx.problems.clear();
  const failed = results.find((r) => r.submission?.result.status.code === SUBMISSION_STATUS.compilationError && r.streams?.cmpinfo);
  if (!failed) return;
  const language = languageForCompiler(compilerId);
  const fileName = path.basename(uri.fsPath);
  const remote = language?.defaultFileName;
  await ctx.problems.publish(failed.streams!.cmpinfo!, language?.diagnostics, {
    localRoot: path.dirname(uri.fsPath),
    localFiles: [fileName],
    aliases: remote && remote !== fileName ? { [remote]: fileName } : undefined,
  });
}

/** Summary notification; "Show Diff" opens expected vs actual of the first wrong answer. */
async function offerDiff(ctx: CompilersContext, items: BatchItemReport[]): Promise<void> {
  const wrong = items.filter((i) => i.matches === false);
  const compared = items.filter((i) => i.matches !== undefined).length;
  if (wrong.length === 0) {
    if (compared > 0) void vscode.window.showInformationMessage(vscode.l10n.t('All {0} compared outputs match their .out files.', compared));
    return;
  }
  const first = wrong[0];
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} of {1} outputs differ from their .out files ({2}).', wrong.length, compared, wrong.map((i) => i.input).join(', ')),
    'Show Diff',
  );
  if (choice !== 'Show Diff') return;
  await showDiff(ctx, first);
}

export async function showDiff(ctx: CompilersContext, item: BatchItemReport): Promise<void> {
  if (!item.expectedFile) return;
  const actual = ctx.results.put(item.id ?? 'run', `${item.input.replace(/\.in$/, '')}.actual.out`, item.stdout ?? '');
  await vscode.commands.executeCommand('vscode.diff', vscode.Uri.file(item.expectedFile), actual, `${path.basename(item.expectedFile)} (expected) ↔ output of ${item.input}`);
}
