// One run as the user sees it: the [Running] line, a cancellable progress notification while the
// submission is processed, then output, errors and compiler messages in the run channel,
// diagnostics on the files, and the output-files folder revealed. Shared by file and folder runs.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isAbortError, SphereApiError, SUBMISSION_STATUS, type CreateCompilersSubmissionParams } from '../../api';
import type { DiagnosticsFamily } from '../../core/diagnostics';
import { showError, userMessage } from '../../ui/errors';
import { withProgress } from '../../ui/progress';
import type { CompilerChoice } from '../../core/languages';
import type { CompilersContext, RunReport } from './context';
import { describeSignal, formatDone, formatRunning, formatStreams, statusAdvice } from '../../core/compilers';
import { failedReadingInput, looksLikeGzip, showLocalPaths, unpackOutputArchive } from '../../core/compilers';
import { diagnosticsParsers } from '../../core/load-diagnostics';
import { Commands } from '../../ui/commands';
import type { DiagnosticsTarget } from './problems-panel';
import { type RunOutcome, runSubmission } from '../../core/compilers';

export interface RunPlan {
  /** Label in messages: `sum.py`, `folder app/ (3 files)`. */
  what: string;
  choice: CompilerChoice;
  params: CreateCompilersSubmissionParams;
  inputLabel?: string;
  /** Output files (beta): unpacked under `<outputRoot>/<outputName>-<id>/`. */
  outputRoot: string;
  outputName: string;
  diagnostics: DiagnosticsTarget;
  family?: DiagnosticsFamily;
  /** The single file run (Run Active File): what a second run with input is offered for. */
  file?: vscode.Uri;
}

/** Thrown by the commands for problems found before sending: nothing was submitted. */
export class RefusedLocally extends Error {
  constructor(
    message: string,
    readonly openSettings = false,
  ) {
    super(message);
    this.name = 'RefusedLocally';
  }
}

