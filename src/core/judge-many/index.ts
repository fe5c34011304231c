// Judging many solutions at once: plans, the job with its state file, its backends (Problems,
// Containers), exports. The only door into src/core/judge-many (test/unit/layering.test.ts),
// except results-html.ts: a bundle apart (esbuild.js APART), required at the moment of use.
export type { JobBackend } from './backend';
export { pollBatches } from './batch-poller';
export { containersBackend } from './containers-backend';
export { csvCell, toCsv, toJson } from './export';
export { DEFAULT_CONCURRENCY, JudgeJob } from './job';
export { listJournals } from './journal';
export { planFolder, type PlanOptions } from './plan';
export { planProjectFolders } from './plan-projects';
export { describeProgress, PROGRESS_WORDS, type ProgressWords } from './progress';
export { problemsBackend } from './problems-backend';
export { countVerdicts } from './summary';
export { isPassed, type JobCounts, type JobHeader, type JobSnapshot, type PlannedSolution, type SolutionRow } from './types';
