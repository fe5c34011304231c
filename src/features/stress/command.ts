// "Sphere Engine: Stress Test Against Reference…": the solution in the editor, a generator and
// a reference chosen beside it, rounds on the active profile's Compilers endpoint (free on the
// local emulator; elsewhere after a confirmation that names the cost), a cancellable progress
// notification, and the result shown as a person needs it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { chooseCompiler } from '../../core/languages';
import { readOverrides, readRunLimits } from '../shared/compiler-settings';
import type { StressFile, StressJudge, StressResult } from '../../core/stress';
import type { Services } from '../../services';
import { COMPILERS_POLL_MS, OWN_EMULATOR_POLL_MS, PROBLEMS_POLL_MS } from '../../core/poller';
import { userMessage } from '../../ui/errors';
import { Commands, executeCommand } from '../../ui/commands';
import { withProgress } from '../../ui/progress';
import type { StressProgramSpec } from '../../core/stress';
import { stressCore } from './core';
import { pickPrograms } from './pick-programs';
import { describeFailure, showFailure } from './present';
import type { ShownFailures } from './shown-failures';
import { isLocalEndpoint } from '../shared/confirm-sending';
import { stressStatusBar } from './status-bar';
import type { ExtraAction } from './present';

/** Arguments tests and keybindings can pass instead of answering prompts. */
export interface StressOptions {
  generator?: string;
  reference?: string;
  maxRounds?: number;
  maxSize?: number;
  timeLimit?: number;
  /** How outputs are compared (core/stress/judges.ts); default line by line. */
  judge?: StressJudge;
  /** A checker program (a custom test case judge) instead of `judge`, run on the Problems API. */
  checker?: string;
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
  /** Where the programs came from: the folder's stress.json, or the person's choice. */
  programsFrom?: 'stress.json' | 'asked';
  /** The stress.json written when the person pressed "Keep Choices in stress.json". */
  keptIn?: string;
  /** How the outputs were compared (when rounds ran without a checker). */
  judge?: StressJudge;
  /** The checker's file name, when one judged the rounds. */
  checker?: string;
}

const DEFAULT_ROUNDS = 100;
/** A test case's time limit when neither the command nor the settings give one (the spec's advice). */
const DEFAULT_CHECKED_TIME_LIMIT = 1;
const RUN = 'Run Stress Test';

/** The emulator this window started has no polling protection: polled faster, a batch is seen done sooner. */
export function stressPollMs(services: Services, module: 'compilers' | 'problems' = 'compilers'): number {
  return services.connection.usesOwnEmulator(module) ? OWN_EMULATOR_POLL_MS : module === 'compilers' ? COMPILERS_POLL_MS : PROBLEMS_POLL_MS;
}

/** Loopback or the emulator the profile points at: nothing is paid for there (Problems too, with a checker). */
function isFreeEndpoint(services: Services, withChecker = false): boolean {
  const free = (module: 'compilers' | 'problems') => {
    const endpoint = services.connection.tryEndpoint(module);
    return !!endpoint && (endpoint.source === 'emulator' || isLocalEndpoint(endpoint.baseUrl));
  };
  return free('compilers') && (!withChecker || free('problems'));
}

/** The endpoint the cost question names: Compilers, or Problems when only the checker's side is paid for. */
function paidEndpoint(services: Services, withChecker: boolean): string {
  const compilers = services.connection.tryEndpoint('compilers')?.baseUrl ?? '';
  const problems = services.connection.tryEndpoint('problems')?.baseUrl;
  return withChecker && problems && isFreeEndpoint(services) ? problems : compilers;
}

/**
 * True when the rounds may go: the endpoint is free (the local emulator, loopback), or the person
 * confirmed the cost, or chose to start the local emulator and it now answers. The emulator is
 * offered in both questions: free, and where stress testing is fast.
 */
