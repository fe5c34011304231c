// Problems as folders: read, pull, plan and apply a push. No vscode: the commands and the CLI
// are thin shells over this.
export * from './format';
export { isProblemFolderError, ProblemFolderError } from './errors';
export { readInside } from './inside';
export { readProblemFolder, type ProblemFolder, type LocalTest, type LocalJudge, type LocalSolution } from './read';
export { pullProblem, statementFileFor, type PullOptions, type PullResult } from './pull';
export { planPush, sameEndpoint, type Change, type PushPlan } from './plan';
export { applyPlan, type ApplyOptions, type PushResult } from './apply';
export { describeChange, describePlan, describeResult, pushSucceeded } from './describe';
export {
  assertCheckable,
  checkProblemFolder,
  describeCheck,
  describeRun,
  prepareByExtension,
  VERDICT_STATUS,
  type CheckOptions,
  type PreparedSolution,
  type SolutionCheck,
} from './check';
export { describeRefusalState, writeRefusal, type WriteRefusal } from './refusal';
export { describePulled, folderNameFor, PULL_MANY_CONCURRENCY, pullProblems, type PulledProblem, type PullManyOptions, type PullOutcome, type PullTarget } from './pull-many';
export { resolvePullTargets, type ResolvedTargets } from './pull-targets';
export { hasTextDiffs, MAX_DIFF_BYTES, planDiffs, readRemoteText, type DiffItem, type PlannedDiffs, type RemoteRef } from './diff-items';
