// Containers submissions and workspaces without vscode: waiting for a submission and collecting
// its streams, rendering them, its tests report and diagnostics, a project's scenarios, a
// workspace's start; the Containers tree's model (tree/, no vscode: the bench drives it). The only door into src/core/containers (test/unit/layering.test.ts).
export { containersDiagnostics } from './diagnostics';
export { projectScenarios } from './project-scenarios';
export { collectResult, type FinishedSubmission, type StreamTexts, waitForSubmission } from './submission';
export { renderSubmission } from './submission-render';
export { formatSummary, formatTestsTable, parseTestsReport, type TestsReport } from './tests-report';
export { untilStarted } from './workspace-start';
export {
  ContainersTreeModel,
  type ContainersSource,
  type Grouping,
  isUnauthorized,
  isUnreachable,
  PROJECT_PAGE_SIZE,
  type RootState,
  type TreeActivity,
  type TreeModelOptions,
  WORKSPACE_PAGE_SIZE,
} from './tree/model';
export {
  type DetailNode,
  type ListKey,
  listOfProject,
  type LoadMoreNode,
  type MessageNode,
  type ProjectNode,
  type RetryNode,
  type StaleNode,
  type TreeNode,
  type WorkspaceNode,
} from './tree/nodes';
export { ALL_STATES, DEFAULT_STATE_FILTER, isTransitional, STATE_LABELS, stateLabel, statesQuery } from './tree/states';
