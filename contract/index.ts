// What the extension (src/) and the local emulator (emulator/) must do alike, written once: the
// lowest layer of both, importing neither of them nor `vscode` (test/unit/layering.test.ts).
// The extension loads these pieces through its bundles apart where they are heavy (the tar reader
// is required by src/core/packer/tar-read.ts, a bundle of its own), so importing this index from
// a module that loads at activation brings their dependencies into dist/extension.js.
export {
  ArchiveBudgetError,
  ArchiveFormatError,
  extractTarGz,
  inflatedCap,
  listTarGz,
  type ExtractOptions,
  type RawEntry,
  type UntarBudget,
  type UntarSource,
} from './bounded-untar';
export {
  isPendingStatus,
  PENDING_STATUSES,
  isRuntimeErrorStatus,
  kattisVerdictOf,
  type KattisVerdict,
  type RunKind,
  runKindOf,
  STATUS_TABLE,
  statusFromShort,
  type StatusOutcome,
  type StatusRow,
  statusRow,
  statusShort,
  SUBMISSION_STATUS,
} from './status-table';
export {
  CHALLENGE_NONCE,
  CHALLENGE_PATH,
  challengeProof,
  type EmulatorReady,
  formatReadyLine,
  INSTANCE_FILE,
  parseReadyLine,
  processAlive,
  READ_ONLY_TOKEN_FILE,
  READY_PREFIX,
  TOKEN_FILE,
} from './local-emulator';
export {
  CONTAINERS_SUBMISSION_STREAMS,
  CONTAINERS_WORKSPACE_STREAMS,
  type ContainersStreamName,
  isContainersStreamName,
  isWorkspaceStreamName,
  type WorkspaceStreamName,
} from './containers-streams';
export { MAX_IDS_PER_REQUEST, MAX_SUBMISSION_SOURCE_BYTES } from './submission-limits';
export { CONTAINERS_STATUS, CONTAINERS_STATUS_TEXT, CONTAINERS_UNFINISHED, type ContainersStatusKey } from './containers-status';
export { COMPILERS_STREAMS, type CompilersStreamName, PROBLEMS_STREAMS, type ProblemsStreamName } from './submission-streams';
