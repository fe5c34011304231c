// The one kind of DiagnosticCollection the extension publishes: what a run (Run File, Submit
// Solution, Submit Folder to Project) found in the code as it was sent. Once the person edits a
// file those entries describe code that no longer exists (wrong lines, fixed errors), so they
// leave that file at its first edit instead of staying until the next run. Every feature uses
// this class, so all of them behave alike.
import * as vscode from 'vscode';

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
