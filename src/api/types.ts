// Wire types from the three API references, plus the variants the real service is known
// to send (service-notes). Normalisers in normalise.ts turn variants into one shape.

// ---------- shared ----------

/** A link to a stream or file: size in bytes and a self-sufficient URI (it embeds a token; never log it unredacted). */
export interface StreamRef {
  size: number;
  uri: string;
}

export interface Status {
  code: number;
  name: string;
}

export interface MessageResponse {
  message: string;
}

export interface CreatedId {
  id: number;
}

// ---------- Containers v1 ----------

export type WorkspaceStateCode = 1 | 2 | 3 | 4 | 5;

export const WORKSPACE_STATES = {
  starting: 1,
  running: 2,
  stopped: 3,
  removed: 4,
  error: 5,
} as const;

export interface WorkspaceState {
  /** Always a number after normalisation (the reference types it as a string; samples send integers). */
  code: number;
  name: string;
  error_reason: string | null;
}

export interface Workspace {
  id: string;
  project: { id: string; name: string };
  state: WorkspaceState;
  created_at: string;
  terminated_at: string | null;
  last_usage: string | null;
  inactivity_timeout: number;
  workspace_token: string;
  workspace_token_required: boolean;
  workspace_init_failed: boolean;
  streams: { workspace_init_output: StreamRef | null; workspace_init_error: StreamRef | null };
  permissions: { enter: boolean; remove: boolean; stop: boolean };
  auto_resume: boolean;
  retention_time_stopped: number;
  retention_time_total: number;
  config: string;
  workspace_url: string;
  /** Absent from the creation response. */
  preview_url?: string;
  /** Deprecated aliases, read only. */
  max_inactive_storage_time?: number;
  max_storage_time?: number;
}

export interface TokenPaging {
  previous_page_token: string | null;
  next_page_token: string | null;
}

export interface TokenPage<T> {
  items: T[];
  paging: TokenPaging;
}

export interface CreateWorkspaceResponse {
  message: string;
  workspace: Workspace;
}

export interface Project {
  id: string;
  name: string;
  created_at: string;
  config: { project_config: string; workspace_init: string };
  stack: string;
  template: boolean;
  description: string;
  slots: number;
}

export interface DirectoryEntry {
  name: string;
  /** Octal string such as 644. */
  perm: string;
  /** Bytes, as a string. */
  size: string;
  time: string;
}

export interface DirectoryListing {
  listed_dir: string;
  files: DirectoryEntry[];
  dirs: DirectoryEntry[];
}

export interface UploadFileResponse {
  /** Absolute path of the stored file. */
  path: string;
}

// Shared with the emulator that serves them (contract/containers-streams.ts).
export {
  CONTAINERS_SUBMISSION_STREAMS,
  CONTAINERS_WORKSPACE_STREAMS,
  type ContainersStreamName,
  isContainersStreamName,
  type WorkspaceStreamName,
} from '../../contract/containers-streams';
import type { ContainersStreamName } from '../../contract/containers-streams';

export const CONTAINERS_STAGES = ['init', 'build', 'run', 'test', 'post'] as const;
export type ContainersStageName = (typeof CONTAINERS_STAGES)[number];

export interface ContainersStage {
  time: number;
  skipped: boolean;
  exit_code: number;
  signal: number | string | null;
  status_changed_to: { code: number; name: string; desc: string | null } | null;
}

export interface ContainersSubmission {
  id: number;
  executing: boolean;
  date: string;
  project: { id: string; name: string };
  scenario: string;
  result: { status: Status; score: number | null; time: number | null; memory: number | null; signal: number | null };
  streams: Partial<Record<ContainersStreamName, StreamRef | null>>;
  stages: Partial<Record<ContainersStageName, ContainersStage>>;
}

export interface CreateContainersSubmissionResponse {
  message?: string;
  id: number;
}

/** Containers submission status codes: one home, contract/containers-status.ts. */
export { CONTAINERS_STATUS } from '../../contract/containers-status';

// ---------- Compilers v4 ----------

export interface Compiler {
  id: number;
  name: string;
  short: string;
  versions: Array<{ id: number; name: string }>;
  highlighters?: Partial<Record<'ace' | 'geshi' | 'pygments' | 'highlights' | 'rouge' | 'codemirror' | 'highlightjs' | 'prism' | 'monaco' | 'code_prettify', string>>;
}

export interface CompilerRef {
  id: number;
  name: string;
  version: { id: number; name: string };
}

