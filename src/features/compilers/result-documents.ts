// Read-only documents holding a run's actual output, so "Run With All Inputs" can open a diff
// against `<name>.out` without writing anything into the user's folder.
import * as vscode from 'vscode';

export const RESULT_SCHEME = 'sphere-engine-run';

export class ResultDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, this);

  /** Stores a text and returns its URI (`sphere-engine-run:/<id>/<name>`). */
  put(id: number | string, name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: RESULT_SCHEME, path: `/${id}/${name}` });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
    this.texts.clear();
  }
}
