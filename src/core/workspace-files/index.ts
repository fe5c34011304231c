// A Containers workspace's files as a file system model, without vscode: entries, paths, failures.
// The only door into src/core/workspace-files (test/unit/layering.test.ts).
export type { EntryStat } from './entries';
export { WorkspaceFsFailure } from './failures';
export { type FsChange, WorkspaceFsModel } from './model';
export { normaliseRel, parentOf, WORKSPACE_FS_SCHEME } from './paths';
