// Compiler and runtime messages of a finished submission → the Problems panel, on the local files
// of the folder that was sent. A new submission of the same folder replaces that folder's entries;
// editing a file drops its own (RunDiagnostics).
import * as vscode from 'vscode';
import { containersDiagnostics, type StreamTexts } from '../../../core/containers';
import type { Diagnostic } from '../../../core/diagnostics';
import { diagnosticsParsers } from '../../../core/load-diagnostics';
import { RunDiagnostics, toVscodeDiagnostic } from '../../../ui/run-diagnostics';

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
      const { aligned, lineText } = await withSourceLine(d);
      const list = byFile.get(aligned.file) ?? [];
      list.push(toVscodeDiagnostic(aligned, lineText));
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

/** The message with its column aligned to the file as it is now, and the text of its line. */
async function withSourceLine(d: Diagnostic): Promise<{ aligned: Diagnostic; lineText: string }> {
  try {
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(d.file));
    const lineText = Buffer.from(bytes).toString('utf8').split(/\r?\n/)[d.line - 1] ?? '';
    return { aligned: d.columnIgnoresIndent ? diagnosticsParsers().alignColumn(d, lineText) : d, lineText };
  } catch {
    return { aligned: d, lineText: '' };
  }
}
