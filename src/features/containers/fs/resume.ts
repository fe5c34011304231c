// "The workspace is not running": one notification per workspace (not one per probe) with a
// Resume Workspace button that resumes it, waits in the spec's 5 s rhythm until it runs, and then
// retries what failed (saves the documents that could not be saved, reloads the rest).
import * as vscode from 'vscode';
import { SphereApiError, WORKSPACE_STATES } from '../../../api';
import { untilStarted } from '../../../core/containers';
import type { Services } from '../../../services';
import { showError } from '../../../ui/errors';
import { withProgress } from '../../../ui/progress';
import { WORKSPACE_FS_SCHEME, type WorkspaceFsFailure, type WorkspaceFsModel } from '../../../core/workspace-files';
import { workspaceUri, type WorkspaceFileSystemProvider } from './provider';

export const RESUME_LABEL = 'Resume Workspace';
export const RESUME_AND_RETRY_LABEL = 'Resume Workspace and Retry';

export interface ResumeOffer {
  workspaceId: string;
  rel: string;
  message: string;
  buttons: string[];
}

export class ResumeOffers implements vscode.Disposable {
  private readonly open = new Set<string>();
  constructor(
    private readonly services: Services,
    private readonly model: WorkspaceFsModel,
    private readonly provider: WorkspaceFileSystemProvider,
    /** Offers shown, newest last: the test hooks' list, absent outside the extension's tests. */
    private readonly shown?: ResumeOffer[],
  ) {}

  /** Shows the offer unless one for the same workspace is already on screen. */
  offer(failure: WorkspaceFsFailure): void {
    if (this.open.has(failure.workspaceId)) return;
    this.open.add(failure.workspaceId);
    const buttons = [RESUME_AND_RETRY_LABEL, 'Show Log'];
    this.shown?.push({ workspaceId: failure.workspaceId, rel: failure.rel, message: failure.message, buttons });
    this.services.log.warn(`workspace ${failure.workspaceId}: ${failure.apiError?.message ?? failure.message}`);
    void vscode.window.showErrorMessage(failure.message, ...buttons).then(
      async (choice) => {
        this.open.delete(failure.workspaceId);
        if (choice === 'Show Log') this.services.log.show();
        else if (choice === RESUME_AND_RETRY_LABEL) await this.resumeAndRetry(failure.workspaceId);
      },
      () => this.open.delete(failure.workspaceId),
    );
  }

  /** Resumes the workspace (if stopped), waits until it runs, then retries the failed work. */
  async resumeAndRetry(workspaceId: string): Promise<boolean> {
    try {
      await withProgress({ title: vscode.l10n.t('Resuming the Sphere Engine workspace…') }, async (signal, report) => {
        const client = await this.services.connection.containers();
        try {
          await client.resumeWorkspace(workspaceId, signal);
        } catch (err) {
          // 400/1013 "not stopped": it is starting already; waiting is all there is to do.
          if (!(err instanceof SphereApiError && err.errorCode === 1013)) throw err;
        }
        report('waiting until it runs');
        const ws = await untilStarted(client, workspaceId, signal);
        if (ws.state.code !== WORKSPACE_STATES.running) throw new Error(`The workspace did not start: it is ${ws.state.name}.`);
      });
    } catch (err) {
      void showError(this.services.log, err, { context: 'Could not resume the workspace' });
      return false;
    }
    this.model.forgetUnavailable(workspaceId);
    // An offer still on screen is about the stop that just ended: the next stop gets its own.
    this.open.delete(workspaceId);
    await this.retry(workspaceId);
    return true;
  }

  private async retry(workspaceId: string): Promise<void> {
    // Folders shown in the Explorer list themselves again.
    this.provider.fireChanged(workspaceUri(workspaceId));
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme !== WORKSPACE_FS_SCHEME || doc.uri.authority !== workspaceId) continue;
      // A dirty document is one whose save failed (or not yet saved): save it now. The others
      // reload through a change event.
      if (doc.isDirty) await doc.save();
      else this.provider.fireChanged(doc.uri);
    }
  }

  dispose(): void {
    this.open.clear();
  }
}
