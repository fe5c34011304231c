// What the Containers tree holds, as plain data. The VS Code provider turns each node into a
// TreeItem; the bench and the test hooks read the same nodes without VS Code.
import type { Project, Workspace } from '../../../api';

/** Which list a node belongs to: the project list, one project's workspaces, or all workspaces. */
export type ListKey = 'projects' | 'all' | `project:${string}`;

interface Base {
  /** Unique in the whole tree and stable across refreshes (VS Code keeps expansion by it). */
  readonly key: string;
}

export interface ProjectNode extends Base {
  kind: 'project';
  project: Project;
}

export interface DetailNode extends Base {
  kind: 'detail';
  label: string;
  value: string;
  icon: string;
}

export interface WorkspaceNode extends Base {
  kind: 'workspace';
  workspace: Workspace;
  /** Shown in the flat "All workspaces" list, where the project name must be on the row. */
  flat: boolean;
}

export interface LoadMoreNode extends Base {
  kind: 'loadMore';
  list: ListKey;
  /** What the next page holds, for the label ("Load more projects"). */
  noun: string;
}

/** The service could not be reached: the rows below it are the last known ones. */
export interface StaleNode extends Base {
  kind: 'stale';
  list: ListKey;
  fetchedAt: number;
  reason: string;
}

export interface RetryNode extends Base {
  kind: 'retry';
  list: ListKey;
}

export interface MessageNode extends Base {
  kind: 'message';
  text: string;
  /** The fuller explanation (tooltip). */
  detail?: string;
  severity: 'info' | 'error';
}

export type TreeNode = ProjectNode | DetailNode | WorkspaceNode | LoadMoreNode | StaleNode | RetryNode | MessageNode;

export function listOfProject(projectId: string): ListKey {
  return `project:${projectId}`;
}
