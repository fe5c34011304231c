// The upload of a packed folder: POST /submissions under a cancellable notification whose bar
// follows the bytes sent ("1.2 MiB of 3.0 MiB (40%)"). Never retried: the submission may have
// landed. Cancelling says whether anything can have reached the service.
import * as vscode from 'vscode';
import { type ContainersClient, isAbortError, type Project } from '../../../api';
import { formatBytes } from '../../../core/packer';

export interface UploadRequest {
  project: Project;
  scenario: string | undefined;
  /** The packed archive on disk. */
  file: string;
  bytes: number;
}

/** Cancelled before the whole archive went out: the service cannot have a submission. */
export class UploadCancelledNothingSent extends Error {
  constructor() {
    super(vscode.l10n.t('Upload cancelled before the whole folder was sent: nothing was submitted.'));
    this.name = 'UploadCancelledNothingSent';
  }
}

/** The text of one progress report, e.g. "1.2 MiB of 3.0 MiB (40%)". */
export function describeUpload(sent: number, total: number): string {
  return vscode.l10n.t('{0} of {1} ({2}%)', formatBytes(sent), formatBytes(total), percentOf(sent, total));
}

function percentOf(sent: number, total: number): number {
  return total > 0 ? Math.floor((sent * 100) / total) : 100;
}

/** The id of the new submission. */
export async function uploadWithProgress(client: ContainersClient, request: UploadRequest): Promise<number> {
  let sent = 0;
  let total = request.bytes;
  try {
    const created = await vscode.window.withProgress(
      { title: vscode.l10n.t('Uploading to {0}', request.project.name), location: vscode.ProgressLocation.Notification, cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        const subscription = token.onCancellationRequested(() => controller.abort());
        // One report per whole percent: a report per chunk would flood the notification.
        let shownPercent = -1;
        try {
          return await client.createSubmission(
            {
              projectId: request.project.id,
              scenario: request.scenario,
              sourcePath: request.file,
              onUploadProgress: (bytesSent, bytesTotal) => {
                sent = bytesSent;
                total = bytesTotal;
                const percent = percentOf(bytesSent, bytesTotal);
                if (percent === shownPercent) return;
                progress.report({ message: describeUpload(bytesSent, bytesTotal), increment: Math.max(0, percent - Math.max(0, shownPercent)) });
                shownPercent = percent;
              },
            },
            controller.signal,
          );
        } finally {
          subscription.dispose();
        }
      },
    );
    return created.id;
  } catch (err) {
    if (!isAbortError(err)) throw err;
    // The service creates a submission only from a whole body: short of the last byte, nothing landed.
    if (sent < total) throw new UploadCancelledNothingSent();
    throw new Error(
      vscode.l10n.t('Upload cancelled after the whole folder was sent. The service may still have received the submission: check the Submissions view before sending again.'),
    );
  }
}