async function freeOrConfirmed(services: Services, maxRounds: number, withChecker: boolean): Promise<boolean> {
  if (isFreeEndpoint(services, withChecker)) return true;
  // No Compilers endpoint at all: nothing can be paid for; the run says what to configure.
  if (!services.connection.tryEndpoint('compilers') && !services.connection.emulatorNotRunning()) return true;
  const useEmulator = vscode.l10n.t('Start Local Emulator (free)');
  const notRunning = services.connection.emulatorNotRunning();
  const answer = notRunning
    ? await vscode.window.showWarningMessage(
        vscode.l10n.t('The local emulator is not running.'),
        { modal: true, detail: vscode.l10n.t('The connection profile uses the local emulator: start it to run the stress test there, for free.') },
        useEmulator,
      )
    : await vscode.window.showWarningMessage(
        vscode.l10n.t('Stress test on {0}?', paidEndpoint(services, withChecker)),
        {
          modal: true,
          detail: withChecker
            ? vscode.l10n.t(
                'Up to {0} rounds: 2 Compilers submissions a round and one Problems submission for every 25 rounds, on a scratch problem the checker judges (each submission compiled and paid for from your submission pool). The local emulator runs them for free.',
                maxRounds,
              )
            : vscode.l10n.t(
                'Up to {0} rounds, 3 submissions a round (up to {1} submissions, each compiled and paid for from your submission pool). The local emulator runs them for free.',
                maxRounds,
                maxRounds * 3 + 120,
              ),
        },
        RUN,
        useEmulator,
      );
  if (answer === RUN) return true;
  if (answer !== useEmulator) return false;
  // Starting it signs all three modules in to it (the built-in emulator profile becomes active).
  // Undefined when it did not start: the command has said why.
  const started = await executeCommand<unknown>(Commands.startLocalEmulator);
  return started !== undefined && isFreeEndpoint(services, withChecker);
}

async function programSpec(file: string): Promise<StressProgramSpec> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const choice = chooseCompiler({ languageId: document.languageId, fileName: file }, readOverrides());
  if (!choice) throw new Error(`No compiler is known for ${path.basename(file)}: pick one with "Sphere Engine: Select Compiler for Language…".`);
  return { source: document.getText(), compilerId: choice.compilerId, compilerVersionId: choice.versionId };
}

