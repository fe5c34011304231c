// Everything "Check Similarity in Folder…" needs once it runs, loaded on the first check only:
// esbuild.js bundles this file apart (dist/similarity.js) with the engine (src/core/similarity),
// the report and side-by-side pages and their words, so dist/extension.js holds only the
// command's shell (index.ts, check-folder.ts). Shared state stays on the extension's side and
// comes in as arguments: the base code memory, the judge page's best matches (latest.ts).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { bestMatches, readBase, readClassFolder, SimilarityAnalysis, type SimilarityReport } from '../../core/similarity';
import type { PlanOptions } from '../../core/judge-many';
import type { BaseCodeMemory } from './base-code';
import type { BestMatch } from './latest';
import { PairPanel } from './pair-panel';
import { exportReport, ReportPanels, type ReportActions } from './report-panel';

export interface SessionDeps {
  context: vscode.ExtensionContext;
  log: { info(message: string): void };
  memory: BaseCodeMemory;
  compilerFor: PlanOptions['compilerFor'];
  setBestMatches(folder: string, best: ReadonlyMap<string, BestMatch>): void;
  actions: ReportActions;
}

export class SimilaritySession implements vscode.Disposable {
  readonly pairs: PairPanel;
  readonly panels: ReportPanels;

  constructor(private readonly deps: SessionDeps) {
    this.pairs = new PairPanel(deps.context);
    this.panels = new ReportPanels(deps.context, this.pairs, deps.actions);
  }

  /** Reads the folder, compares every pair, shows the report. */
  async run(folder: string): Promise<SimilarityReport> {
    const { memory } = this.deps;
    const basePath = memory.get(folder);
    let base: Awaited<ReturnType<typeof readBase>> | undefined;
    if (basePath) {
      try {
        base = await readBase(basePath);
      } catch (err) {
        await memory.set(folder, undefined);
        void vscode.window.showWarningMessage(
          vscode.l10n.t(
            'The base code {0} cannot be read ({1}); the check ran without it. Choose it again from the report.',
            basePath,
            (err as NodeJS.ErrnoException).code ?? String(err),
          ),
        );
      }
    }
    // Base code kept among the solutions is not a solution.
    const exclude = new Set(base && path.dirname(base.path) === folder ? [path.basename(base.path)] : []);
    const { solutions, skipped } = await readClassFolder(folder, this.deps.compilerFor, exclude);
    const analysis = new SimilarityAnalysis(solutions, { base, skipped, folder });
    this.deps.setBestMatches(folder, bestMatches(analysis.report.pairs));
    this.panels.show(folder, analysis);
    this.deps.log.info(`similarity: ${solutions.length} solutions, ${analysis.report.pairs.length} pairs sharing code, ${skipped.length} not compared in ${folder}`);
    return analysis.report;
  }

  exportReport(folder: string, format: 'csv' | 'json', file: string): Promise<vscode.Uri | undefined> | undefined {
    const shown = this.panels.shown.get(folder);
    return shown && exportReport(shown.analysis.report, format, vscode.Uri.file(file));
  }

  dispose(): void {
    this.panels.dispose();
    this.pairs.dispose();
  }
}

export function createSession(deps: SessionDeps): SimilaritySession {
  return new SimilaritySession(deps);
}