// Both modules' stream names are shared with the emulator that serves them (contract/submission-streams.ts).
export { COMPILERS_STREAMS, type CompilersStreamName, PROBLEMS_STREAMS, type ProblemsStreamName } from '../../contract/submission-streams';
import type { CompilersStreamName, ProblemsStreamName } from '../../contract/submission-streams';

export interface CompilersResult {
  status: Status;
  time: number | null;
  memory: number | null;
  signal: number | null;
  /** Normalised to null when the service leaves it out. */
  signal_desc: string | null;
  /** Absent in list items. */
  streams?: Partial<Record<CompilersStreamName, StreamRef | null>>;
}

export interface CompilersSubmission {
  id: number;
  executing: boolean;
  date: string;
  compiler: CompilerRef;
  result: CompilersResult;
  /** Present in list items. */
  uri?: string;
}

/**
 * Name of the standard-output file inside an output-files archive. The reference says
 * ENGINE_STDOUT, the live service uses SE_STDOUT: consumers must look for both.
 */
export const OUTPUT_ARCHIVE_STDOUT_NAMES = ['SE_STDOUT', 'ENGINE_STDOUT'] as const;

/** Compilers/problems statuses (v4). 15 is named "success" or "accepted" depending on the source: compare codes, not names. */
// The status codes and what each means (name, outcome, run kind, Kattis verdict): one table, shared
// with the emulator (contract/status-table.ts).
export {
  isPendingStatus,
  isRuntimeErrorStatus,
  kattisVerdictOf,
  type KattisVerdict,
  type RunKind,
  runKindOf,
  STATUS_TABLE,
  type StatusOutcome,
  type StatusRow,
  statusRow,
  SUBMISSION_STATUS,
} from '../../contract/status-table';
import { SUBMISSION_STATUS } from '../../contract/status-table';

export function isAcceptedStatus(status: Status | undefined): boolean {
  return status?.code === SUBMISSION_STATUS.accepted;
}

// ---------- Problems v4 ----------

export interface OffsetPaging {
  limit?: number;
  offset?: number;
  total?: number;
  pages?: number;
  /** URL of the next page (embeds the token), or null on the last page. */
  next?: string | null;
  prev?: string | null;
}

export interface OffsetPage<T> {
  items: T[];
  paging?: OffsetPaging;
}

export interface TestCaseSummary {
  number: number;
  active?: boolean;
  uri?: string;
  [key: string]: unknown;
}

export interface Problem {
  id: number;
  code: string;
  name: string;
  body?: string;
  shortBody: string | null;
  type?: { id: number; name: string };
  interactive?: boolean;
  masterjudge?: { id: number; name: string; uri?: string };
  /** Normalised: `testcases` or `testCases` from the wire. */
  testcases?: TestCaseSummary[];
  permissions?: Record<string, boolean>;
  lastModified?: { body: number; settings: number };
  uri?: string;
  [key: string]: unknown;
}

export interface CreatedProblem {
  id: number;
  code?: string;
}

export interface TestCase {
  number: number;
  active?: boolean;
  timeLimit?: number;
  judge?: { id: number; name?: string; uri?: string };
  input?: { size: number; uri: string } | null;
  output?: { size: number; uri: string } | null;
  data?: { input?: string; output?: string };
  uri?: string;
  [key: string]: unknown;
}

export interface Judge {
  id: number;
  name: string;
  type?: { id: number; name: string };
  visibility?: unknown;
  shared?: boolean;
  compiler?: CompilerRef;
  source?: StreamRef | null;
  uri?: string;
  [key: string]: unknown;
}

export const PROBLEM_TYPE_IDS = { binary: 0, minimize: 1, maximize: 2 } as const;
export const JUDGE_TYPE_IDS = { testcase: 0, master: 1 } as const;

export interface TestCaseResult {
  number: number;
  status: Status;
  score: number | null;
  time: number | null;
  memory: number | null;
  signal: number | null;
  signal_desc?: string | null;
}

export interface ProblemsResult {
  status: Status;
  score: number | null;
  time: number | null;
  memory: number | null;
  signal: number | null;
  signal_desc: string | null;
  streams?: Partial<Record<ProblemsStreamName, StreamRef | null>>;
  /** Normalised from `testCases` or `testcases`; empty when the service sends neither. */
  testCases: TestCaseResult[];
}

export interface ProblemsSubmission {
  id: number;
  executing: boolean;
  date: string;
  compiler: CompilerRef;
  problem: { id: number; code: string; name: string; uri?: string };
  result: ProblemsResult;
  uri?: string;
}
