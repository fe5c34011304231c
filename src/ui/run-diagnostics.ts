// The one kind of DiagnosticCollection the extension publishes: what a run (Run File, Submit
// Solution, Submit Folder to Project) found in the code as it was sent. Once the person edits a
// file those entries describe code that no longer exists (wrong lines, fixed errors), so they
// leave that file at its first edit instead of staying until the next run. Every feature uses
// this class, so all of them behave alike.
import * as vscode from 'vscode';
import type { Diagnostic } from '../core/diagnostics';

/** The source every entry names, before the tool that reported it ("Sphere Engine (gcc)"). */
export const DIAGNOSTIC_SOURCE = 'Sphere Engine';

export class RunDiagnostics implements vscode.Disposable {
  private readonly collection: vscode.DiagnosticCollection;
  private readonly subscription: vscode.Disposable;

  constructor(name: string) {
    this.collection = vscode.languages.createDiagnosticCollection(name);
    this.subscription = vscode.workspace.onDidChangeTextDocument((event) => {
      // Saving or a dirty-state change fires with no content change: the code is the same.
      if (event.contentChanges.length > 0 && this.collection.has(event.document.uri)) this.collection.delete(event.document.uri);
    });
  }

  get(uri: vscode.Uri): readonly vscode.Diagnostic[] | undefined {
    return this.collection.get(uri);
  }

  set(uri: vscode.Uri, diagnostics: readonly vscode.Diagnostic[]): void {
    this.collection.set(uri, diagnostics);
  }

  delete(uri: vscode.Uri): void {
    this.collection.delete(uri);
  }

  clear(): void {
    this.collection.clear();
  }

  dispose(): void {
    this.subscription.dispose();
    this.collection.dispose();
  }
}

/**
 * A message found in a run's output as VS Code shows it, alike for every feature: from its column
 * (else the line's first non-blank) to the end of the line, since a one-character squiggle is hard
 * to see; `lineText` is the line as the file holds it now.
 */
export function toVscodeDiagnostic(d: Diagnostic, lineText: string): vscode.Diagnostic {
  const line = Math.max(0, d.line - 1);
  const firstNonBlank = /^\s*/.exec(lineText)![0].length;
  const start = d.column !== undefined ? Math.max(0, d.column - 1) : firstNonBlank;
  const end = Math.max(start + 1, lineText.length);
  const diagnostic = new vscode.Diagnostic(new vscode.Range(line, start, line, end), d.message, severityOf(d.severity));
  diagnostic.source = `${DIAGNOSTIC_SOURCE} (${d.source})`;
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

function severityOf(s: Diagnostic['severity']): vscode.DiagnosticSeverity {
  return s === 'warning' ? vscode.DiagnosticSeverity.Warning : s === 'info' ? vscode.DiagnosticSeverity.Information : vscode.DiagnosticSeverity.Error;
}