export async function presentRun(ctx: CompilersContext, plan: RunPlan): Promise<RunReport> {
  const { output, problems, services } = ctx;
  const outputFilenames = plan.params.outputFilenames ?? [];
  output.show();
  output.appendLine(
    formatRunning({
      what: plan.what,
      compiler: plan.choice.label,
      inputLabel: plan.inputLabel,
      timeLimit: plan.params.timeLimit,
      memoryLimit: plan.params.memoryLimit,
      outputFilenames,
      profile: services.connection.profileName(),
    }),
  );
  problems.clear();
  const started = performance.now();
  let createdId: number | undefined;
  let outcome: RunOutcome;
  try {
    const client = await services.connection.compilers();
    outcome = await withProgress({ title: vscode.l10n.t('Running {0} on Sphere Engine', plan.what) }, (signal, report) =>
      runSubmission(client, plan.params, {
        signal,
        onCreated: (id) => {
          createdId = id;
          services.log.info(`compilers: submission ${id} created for ${plan.what}`);
          report(`submission ${id}: waiting`);
        },
        onUpdate: (s) => report(`submission ${s.id}: ${s.result.status.name}`),
      }),
    );
  } catch (err) {
    return finish(ctx, failureReport(ctx, plan, err, createdId));
  }

  const { submission, streams } = outcome;
  const report: RunReport = {
    ok: true,
    what: plan.what,
    compilerId: plan.choice.compilerId,
    id: submission.id,
    status: submission.result.status,
    time: submission.result.time,
    memory: submission.result.memory,
    signal: submission.result.signal,
    signalDescription: describeSignal(submission.result.signal, submission.result.signal_desc),
    stderr: streams.error,
    cmpinfo: streams.cmpinfo,
  };

  let stdoutText = streams.output?.toString('utf8');
  if (outputFilenames.length > 0 && looksLikeGzip(streams.output)) {
    const dir = path.join(plan.outputRoot, `${plan.outputName}-${submission.id}`);
    try {
      await fsp.rm(dir, { recursive: true, force: true });
      const unpacked = await unpackOutputArchive(streams.output!, dir, outputFilenames);
      stdoutText = unpacked.stdout;
      Object.assign(report, { outputDir: dir, outputFiles: unpacked.files, missingOutputFiles: unpacked.missing });
    } catch (err) {
      output.appendLine(`[Output files] could not unpack the archive: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  report.stdout = stdoutText;

  const mapper = diagnosticsParsers().createPathMapper(plan.diagnostics);
  output.lines(formatStreams(streams, stdoutText, (text) => showLocalPaths(text, mapper)));
  if (report.outputDir) {
    output.appendLine(`[Output files] ${report.outputFiles!.length} file(s) in ${report.outputDir}`);
    if (report.missingOutputFiles!.length) output.appendLine(`[Output files] not written by the program: ${report.missingOutputFiles!.join(', ')}`);
  }
  output.appendLine(formatDone(submission, performance.now() - started));
  const advice = statusAdvice(submission);
  if (advice) output.appendLine(`[Hint] ${advice}`);
  const noInput = plan.params.input === undefined || plan.params.input === '';
  if (noInput && submission.result.status.code === SUBMISSION_STATUS.runtimeError && failedReadingInput(streams.error)) offerInput(ctx, plan);

  const code = submission.result.status.code;
  if (code === SUBMISSION_STATUS.compilationError && streams.cmpinfo) {
    report.diagnostics = await problems.publish(streams.cmpinfo, plan.family, plan.diagnostics);
    const n = report.diagnostics;
    const more = n === 1 ? '1 problem is shown in the Problems panel.' : n > 1 ? `${n} problems are shown in the Problems panel.` : 'See the compiler messages in the output.';
    void vscode.window.showWarningMessage(vscode.l10n.t('{0} did not compile. {1}', plan.what, more), 'Show Problems').then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.actions.view.problems');
    });
  } else if (code === SUBMISSION_STATUS.runtimeError && streams.error) {
    report.diagnostics = await problems.publish(streams.error, plan.family, plan.diagnostics);
  }
  if (report.outputDir) void revealFolder(report.outputDir);
  output.appendLine('');
  return finish(ctx, report);
}

/** It read input, but ran with none: say so, and offer the command that asks for input (issue 40 item 7). */
function offerInput(ctx: CompilersContext, plan: RunPlan): void {
  ctx.output.appendLine(
    `[Hint] ${plan.what} stopped reading standard input: it ran with no input. Run it with "Run Active File With Input…", or put the input in a .in file beside it.`,
  );
  if (!plan.file) return;
  const file = plan.file;
  const withInput = vscode.l10n.t('Run Active File With Input…');
  void vscode.window.showWarningMessage(vscode.l10n.t('{0} failed reading its input: it ran with no input. Run it again with input?', plan.what), withInput).then((choice) => {
    if (choice === withInput) void vscode.commands.executeCommand(Commands.compilersRunActiveFileWithInput, file);
  });
}

function finish(ctx: CompilersContext, report: RunReport): RunReport {
  ctx.lastReport = report;
  ctx.services.events.reachMilestone('fileRun');
  return report;
}

function failureReport(ctx: CompilersContext, plan: RunPlan, err: unknown, createdId: number | undefined): RunReport {
  const { output, services } = ctx;
  if (isAbortError(err)) {
    output.appendLine(createdId !== undefined ? `[Cancelled] stopped waiting; submission ${createdId} still finishes on the service` : '[Cancelled] nothing was submitted');
    output.appendLine('');
    return { ok: false, what: plan.what, id: createdId, cancelled: true };
  }
  output.appendLine(`[Error] ${userMessage(err)}`);
  output.appendLine('');
  // "Check Submission History" opens this output: it lists every run sent.
  void showError(services.log, err, { context: `Could not run ${plan.what}`, handlers: { checkHistoryBeforeResubmit: () => output.show() } });
  return { ok: false, what: plan.what, id: createdId, compilerId: plan.choice.compilerId, error: describeError(err) };
}

export function describeError(err: unknown): NonNullable<RunReport['error']> {
  if (err instanceof SphereApiError) return { message: userMessage(err), status: err.status, errorCode: err.errorCode, action: err.action };
  return { message: err instanceof Error ? err.message : String(err) };
}

/** A problem found before sending: shown with a Settings button when a setting is the cause. */
export function refusedReport(ctx: CompilersContext, what: string, err: unknown): RunReport {
  const message = err instanceof Error ? err.message : String(err);
  ctx.output.appendLine(`[Not sent] ${what}: ${message}`);
  ctx.services.log.warn(`compilers: ${what} not sent: ${message}`);
  const settings = err instanceof RefusedLocally && err.openSettings ? ['Open Settings'] : [];
  void vscode.window.showErrorMessage(vscode.l10n.t('Could not run {0}: {1}', what, message), ...settings).then((choice) => {
    if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'sphereEngine.compilers');
  });
  const report: RunReport = { ok: false, what, error: { message } };
  ctx.lastReport = report;
  return report;
}

async function revealFolder(dir: string): Promise<void> {
  const uri = vscode.Uri.file(dir);
  if (vscode.workspace.getWorkspaceFolder(uri)) {
    await vscode.commands.executeCommand('revealInExplorer', uri).then(undefined, () => undefined);
    return;
  }
  const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Output files saved in {0}', dir), 'Open Folder in New Window');
  if (choice) await vscode.commands.executeCommand('vscode.openFolder', uri, { forceNewWindow: true });
}
