// What every workspace command needs: the client, the tree (to refresh it and to pick from what
// it already knows), the log, and a record of what was told to the user (read by host tests).
import type { ContainersClient } from '../../../api';
import type { Services } from '../../../services';
import type { Log } from '../../../ui/log';
import type { ContainersTreeModel } from '../../../core/containers';

export interface WorkspaceCommandContext {
  client(): Promise<ContainersClient>;
  model: ContainersTreeModel;
  log: Log;
  /** Every message shown by these commands, newest last (test hook, kept only under the tests; never holds a token). */
  notices?: string[];
}

export function createCommandContext(services: Services, model: ContainersTreeModel): WorkspaceCommandContext {
  return { client: () => services.connection.containers(), model, log: services.log, notices: services.testHooks && [] };
}

/** What a workspace command resolves with, so a test (or a caller) sees the outcome. */
export interface ActionOutcome {
  ok: boolean;
  /** The text shown to the user. */
  message?: string;
  status?: number;
  errorCode?: number;
  /** For "no free slot": the running workspaces offered to stop. */
  offered?: string[];
  cancelled?: boolean;
}

const MAX_NOTICES = 100;

export function remember(ctx: WorkspaceCommandContext, text: string): void {
  if (!ctx.notices) return;
  ctx.notices.push(text);
  if (ctx.notices.length > MAX_NOTICES) ctx.notices.splice(0, ctx.notices.length - MAX_NOTICES);
}
