// Containers submissions and workspaces without vscode: waiting for a submission and collecting
// its streams, rendering them, its tests report and diagnostics, a project's scenarios, a
// workspace's start. The only door into src/core/containers (test/unit/layering.test.ts).
export { containersDiagnostics } from './diagnostics';
export { projectScenarios } from './project-scenarios';
export { collectResult, type FinishedSubmission, type StreamTexts, waitForSubmission } from './submission';
export { renderSubmission } from './submission-render';
export { formatSummary, formatTestsTable, parseTestsReport, type TestsReport } from './tests-report';
export { untilStarted } from './workspace-start';
