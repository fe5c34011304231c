// One Compilers run and a batch of them (Run With All Inputs, the stress test), without vscode so
// plain Node (bench, unit tests) can drive them. The only door into src/core/compilers
// (test/unit/layering.test.ts).
export { type BatchResult, runBatch } from './batch';
export { type CompilersApi, type RunOutcome, type RunStreams, runSubmission } from './run';
