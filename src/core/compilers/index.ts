// One Compilers run and a batch of them (Run With All Inputs, the stress test), the checks made
// before sending (limits, sizes), output files and the output comparison, without vscode so
// plain Node (bench, unit tests) can drive them. The only door into src/core/compilers
// (test/unit/layering.test.ts).
export { type BatchResult, runBatch } from './batch';
export { type CompilersApi, readStream, type RunOutcome, type RunStreams, runSubmission } from './run';
export { compareOutputs, describeDifference, type Comparison } from './compare';
export { checkLimits, checkPayloadSizes, limitsFromSettings, resolveRunLimits, type RunLimits, TIME_LIMIT_RANGE } from './limits';
export { looksLikeGzip, OUTPUT_DIR_NAME, parseOutputFilenames, unpackOutputArchive, type UnpackedOutput } from './output-files';
export { failedReadingInput } from './read-failure';
export { showLocalPaths } from './shown-paths';
export { describeSignal, formatDone, formatRunning, formatStreams, formatUsage, statusAdvice, statusLabel } from './format';
export { expectedOutputFile, inputFilesIn, siblingInputFile } from './inputs';
export {
  FolderSourceError,
  guessFolderCompiler,
  MAX_FOLDER_BYTES,
  MAX_PART_BYTES,
  MAX_PART_FILES,
  prepareFolderSource,
  type FolderSource,
  withoutOutputDir,
} from './folder-source';
