// The stress test without vscode: its round loop, its settings file and its data. The only door
// into src/core/stress (test/unit/layering.test.ts).
export { FREE_BATCH_SIZE, PAID_BATCH_SIZE, runStressSession } from './session';
export { readStressFile, STRESS_FILE, type StressFile, writeStressFile } from './stress-file';
export {
  type CheckedRound,
  type ProgramRun,
  type RunKind,
  type StressCase,
  type StressChecker,
  StressCheckerError,
  type StressProgress,
  type StressResult,
  type StressRole,
  type StressRunner,
} from './types';
export { compareWith, describeJudge, isStressJudge, STRESS_JUDGES, type StressJudge } from './judges';
export { CompilersStressRunner, type StressProgramSpec } from './compilers-runner';
export { ProblemsChecker } from './problems-checker';
export { saveAsTest, type SavedTest } from './save-test';
