// Workspace states as the tree shows them. No `vscode` here: the bench and unit tests load it.
import { WORKSPACE_STATES, type Workspace } from '../../../api';

export const STATE_LABELS: Record<number, string> = {
  [WORKSPACE_STATES.starting]: 'starting',
  [WORKSPACE_STATES.running]: 'running',
  [WORKSPACE_STATES.stopped]: 'stopped',
  [WORKSPACE_STATES.removed]: 'removed',
  [WORKSPACE_STATES.error]: 'error',
};

export const ALL_STATES: readonly number[] = [1, 2, 3, 4, 5];

/** Removed workspaces are history, not something to act on: hidden unless the filter asks for them. */
export const DEFAULT_STATE_FILTER: readonly number[] = [1, 2, 3, 5];

export function stateLabel(code: number): string {
  return STATE_LABELS[code] ?? `state ${code}`;
}

/**
 * A state that will change on its own without anyone acting: the only reason to poll.
 * "starting" is the one the spec names; everything else waits for a user or a timer far away.
 */
export function isTransitional(workspace: Workspace): boolean {
  return workspace.state.code === WORKSPACE_STATES.starting;
}

/** The `states[]` to send, or undefined when every state is wanted (no filter at all). */
export function statesQuery(filter: readonly number[]): number[] | undefined {
  const unique = [...new Set(filter)].sort();
  return unique.length === ALL_STATES.length ? undefined : unique;
}
