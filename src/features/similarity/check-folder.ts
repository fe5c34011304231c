// "Check Similarity in Folder…": reads the class folder with the judge's discovery rule, leaves
// out the base code chosen for it, compares every pair on this machine (nothing is sent) and
// opens the report. A failing base code is reported and forgotten, never a reason to stop.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SimilarityReport } from '../../core/similarity';
import type { Services } from '../../services';
import { folderOf, plainArgs, reportingErrors } from '../judge-many/command-args';
import { compilerForFileName } from '../judge-many/judge-folder';
import type { BaseCodeMemory } from './base-code';
import { engine } from './engine';
import { setBestMatches } from './latest';
import type { ReportPanels } from './report-panel';

/** Arguments a caller (a test, the judge results page) may pass instead of the prompts. */
export interface CheckSimilarityArgs {
  folder?: string;
  /** A file or folder to use as base code (remembered for the folder); null forgets it. */
  base?: string | null;
}

export interface CheckDeps {
  services: Services;
  memory: BaseCodeMemory;
  panels: ReportPanels;
}

/** Resolves with the report shown, or undefined when the person cancelled. */
export function checkSimilarity(deps: CheckDeps, uriOrArgs?: unknown, extra?: unknown): Promise<SimilarityReport | undefined> {
  return reportingErrors(deps.services, vscode.l10n.t('Could not check similarity'), async () => {
    const args = plainArgs<CheckSimilarityArgs>(uriOrArgs, extra);
    const folder = await folderOf(uriOrArgs, args, vscode.l10n.t('Check Similarity in This Folder'));
    if (!folder) return undefined;
    if (args.base !== undefined) await deps.memory.set(folder, args.base ?? undefined);
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking similarity in {0}…', path.basename(folder)) },
      () => run(deps, folder),
    );
  });
}

async function run(deps: CheckDeps, folder: string): Promise<SimilarityReport> {
  const e = engine();
  const basePath = deps.memory.get(folder);
  let base: Awaited<ReturnType<typeof e.readBase>> | undefined;
  if (basePath) {
    try {
      base = await e.readBase(basePath);
    } catch (err) {
      await deps.memory.set(folder, undefined);
      void vscode.window.showWarningMessage(
        vscode.l10n.t('The base code {0} cannot be read ({1}); the check ran without it. Choose it again from the report.', basePath, (err as NodeJS.ErrnoException).code ?? String(err)),
      );
    }
  }
  // Base code kept among the solutions is not a solution.
  const exclude = new Set(base && path.dirname(base.path) === folder ? [path.basename(base.path)] : []);
  const { solutions, skipped } = await e.readClassFolder(folder, compilerForFileName, exclude);
  const analysis = new e.SimilarityAnalysis(solutions, { base, skipped, folder });
  setBestMatches(folder, e.bestMatches(analysis.report.pairs));
  deps.panels.show(folder, analysis);
  deps.services.log.info(`similarity: ${solutions.length} solutions, ${analysis.report.pairs.length} pairs sharing code, ${skipped.length} not compared in ${folder}`);
  return analysis.report;
}
