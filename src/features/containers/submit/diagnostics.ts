// Compiler and runtime messages of a finished submission → the Problems panel, on the local files
// of the folder that was sent. A new submission of the same folder replaces that folder's entries;
// editing a file drops its own (RunDiagnostics).
import * as vscode from 'vscode';
import { containersDiagnostics, type StreamTexts } from '../../../core/containers';
import type { Diagnostic } from '../../../core/diagnostics';
import { diagnosticsParsers } from '../../../core/load-diagnostics';
import { RunDiagnostics } from '../../../ui/run-diagnostics';

export const DIAGNOSTICS_SOURCE = 'Sphere Engine';

export class SubmissionDiagnostics implements vscode.Disposable {
  private readonly collection = new RunDiagnostics('sphere-engine-containers');
  /** Files that carry entries, per submitted folder, so the next submission clears them. */
  private readonly filesByFolder = new Map<string, vscode.Uri[]>();

  /** Replaces the folder's diagnostics with the ones read from the streams; returns how many. */
  async apply(folder: string, files: readonly string[], streams: StreamTexts): Promise<number> {
    this.clearFolder(folder);
    const found = containersDiagnostics(streams, { root: folder, files });
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const d of found) {
      const aligned = await alignWithSource(d);
      const list = byFile.get(aligned.file) ?? [];
      list.push(toVscode(aligned));
      byFile.set(aligned.file, list);
    }
    const uris: vscode.Uri[] = [];
    for (const [file, list] of byFile) {
      const uri = vscode.Uri.file(file);
      this.collection.set(uri, list);
      uris.push(uri);
    }
    this.filesByFolder.set(folder, uris);
    return found.length;
  }

  clearFolder(folder: string): void {
    for (const uri of this.filesByFolder.get(folder) ?? []) this.collection.delete(uri);
    this.filesByFolder.delete(folder);
  }

  dispose(): void {
    this.collection.dispose();
  }
}

async function alignWithSource(d: Diagnostic): Promise<Diagnostic> {
  if (!d.columnIgnoresIndent) return d;
  try {
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(d.file));
    const line = Buffer.from(bytes).toString('utf8').split(/\r?\n/)[d.line - 1] ?? '';
    return diagnosticsParsers().alignColumn(d, line);
  } catch {
    return d;
  }
}

function toVscode(d: Diagnostic): vscode.Diagnostic {
  const line = Math.max(0, d.line - 1);
  const col = Math.max(0, (d.column ?? 1) - 1);
  // Without a column the whole line is marked; a large end column is clamped by the editor.
  const range = d.column === undefined ? new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER) : new vscode.Range(line, col, line, col + 1);
  const severity = d.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : d.severity === 'info' ? vscode.DiagnosticSeverity.Information : vscode.DiagnosticSeverity.Error;
  const diagnostic = new vscode.Diagnostic(range, d.message, severity);
  diagnostic.source = `${DIAGNOSTICS_SOURCE} (${d.source})`;
  if (d.related?.length) {
    diagnostic.relatedInformation = d.related.map(
      (r) =>
        new vscode.DiagnosticRelatedInformation(
          new vscode.Location(vscode.Uri.file(r.file), new vscode.Position(Math.max(0, r.line - 1), Math.max(0, (r.column ?? 1) - 1))),
          r.message,
        ),
    );
  }
  return diagnostic;
}
