// The results of a job in a webview: a table (sortable, a row opens its source), an SVG chart
// and CSV/JSON export. A webview rather than a tree because a tree cannot show a column per test
// case, sort by a column or draw a chart; the page is strict about what it runs (CSP: only its
// own nonce'd script and style, no remote content, no local resource roots).
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { type JudgeJob, toCsv, toJson } from '../../core/judge-many';
import type * as ResultsHtml from '../../core/judge-many/results-html';
import type { RenderedTable } from '../../core/judge-many/results-html';
import { Commands, executeCommand } from '../../ui/commands';
import type { LatestBestMatches } from '../similarity/latest';
import { resultsLabels } from './labels';
import { writeExportFile } from '../shared/write-export';

/**
 * The page's HTML and SVG, loaded with the first results page: esbuild.js bundles it apart
 * (dist/judge-results-html.js), keeping dist/extension.js under its 600 KB budget.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const html = (): typeof ResultsHtml => require('../../core/judge-many/results-html') as typeof ResultsHtml;

/** How often a busy job re-renders the table at most. */
const UPDATE_MS = 500;

export class ResultsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, vscode.WebviewPanel>();
  /** Rows the page reported as rendered, by job id (for tests and the benchmark). */
  readonly rendered = new Map<string, number>();
  /** The header and first rows as the page last showed them, by job id (for tests). */
  readonly renderedTables = new Map<string, RenderedTable>();

  constructor(private readonly similarity: LatestBestMatches) {}

  show(job: JudgeJob): vscode.WebviewPanel {
    const id = job.snapshot.id;
    const existing = this.panels.get(id);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const title = vscode.l10n.t('Judge results: {0}', job.snapshot.problemLabel);
    const panel = vscode.window.createWebviewPanel('sphereEngine.judgeResults', title, vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [],
      retainContextWhenHidden: true,
    });
    const labels = resultsLabels();
    const similar = () => this.similarity.bestMatchesFor(job.snapshot.folder);
    panel.webview.html = html().renderPage(title, randomBytes(16).toString('base64'), html().renderUpdate(job.snapshot, labels, similar()), labels);
    let timer: NodeJS.Timeout | undefined;
    const update = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void panel.webview.postMessage({ type: 'update', ...html().renderUpdate(job.snapshot, labels, similar()) });
      }, UPDATE_MS);
    };
    const listener = job.onDidChange(update);
    const similarityListener = this.similarity.onDidChange((folder) => folder === job.snapshot.folder && update());
    const messages = panel.webview.onDidReceiveMessage((m: { type?: string; key?: string; format?: string; rows?: number; head?: unknown; sample?: unknown }) => {
      if (m.type === 'open' && typeof m.key === 'string') void openSolution(job, m.key);
      else if (m.type === 'export' && (m.format === 'csv' || m.format === 'json')) void exportJob(job, m.format);
      else if (m.type === 'rendered' && typeof m.rows === 'number') {
        this.rendered.set(id, m.rows);
        if (Array.isArray(m.head) && Array.isArray(m.sample)) this.renderedTables.set(id, { rows: m.rows, head: m.head as string[], sample: m.sample as RenderedTable['sample'] });
      } else if (m.type === 'similarity') void executeCommand(Commands.similarityCheckFolder, { folder: job.snapshot.folder });
    });
    panel.onDidDispose(() => {
      clearTimeout(timer);
      listener.dispose();
      similarityListener.dispose();
      messages.dispose();
      this.panels.delete(id);
      this.renderedTables.delete(id);
    });
    this.panels.set(id, panel);
    return panel;
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.dispose();
  }
}

/** A file row opens the file; a folder row its first file (and reveals the folder). */
export async function openSolution(job: JudgeJob, key: string): Promise<vscode.Uri | undefined> {
  const row = job.rows.find((r) => r.key === key);
  if (!row) return undefined;
  const full = path.join(job.snapshot.folder, row.key);
  const uri = vscode.Uri.file(row.kind === 'folder' && row.files?.length ? path.join(full, row.files[0]) : full);
  try {
    await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  } catch {
    await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(full));
  }
  return uri;
}

/** The export's default file name: `<folder>-<problem>.csv`, the problem's label as one word per run of letters. */
export function exportFileName(folder: string, problemLabel: string, format: 'csv' | 'json'): string {
  const label = problemLabel.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '');
  return `${path.basename(folder)}-${label}.${format}`;
}

/** Writes the export, then says where and offers to open it (the save dialog alone says nothing). */
export async function exportJob(job: JudgeJob, format: 'csv' | 'json', target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const uri =
    target ??
    (await vscode.window.showSaveDialog({
      defaultUri: vscode.Uri.file(path.join(path.dirname(job.snapshot.folder), exportFileName(job.snapshot.folder, job.snapshot.problemLabel, format))),
      filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
    }));
  if (!uri) return undefined;
  if (!(await writeExportFile(uri, Buffer.from(format === 'csv' ? toCsv(job.snapshot) : toJson(job.snapshot))))) return undefined;
  const open = vscode.l10n.t('Open File');
  const reveal = vscode.l10n.t('Reveal in File Explorer');
  void vscode.window.showInformationMessage(vscode.l10n.t('Exported {0} rows to {1}.', job.rows.length, uri.fsPath), open, reveal).then((choice) => {
    if (choice === open) void vscode.window.showTextDocument(uri, { preview: false });
    else if (choice === reveal) void vscode.commands.executeCommand('revealFileInOS', uri);
  });
  return uri;
}
