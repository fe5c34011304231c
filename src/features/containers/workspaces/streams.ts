// The workspace's init output, init error and files-to-override streams, opened as read-only
// text documents (src/ui/readonly-text.ts: nothing is written to disk, nothing asks to be saved).
import * as vscode from 'vscode';
import { isAbortError, SphereApiError, type WorkspaceStreamName } from '../../../api';
import { showReadonlyText } from '../../../ui/readonly-text';
import { shortId } from '../tree/describe';
import { remember, type ActionOutcome, type WorkspaceCommandContext } from './context';
import { reportFailure } from './errors';
import { resolveWorkspace } from './pick';

export const STREAM_TITLES: Record<WorkspaceStreamName, string> = {
  workspace_init_output: 'init output',
  workspace_init_error: 'init error',
  workspace_files_to_override: 'files to override',
};

export interface StreamOutcome extends ActionOutcome {
  text?: string;
  document?: vscode.Uri;
}

export async function showWorkspaceStream(ctx: WorkspaceCommandContext, stream: WorkspaceStreamName, arg: unknown): Promise<StreamOutcome> {
  const title = STREAM_TITLES[stream];
  try {
    const workspace = await resolveWorkspace(ctx, arg, { title: `Show the ${title} of a workspace` });
    if (!workspace) return { ok: false, cancelled: true };
    let data: Buffer;
    try {
      data = await (await ctx.client()).getWorkspaceStream(workspace.id, stream);
    } catch (err) {
      if (err instanceof SphereApiError && err.status === 404 && err.errorCode === 1101) {
        const message = `Workspace ${shortId(workspace.id)} has no ${title} (the stream was never produced).`;
        remember(ctx, message);
        void vscode.window.showInformationMessage(message);
        return { ok: false, message, status: 404, errorCode: 1101 };
      }
      throw err;
    }
    const text = data.toString('utf8');
    const document = await showReadonlyText(`${title} of ${shortId(workspace.id)}.log`, text || `(the ${title} is empty)`, 'log');
    return { ok: true, text, document: document.uri };
  } catch (err) {
    if (isAbortError(err)) return { ok: false, cancelled: true };
    return reportFailure(ctx, err, `Could not show the ${title}`);
  }
}
