// The side-by-side view of one pair: both solutions with their matched regions highlighted in
// the same colour; a region clicked on one side scrolls its partner into view (media/similarity).
// One panel, reused for each pair opened, beside the report.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { renderPairPage, type SimilarityAnalysis } from '../../core/similarity';
import { reportLabels } from './labels';
import { createPage, resourcesOf } from './webview';

export interface PairState {
  a: string;
  b: string;
  regions: number;
  /** Marks the page reported on side A once drawn. */
  renderedMarks?: number;
  /** The last region revealed by a click, and the side clicked. */
  revealed?: { region: number; from: string };
}

export class PairPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  state: PairState | undefined;

  constructor(private readonly context: vscode.ExtensionContext) {}

  show(folder: string, analysis: SimilarityAnalysis, a: string, b: string): PairState | undefined {
    const view = analysis.pairView(a, b);
    if (!view) return undefined;
    const title = vscode.l10n.t('Similarity: {0} ↔ {1}', a, b);
    if (!this.panel) {
      this.panel = createPage(this.context, 'sphereEngine.similarityPair', title, vscode.ViewColumn.Beside);
      this.panel.webview.onDidReceiveMessage((m: { type?: string; regions?: number; region?: number; from?: string }) => {
        if (!this.state) return;
        if (m.type === 'rendered' && typeof m.regions === 'number') this.state.renderedMarks = m.regions;
        if (m.type === 'revealed' && typeof m.region === 'number') this.state.revealed = { region: m.region, from: String(m.from) };
      });
      this.panel.onDidDispose(() => {
        this.panel = undefined;
        this.state = undefined;
      });
    }
    this.panel.title = title;
    this.state = { a, b, regions: view.regions.length };
    this.panel.webview.html = renderPairPage(`${path.basename(folder)}: ${a} ↔ ${b}`, view, reportLabels(), resourcesOf(this.context, this.panel.webview));
    this.panel.reveal(undefined, false);
    return this.state;
  }

  get html(): string | undefined {
    return this.panel?.webview.html;
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
