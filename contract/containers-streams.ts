// The streams a Containers v1 submission has (spec: GET /submissions/{id}/{stream}), named once for
// the extension (src/api re-exports them) and the emulator that serves them.
export const CONTAINERS_SUBMISSION_STREAMS = [
  'source',
  'auxdata',
  'tests_report',
  'debug_log',
  'stage_init_output',
  'stage_init_error',
  'stage_build_output',
  'stage_build_error',
  'stage_run_output',
  'stage_run_error',
  'stage_test_output',
  'stage_test_error',
  'stage_post_output',
  'stage_post_error',
  'workspace_init_output',
  'workspace_init_error',
] as const;
export type ContainersStreamName = (typeof CONTAINERS_SUBMISSION_STREAMS)[number];

export function isContainersStreamName(value: unknown): value is ContainersStreamName {
  return typeof value === 'string' && (CONTAINERS_SUBMISSION_STREAMS as readonly string[]).includes(value);
}

// The streams a Containers v1 workspace has (spec: GET /workspaces/{id}/{stream}), likewise once.
export const CONTAINERS_WORKSPACE_STREAMS = ['workspace_init_output', 'workspace_init_error', 'workspace_files_to_override'] as const;
export type WorkspaceStreamName = (typeof CONTAINERS_WORKSPACE_STREAMS)[number];

export function isWorkspaceStreamName(value: unknown): value is WorkspaceStreamName {
  return typeof value === 'string' && (CONTAINERS_WORKSPACE_STREAMS as readonly string[]).includes(value);
}
