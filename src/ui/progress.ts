// Long operations run under a VS Code progress indicator with a real AbortSignal, so the
// api layer can cancel the HTTP request when the user presses Cancel.
import * as vscode from 'vscode';

export interface ProgressOptions {
  title: string;
  /** Notification (default) for user-started work, Window for quiet background work. */
  location?: vscode.ProgressLocation;
  cancellable?: boolean;
}

export function withProgress<T>(options: ProgressOptions, task: (signal: AbortSignal, report: (message: string) => void) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress(
    {
      title: options.title,
      location: options.location ?? vscode.ProgressLocation.Notification,
      cancellable: options.cancellable ?? true,
    },
    async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        return await task(controller.signal, (message) => progress.report({ message }));
      } finally {
        subscription.dispose();
      }
    },
  );
}
