// How a failed workspace action reaches the user. The api layer's explanation says what
// happened; here we add what only this feature knows: the workspace's current state for 1013,
// and for "no free slot" the running workspaces the user could stop, one click away.
import { SphereApiError, type Workspace, WORKSPACE_STATES } from '../../../api';
import { showError, userMessage } from '../../../ui/errors';
import { shortId } from '../tree/describe';
import { stateLabel } from '../../../core/containers';
import { remember, type ActionOutcome, type WorkspaceCommandContext } from './context';
import { stopOneOf } from './stop-offer';

export const NO_FREE_SLOT = 200611;
export const WRONG_STATE = 1013;

/**
 * Shows the failure (without waiting for the notification: commands driven by tests return at
 * once) and resolves with the outcome the command returns.
 */
export async function reportFailure(ctx: WorkspaceCommandContext, error: unknown, what: string, workspace?: Workspace): Promise<ActionOutcome> {
  let context = what;
  let offered: string[] | undefined;
  const handlers: Record<string, () => unknown> = {};
  if (error instanceof SphereApiError && error.errorCode === WRONG_STATE && workspace) {
    context = `${what} (it is ${stateLabel(workspace.state.code)})`;
    handlers.waitAndRetry = () => ctx.model.refresh();
  }
  if (error instanceof SphereApiError && error.errorCode === NO_FREE_SLOT) {
    const running = await runningWorkspaces(ctx);
    offered = running.map((ws) => ws.id);
    context = running.length
      ? `${what}: ${running.length} running workspace${running.length === 1 ? '' : 's'} hold${running.length === 1 ? 's' : ''} the slots (${running.map((ws) => shortId(ws.id)).join(', ')})`
      : what;
    handlers.stopAWorkspace = () => stopOneOf(running);
  }
  const message = userMessage(error, context);
  remember(ctx, message);
  void showError(ctx.log, error, { context, handlers });
  return {
    ok: false,
    message,
    status: error instanceof SphereApiError ? error.status : undefined,
    errorCode: error instanceof SphereApiError ? error.errorCode : undefined,
    offered,
  };
}

async function runningWorkspaces(ctx: WorkspaceCommandContext): Promise<Workspace[]> {
  try {
    const page = await (await ctx.client()).listWorkspaces({ states: [WORKSPACE_STATES.running], limit: 30 });
    return page.items.filter((ws) => ws.permissions?.stop !== false);
  } catch (err) {
    ctx.log.warn(`could not list running workspaces: ${err instanceof Error ? err.message : String(err)}`);
    return [];
  }
}
