// Similarity of a class's solutions: "Check Similarity in Folder…" (Explorer folder menu,
// palette, and the judge results page's button) compares every pair offline and shows a report
// with ranked pairs, clusters and a side-by-side view (src/core/similarity does the comparing).
import * as vscode from 'vscode';
import type { SimilarityReport } from '../../core/similarity';
import type { Services } from '../../services';
import { Commands, registerCommand } from '../../ui/commands';
import { BaseCodeMemory } from './base-code';
import { checkSimilarity } from './check-folder';
import { PairPanel, type PairState } from './pair-panel';
import { exportReport, ReportPanels } from './report-panel';

/** Test hooks: plain data and functions only. */
export interface SimilarityTestApi {
  /** The report shown for the folder (a copy), or undefined. */
  report(folder: string): SimilarityReport | undefined;
  /** The report page's HTML as the webview got it. */
  reportHtml(folder: string): string | undefined;
  /** Pair rows the report page says are visible at its threshold. */
  visiblePairs(folder: string): number | undefined;
  /** What a click on a pair row does; resolves with the side-by-side view's state. */
  openPair(folder: string, a: string, b: string): PairState | undefined;
  /** The side-by-side view now (marks it drew, the region last revealed). */
  pairState(): PairState | undefined;
  pairHtml(): string | undefined;
  exportTo(folder: string, format: 'csv' | 'json', file: string): Promise<void>;
  baseCode(folder: string): string | undefined;
}

export function registerSimilarityFeature(services: Services): void {
  const { context } = services;
  const memory = new BaseCodeMemory(context.globalState);
  const pairs = new PairPanel(context);
  const deps = { services, memory, panels: undefined as unknown as ReportPanels };
  const panels = new ReportPanels(context, pairs, {
    recheck: (folder, base) => checkSimilarity(deps, { folder, base }),
    chooseBase: (folder) => memory.choose(folder),
  });
  deps.panels = panels;
  context.subscriptions.push(
    panels,
    pairs,
    registerCommand(Commands.similarityCheckFolder, (uriOrArgs?: unknown, extra?: unknown) => checkSimilarity(deps, uriOrArgs, extra)),
  );

  const api: SimilarityTestApi = {
    report: (folder) => {
      const shown = panels.shown.get(folder);
      return shown && (JSON.parse(JSON.stringify(shown.analysis.report)) as SimilarityReport);
    },
    reportHtml: (folder) => panels.shown.get(folder)?.panel.webview.html,
    visiblePairs: (folder) => panels.shown.get(folder)?.visible,
    openPair: (folder, a, b) => {
      const shown = panels.shown.get(folder);
      return shown && pairs.show(folder, shown.analysis, a, b);
    },
    pairState: () => pairs.state && { ...pairs.state },
    pairHtml: () => pairs.html,
    exportTo: async (folder, format, file) => {
      const shown = panels.shown.get(folder);
      if (shown) await exportReport(shown.analysis.report, format, vscode.Uri.file(file));
    },
    baseCode: (folder) => memory.get(folder),
  };
  services.exports.similarity = api;
}