export async function stressTest(services: Services, shown: ShownFailures, target: unknown, options: StressOptions): Promise<StressReport | undefined> {
  const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
  if (!uri || uri.scheme !== 'file') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open the solution to stress test (a source file on disk).'));
    return undefined;
  }
  const solution = uri.fsPath;
  const dir = path.dirname(solution);
  const { compareWith, FREE_BATCH_SIZE, PAID_BATCH_SIZE, readStressFile, runStressSession, STRESS_FILE, writeStressFile, CompilersStressRunner, ProblemsChecker } = stressCore();
  // The folder's stress.json answers the questions, unless the arguments name the programs.
  let kept: StressFile | undefined;
  if (!options.generator && !options.reference) {
    try {
      kept = await readStressFile(dir);
    } catch (err) {
      const message = userMessage(err);
      const open = vscode.l10n.t('Open {0}', STRESS_FILE);
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not stress test {0}: {1}', path.basename(solution), message), open).then((choice) => {
        if (choice === open) void vscode.window.showTextDocument(vscode.Uri.file(path.join(dir, STRESS_FILE)));
      });
      return remember(services, { outcome: 'error', rounds: 0, submissions: 0, elapsedMs: 0, message });
    }
  }
  options = kept ? { ...kept, ...stripUndefined(options) } : options;
  const programs = kept ? { ...kept, checker: options.checker ?? kept.checker } : await pickPrograms(services.context.workspaceState, solution, options);
  if (!programs) return undefined;
  const maxRounds = options.maxRounds ?? DEFAULT_ROUNDS;
  const judge = options.judge ?? 'lines';
  const programsFrom = kept ? 'stress.json' : 'asked';
  // Offered on the result when the person chose the programs: the next run asks nothing.
  let keptIn: string | undefined;
  const keep: ExtraAction | undefined = kept
    ? undefined
    : {
        label: vscode.l10n.t('Keep Choices in {0}', STRESS_FILE),
        run: async () => {
          try {
            keptIn = await writeStressFile(dir, {
              generator: programs.generator,
              reference: programs.reference,
              checker: programs.checker,
              maxRounds: options.maxRounds,
              maxSize: options.maxSize,
              timeLimit: options.timeLimit,
              judge: options.judge,
            });
            const checker = programs.checker ? vscode.l10n.t(', judged by {0},', path.basename(programs.checker)) : '';
            void vscode.window.showInformationMessage(
              vscode.l10n.t(
                'Saved {0}: the next stress test in this folder uses {1} and {2}{3} without asking.',
                STRESS_FILE,
                path.basename(programs.generator),
                path.basename(programs.reference),
                checker,
              ),
            );
          } catch (err) {
            void vscode.window.showErrorMessage(vscode.l10n.t('Could not write {0}: {1}', STRESS_FILE, userMessage(err)));
          }
        },
      };

  const checkerFile = programs.checker;
  if (!(await freeOrConfirmed(services, maxRounds, !!checkerFile))) return undefined;

  let result: StressResult;
  const statusBar = stressStatusBar(path.basename(solution));
  let lastStatus: StressReport['statusBar'];
  try {
    const [solutionSpec, generator, reference] = await Promise.all([programSpec(solution), programSpec(programs.generator), programSpec(programs.reference)]);
    const client = await services.connection.compilers();
    // The same limits, checked the same way, as every other Compilers run (readRunLimits).
    const { limits, problems } = readRunLimits(uri, { timeLimit: options.timeLimit }, "the stress test's timeLimit (stress.json)");
    if (problems.length) throw new Error(problems.join(' '));
    const intervalMs = stressPollMs(services);
    const timeLimit = limits.timeLimit;
    const runner = new CompilersStressRunner(client, { programs: { solution: solutionSpec, generator, reference }, ...limits, intervalMs });
    const checker = checkerFile
      ? new ProblemsChecker(await services.connection.problems(), {
          checker: { ...(await programSpec(checkerFile)), name: path.basename(checkerFile) },
          solution: solutionSpec,
          timeLimit: timeLimit ?? DEFAULT_CHECKED_TIME_LIMIT,
          intervalMs: stressPollMs(services, 'problems'),
        })
      : undefined;
    // Where nothing is paid, batches are large and the next one's inputs are made ahead.
    const free = isFreeEndpoint(services, !!checker);
    result = await withProgress({ title: vscode.l10n.t('Stress testing {0}', path.basename(solution)) }, (signal, report) =>
      runStressSession({
        runner,
        compare: compareWith(judge),
        checker,
        maxRounds,
        maxSize: options.maxSize,
        batchSize: free ? FREE_BATCH_SIZE : PAID_BATCH_SIZE,
        prefetch: free,
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
  services.log.info(
    `stress test of ${path.basename(solution)}: ${result.outcome.kind} after ${result.rounds} rounds, ${result.submissions} submissions, ${(result.elapsedMs / 1000).toFixed(1)} s`,
  );
  const report: StressReport = {
    outcome: result.outcome.kind,
    rounds: result.rounds,
    submissions: result.submissions,
    elapsedMs: result.elapsedMs,
    statusBar: lastStatus,
    programsFrom,
    ...(checkerFile ? { checker: path.basename(checkerFile) } : { judge }),
  };
  const { outcome } = result;
  if ('failure' in outcome) {
    Object.assign(report, { seed: outcome.failure.seed, size: outcome.failure.size });
    remember(services, report);
    report.saved = await showFailure(solution, outcome.failure, describeFailure(result, checkerFile ? { checker: path.basename(checkerFile) } : { judge }), shown, keep);
    report.keptIn = keptIn;
  } else if ('message' in outcome) {
    Object.assign(report, { message: outcome.message, seed: outcome.seed, size: outcome.size });
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} ({1} rounds passed before.)', outcome.message, result.rounds));
  } else if (outcome.kind === 'passed') {
    const text = checkerFile
      ? vscode.l10n.t(
          'Stress test: the checker {0} accepted {1} on all {2} rounds (sizes up to {3}).',
          path.basename(checkerFile),
          path.basename(solution),
          result.rounds,
          result.largestSize,
        )
      : vscode.l10n.t('Stress test: {0} and the reference agree on all {1} rounds (sizes up to {2}).', path.basename(solution), result.rounds, result.largestSize);
    void vscode.window.showInformationMessage(text, ...(keep ? [keep.label] : [])).then((choice) => (keep && choice === keep.label ? keep.run() : undefined));
  }
  return remember(services, report);
}

const stripUndefined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

function remember(services: Services, report: StressReport): StressReport {
  if (services.testHooks?.stress) (services.testHooks.stress as { last?: StressReport }).last = report;
  return report;
}
