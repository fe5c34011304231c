// Problem details as a read-only Markdown document (sphere-engine-problem:/<id>/<CODE>.md) shown
// in VS Code's Markdown preview, locked to it (its tab, "[Preview] CODE.md", keeps the problem when
// another Markdown file opens): the description (sanitised), test cases and master judge.
// A virtual document rather than a webview: it needs no scripts, and the preview's own
// sanitiser and content security policy apply on top of ours.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { renderProblemMarkdown } from '../../core/problems';

export const DETAILS_SCHEME = 'sphere-engine-problem';

export function detailsUri(problemId: number, code?: string): vscode.Uri {
  return vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${problemId}/${code || 'problem'}.md` });
}

export class ProblemDetailsProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly services: Services) {}

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const problemId = Number(uri.path.split('/')[1]);
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      const client = await this.services.connection.problems();
      const [problem, testCases] = await Promise.all([
        client.getProblem(problemId, {}, controller.signal),
        client.listTestCases(problemId, controller.signal).then((r) => r.items),
      ]);
      return renderProblemMarkdown(problem, testCases);
    } finally {
      sub.dispose();
    }
  }

  /** Re-reads an open details document (after adding a test case...). */
  refresh(problemId: number, code?: string): void {
    this.changed.fire(detailsUri(problemId, code));
  }

  dispose(): void {
    this.changed.dispose();
  }
}
