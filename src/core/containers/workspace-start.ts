// Waiting for a workspace to leave "starting" (after it was created or resumed), in the spec's 5 s
// rhythm. Resolves with the workspace in its new state: running, or whatever it ended in instead
// (error, removed) for the caller to explain.
import { type ContainersClient, type Workspace, WORKSPACE_STATES } from '../../api';
import { CONTAINERS_POLL_MS, pollUntilDone } from '../poller';

export function untilStarted(client: Pick<ContainersClient, 'getWorkspace'>, workspaceId: string, signal?: AbortSignal): Promise<Workspace> {
  return pollUntilDone({
    fetch: (s) => client.getWorkspace(workspaceId, s),
    isExecuting: (w) => w.state.code === WORKSPACE_STATES.starting,
    intervalMs: CONTAINERS_POLL_MS,
    signal,
  });
}
