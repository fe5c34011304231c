// "Sphere Engine: Stress Test Against Reference…": the solution in the editor, a generator and
// a reference chosen beside it, rounds on the active profile's Compilers endpoint (free on the
// local emulator; elsewhere after a confirmation that names the cost), a cancellable progress
// notification, and the result shown as a person needs it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { compareOutputs } from '../compilers/compare';
import { chooseCompiler } from '../../core/compiler-choice';
import { readLimits, readOverrides } from '../compilers/settings';
import { runStressSession } from '../../core/stress/session';
import type { StressResult } from '../../core/stress/types';
import type { Services } from '../../services';
import { userMessage } from '../../ui/errors';
import { withProgress } from '../../ui/progress';
import { CompilersStressRunner, type StressProgramSpec } from './compilers-runner';
import { pickPrograms } from './pick-programs';
import { describeFailure, showFailure } from './present';
import { isLocalEndpoint } from '../judge-many/confirm-sending';
import { stressStatusBar } from './status-bar';

/** Arguments tests and keybindings can pass instead of answering prompts. */
export interface StressOptions {
  generator?: string;
  reference?: string;
  maxRounds?: number;
  maxSize?: number;
  timeLimit?: number;
}

/** What the run ended with, as plain data (returned, and kept for the test API). */
export interface StressReport {
  outcome: StressResult['outcome']['kind'];
  rounds: number;
  /** What the status bar item last showed while the session ran. */
  statusBar?: { text: string; tooltip: string };
  submissions: number;
  elapsedMs: number;
  seed?: number;
  size?: number;
  message?: string;
  saved?: { input: string; output: string };
}

const DEFAULT_ROUNDS = 100;
const RUN = 'Run Stress Test';

/** Loopback or the emulator the profile points at: nothing is paid for there. */
function isFreeEndpoint(services: Services): boolean {
  const endpoint = services.connection.tryEndpoint('compilers');
  if (!endpoint) return false;
  return endpoint.source === 'emulator' || isLocalEndpoint(endpoint.baseUrl);
}

async function programSpec(file: string): Promise<StressProgramSpec> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const choice = chooseCompiler({ languageId: document.languageId, fileName: file }, readOverrides());
  if (!choice) throw new Error(`No compiler is known for ${path.basename(file)}: pick one with "Sphere Engine: Select Compiler for Language…".`);
  return { source: document.getText(), compilerId: choice.compilerId, compilerVersionId: choice.versionId };
}

export async function stressTest(services: Services, target: unknown, options: StressOptions): Promise<StressReport | undefined> {
  const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
  if (!uri || uri.scheme !== 'file') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open the solution to stress test (a source file on disk).'));
    return undefined;
  }
  const solution = uri.fsPath;
  const programs = await pickPrograms(services.context.workspaceState, solution, options);
  if (!programs) return undefined;
  const maxRounds = options.maxRounds ?? DEFAULT_ROUNDS;

  if (!isFreeEndpoint(services)) {
    const where = services.connection.tryEndpoint('compilers')?.baseUrl ?? '';
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Stress test on {0}?', where),
      { modal: true, detail: vscode.l10n.t('Up to {0} rounds, 3 submissions a round (up to {1} submissions, each compiled and paid for from your submission pool). The local emulator runs them for free.', maxRounds, maxRounds * 3 + 120) },
      RUN,
    );
    if (answer !== RUN) return undefined;
  }

  let result: StressResult;
  const statusBar = stressStatusBar(path.basename(solution));
  let lastStatus: StressReport['statusBar'];
  try {
    const [solutionSpec, generator, reference] = await Promise.all([programSpec(solution), programSpec(programs.generator), programSpec(programs.reference)]);
    const client = await services.connection.compilers();
    const limits = readLimits(uri);
    const runner = new CompilersStressRunner(client, { programs: { solution: solutionSpec, generator, reference }, timeLimit: options.timeLimit ?? limits.timeLimit, memoryLimit: limits.memoryLimit });
    result = await withProgress({ title: vscode.l10n.t('Stress testing {0}', path.basename(solution)) }, (signal, report) =>
      runStressSession({
        runner,
        compare: compareOutputs,
        maxRounds,
        maxSize: options.maxSize,
        signal,
        describeError: (err) => userMessage(err),
        onProgress: (p) => {
          report(vscode.l10n.t('{0} rounds · {1}/s · size {2}{3}', p.rounds, p.roundsPerSecond.toFixed(1), p.size, p.shrinking ? vscode.l10n.t(' · shrinking') : ''));
          statusBar.show(p);
          lastStatus = statusBar.snapshot();
        },
      }),
    );
  } catch (err) {
    const message = userMessage(err);
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not stress test {0}: {1}', path.basename(solution), message));
    return remember(services, { outcome: 'error', rounds: 0, submissions: 0, elapsedMs: 0, message });
  } finally {
    statusBar.dispose();
  }
  services.log.info(`stress test of ${path.basename(solution)}: ${result.outcome.kind} after ${result.rounds} rounds, ${result.submissions} submissions, ${(result.elapsedMs / 1000).toFixed(1)} s`);
  const report: StressReport = { outcome: result.outcome.kind, rounds: result.rounds, submissions: result.submissions, elapsedMs: result.elapsedMs, statusBar: lastStatus };
  const { outcome } = result;
  if ('failure' in outcome) {
    Object.assign(report, { seed: outcome.failure.seed, size: outcome.failure.size });
    remember(services, report);
    report.saved = await showFailure(solution, outcome.failure, describeFailure(result));
  } else if ('message' in outcome) {
    Object.assign(report, { message: outcome.message, seed: outcome.seed, size: outcome.size });
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} ({1} rounds passed before.)', outcome.message, result.rounds));
  } else if (outcome.kind === 'passed') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Stress test: {0} and the reference agree on all {1} rounds (sizes up to {2}).', path.basename(solution), result.rounds, result.largestSize));
  }
  return remember(services, report);
}

function remember(services: Services, report: StressReport): StressReport {
  (services.exports.stress as { last?: StressReport } | undefined ?? {}).last = report;
  return report;
}
