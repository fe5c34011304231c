// The similarity report of a class folder in a webview (one per folder, replaced by a new check):
// ranked pairs, clusters at the threshold, what was excluded, and the exports. A webview rather
// than a tree: a tree cannot hold a slider, a table of pairs or the side-by-side view.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { renderClusters, renderReportPage, reportSummary, toCsv, toJson, type SimilarityAnalysis, type SimilarityReport } from '../../core/similarity';
import { reportLabels } from './labels';
import type { PairPanel } from './pair-panel';
import { createPage, resourcesOf } from './webview';
import { writeExportFile } from '../shared/write-export';

export const DEFAULT_THRESHOLD = 0.5;

export interface ReportActions {
  /** Runs the check again with this base code (null: none). */
  recheck(folder: string, base: string | null): Promise<unknown>;
  chooseBase(folder: string): Promise<string | undefined>;
}

interface Shown {
  panel: vscode.WebviewPanel;
  analysis: SimilarityAnalysis;
  threshold: number;
  /** Pair rows the page reported visible at the threshold. */
  visible?: number;
}

export class ReportPanels implements vscode.Disposable {
  readonly shown = new Map<string, Shown>();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly pairs: PairPanel,
    private readonly actions: ReportActions,
  ) {}

  show(folder: string, analysis: SimilarityAnalysis): void {
    const existing = this.shown.get(folder);
    const title = vscode.l10n.t('Similarity: {0}', path.basename(folder));
    const panel = existing?.panel ?? createPage(this.context, 'sphereEngine.similarityReport', title, vscode.ViewColumn.Active);
    const entry: Shown = { panel, analysis, threshold: existing?.threshold ?? DEFAULT_THRESHOLD };
    this.shown.set(folder, entry);
    panel.webview.html = renderReportPage(title, analysis.report, entry.threshold, reportLabels(), resourcesOf(this.context, panel.webview));
    if (existing) {
      panel.reveal();
      return;
    }
    panel.webview.onDidReceiveMessage((m: { type?: string; a?: string; b?: string; value?: number; visible?: number }) => {
      const current = this.shown.get(folder);
      if (!current) return;
      switch (m.type) {
        case 'open-pair':
          if (typeof m.a === 'string' && typeof m.b === 'string') this.pairs.show(folder, current.analysis, m.a, m.b);
          break;
        case 'threshold':
          if (typeof m.value === 'number' && m.value >= 0 && m.value <= 1) {
            current.threshold = m.value;
            current.visible = m.visible;
            const labels = reportLabels();
            void panel.webview.postMessage({
              type: 'clusters',
              html: renderClusters(current.analysis.report, m.value, labels),
              summary: reportSummary(current.analysis.report, m.value, labels),
            });
          }
          break;
        case 'rendered':
          current.visible = m.visible;
          break;
        case 'export-csv':
        case 'export-json':
          void exportReport(current.analysis.report, m.type === 'export-csv' ? 'csv' : 'json');
          break;
        case 'choose-base':
          void this.actions.chooseBase(folder).then((base) => base && this.actions.recheck(folder, base));
          break;
        case 'clear-base':
          void this.actions.recheck(folder, null);
          break;
      }
    });
    panel.onDidDispose(() => this.shown.delete(folder));
  }

  dispose(): void {
    for (const { panel } of this.shown.values()) panel.dispose();
  }
}

export async function exportReport(report: SimilarityReport, format: 'csv' | 'json', target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const uri =
    target ??
    (await vscode.window.showSaveDialog({
      defaultUri: vscode.Uri.file(path.join(path.dirname(report.folder), `${path.basename(report.folder)}-similarity.${format}`)),
      filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
    }));
  if (!uri) return undefined;
  if (!(await writeExportFile(uri, Buffer.from(format === 'csv' ? toCsv(report) : toJson(report))))) return undefined;
  return uri;
}
