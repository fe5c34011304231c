// ONE table: (module, HTTP status, error_code) → plain-words explanation + suggested action.
// Specific rows come from the three API references; generic rows cover statuses and
// transport failures the references do not list. Tests iterate SPEC_ERROR_CODES against it.
import { MAX_IDS_PER_REQUEST } from '../../contract/submission-limits';
import type { SuggestedAction } from './actions';
import type { EndpointKind } from './endpoint-kind';
import type { ApiModule } from './modules';

/** Why a request failed, beyond an HTTP status. */
export type ErrorKind =
  | 'http' // the server answered with an error status
  | 'timeout'
  | 'connectionRefused'
  | 'dns'
  | 'tls'
  | 'network' // reset, closed socket, proxy failure...
  | 'malformed' // HTML error page, truncated JSON, wrong content type
  | 'tooLarge' // a download or upload over the client's size cap
  | 'invalidEndpoint'
  | 'invalidArgument'; // refused locally before sending

export interface ErrorRow {
  /** '*' matches every module. */
  module: ApiModule | '*';
  /** Exact HTTP status, '5xx' for any server error, null for rows that are not about a status. */
  status: number | '5xx' | null;
  /** Sphere Engine error_code, null for rows that match any code (or none). */
  code: number | null;
  /** For rows with status null: which transport failure they describe. */
  kind?: ErrorKind;
  /** Only for requests to this kind of endpoint (a code documented for those endpoints alone). */
  endpoint?: EndpointKind;
  explanation: string;
  action: SuggestedAction;
}

const C = 'containers' as const;
const K = 'compilers' as const;
const P = 'problems' as const;

function row(module: ErrorRow['module'], status: ErrorRow['status'], code: number | null, explanation: string, action: SuggestedAction, endpoint?: EndpointKind): ErrorRow {
  return endpoint === undefined ? { module, status, code, explanation, action } : { module, status, code, explanation, action, endpoint };
}

const TOKEN_REJECTED = 'The access token was rejected (missing, mistyped, revoked, or made for another module). Set a valid token for this module.';
const PAYMENT = 'The account is inactive or its submission pool is empty, so no submission was created. Top up or activate the account in the client panel.';
const CREATE_FAILED =
  'The service could not create the submission. It was probably not stored, but check the submission history before sending it again, because every submission uses up the pool.';
const SOURCE_MISSING = 'The submission has no source code. Add the program text (or files) and submit again.';
const COMPILER_NOT_FOUND = 'The chosen compiler (language) id does not exist on this account. Pick a language from the list of compilers.';
const VERSION_NOT_FOUND = 'The chosen compiler version does not exist for this language. Pick a version from the list of compilers or leave it at the default.';
const COMPILER_MISSING = 'No compiler (language) was given. Choose a language and submit again.';
const SOURCE_TOO_LARGE = 'The source code is larger than the service accepts. Make the program smaller or send it as files.';
const IDS_MISSING = 'The request for several submissions carried no ids. This is a bug in the request; try again.';
const IDS_FORMAT = 'The list of submission ids was badly formatted (it must be comma-separated positive integers).';
const IDS_TOO_MANY = `More than ${MAX_IDS_PER_REQUEST} submission ids were requested at once; the service allows at most ${MAX_IDS_PER_REQUEST} per call.`;

export const ERROR_TABLE: readonly ErrorRow[] = [
  // ---- Containers (containers-api-v1.md) ----
  row(C, 401, 1, TOKEN_REJECTED, 'setToken'),
  row(C, 400, 10, 'The service refused the request data (a value is missing, out of range or of the wrong type). Check the parameters you entered.', 'fixInput'),
  row(C, 400, 1003, 'The workspace could not be created. Nothing was started; try again, and check the project settings if it keeps failing.', 'retry'),
  // The reference documents 500/1003, 500/1008 and 500/1013 for stop, resume and remove only;
  // elsewhere (an upload, say) they get the generic 5xx row, not a lifecycle explanation.
  row(C, 500, 1003, 'The service failed to stop, resume or remove the workspace. Wait a moment and try again.', 'waitAndRetry', 'workspaceLifecycle'),
  row(C, 404, 1001, 'The workspace or submission does not exist (it may have been removed, or the id belongs to another account).', 'fixInput'),
  row(C, 404, 1008, 'The workspace is not available for file operations: it is stopped or still starting. Resume it (or wait until it runs) and try again.', 'resumeWorkspace'),
  row(C, 500, 1008, 'The service hit an internal error while resuming the workspace. Wait a moment and try again.', 'waitAndRetry', 'workspaceLifecycle'),
  row(C, 400, 1010, 'The workspace cannot be resumed because of an internal error on the service. Wait a moment and try again, or create a new workspace.', 'waitAndRetry'),
  row(
    C,
    400,
    1013,
    'The workspace cannot be stopped, resumed or removed in its current state (for example it is still starting, already stopped, or being stopped). Refresh it, wait for the state to settle and try again.',
    'waitAndRetry',
  ),
  row(C, 500, 1013, 'The service could not change the workspace state because of an internal error. Wait a moment and try again.', 'waitAndRetry', 'workspaceLifecycle'),
  row(
    C,
    400,
    1101,
    'The file or directory was not found in the workspace, or the path points to the wrong kind of entry (a directory instead of a file, or the reverse).',
    'fixInput',
  ),
  row(C, 404, 1101, 'The requested stream is not available for this workspace or submission (it was never produced).', 'fixInput'),
  row(C, 400, 1102, 'Permission denied: the file or directory in the workspace cannot be read.', 'fixInput'),
  row(C, 500, 1103, 'The service failed to read, upload or list the file in the workspace. Try again.', 'retry'),
  row(C, 400, 1105, 'The stream name is invalid, or the file path could not be decoded.', 'fixInput'),
  row(C, 404, 1108, 'The workspace is not available for downloading files: it is stopped or still starting. Resume it (or wait until it runs) and try again.', 'resumeWorkspace'),
  row(C, 413, 1111, 'The file is larger than 16 MiB, the most the service lets you download from a workspace.', 'fixInput'),
  row(C, 404, 200201, 'The project does not exist (check the project id, or whether it was deleted).', 'fixInput'),
  row(C, 409, 200510, 'The project is temporarily unavailable (for example it is being rebuilt). Wait a few minutes and try again.', 'waitAndRetry'),
  row(C, 409, 200611, 'There is no free workspace slot on the account. Stop or remove a running workspace, then try again.', 'stopAWorkspace'),
  row(C, 409, 200612, 'Another edit session of this project is already active. Close it, then try again.', 'waitAndRetry'),
  row(C, 400, 202504, 'The upload carried no file data. This is a bug in the request; try again.', 'retry'),
  row(C, 400, 202604, 'The upload carried no target path. Choose where the file should go.', 'fixInput'),
  row(
    C,
    400,
    202601,
    'The target path was not accepted: its directory does not exist in the workspace (create the parent directories first), or a name in it is too long (255 bytes at most).',
    'fixInput',
  ),
  row(C, 400, 202602, 'Permission denied: the file cannot be written at that place in the workspace.', 'fixInput'),
  row(C, 400, 202612, 'The target path exists and is not a regular file (it is a directory, for example).', 'fixInput'),
  row(C, 413, 202511, 'The file is larger than 16 MiB, the most the service accepts for one upload.', 'fixInput'),
  row(C, 402, 2, PAYMENT, 'contactSupport'),

  // ---- Compilers (compilers-api-v4.md) ----
  row(K, 401, 1, TOKEN_REJECTED, 'setToken'),
  row(K, 402, 2, PAYMENT, 'contactSupport'),
  row(K, 400, 201304, SOURCE_MISSING, 'fixInput'),
  row(K, 400, 201101, COMPILER_NOT_FOUND, 'fixInput'),
  row(K, 400, 201201, VERSION_NOT_FOUND, 'fixInput'),
  row(K, 400, 201107, 'This compiler does not support multi-file submissions. Send a single source file, or choose another language.', 'fixInput'),
  row(K, 400, 201104, COMPILER_MISSING, 'fixInput'),
  row(K, 400, 201306, SOURCE_TOO_LARGE, 'fixInput'),
  row(K, 400, 201406, 'The input data is larger than the service accepts. Use a smaller input.', 'fixInput'),
  row(K, 400, 201906, 'The time limit is out of the allowed range. Choose a smaller (or positive) time limit.', 'fixInput'),
  row(K, 400, 202006, 'The memory limit is out of the allowed range. Choose another memory limit.', 'fixInput'),
  row(K, 400, 1003, CREATE_FAILED, 'checkHistoryBeforeResubmit'),
  row(K, 400, 205104, IDS_MISSING, 'retry'),
  row(K, 400, 205105, IDS_FORMAT, 'fixInput'),
  row(K, 400, 205106, IDS_TOO_MANY, 'fixInput'),

  // ---- Problems (problems-api-v4.md) ----
  row(P, 401, 1, TOKEN_REJECTED, 'setToken'),
  row(P, 402, 2, PAYMENT, 'contactSupport'),
  row(P, 400, 201304, SOURCE_MISSING, 'fixInput'),
  row(P, 400, 200204, 'No problem was given for the submission. Choose a problem and submit again.', 'fixInput'),
  row(P, 400, 200201, 'The problem does not exist (check the problem id, or whether it was deleted).', 'fixInput'),
  row(P, 400, 200202, 'Access to this problem is denied for your account.', 'fixInput'),
  row(P, 400, 201101, COMPILER_NOT_FOUND, 'fixInput'),
  row(P, 400, 201201, VERSION_NOT_FOUND, 'fixInput'),
  row(P, 400, 201104, COMPILER_MISSING, 'fixInput'),
  row(P, 400, 201108, 'This compiler is not available for the problem. Choose another language.', 'fixInput'),
  row(P, 400, 201306, SOURCE_TOO_LARGE, 'fixInput'),
  row(P, 400, 205205, 'The list of test cases is badly formatted; use comma-separated test numbers such as 0,1,2.', 'fixInput'),
  row(P, 400, 205206, 'The list of test cases names a test that the problem does not have.', 'fixInput'),
  row(P, 400, 205209, "The list of test cases is empty. Name at least one test, or leave the list out to run the problem's default tests.", 'fixInput'),
  row(P, 400, 1003, CREATE_FAILED, 'checkHistoryBeforeResubmit'),
  // Same ids rules as the compilers module (service-notes §2.4; not listed in the problems reference).
  row(P, 400, 205104, IDS_MISSING, 'retry'),
  row(P, 400, 205105, IDS_FORMAT, 'fixInput'),
  row(P, 400, 205106, IDS_TOO_MANY, 'fixInput'),

  // ---- Generic rows by HTTP status (any module, any or no error_code) ----
  row('*', 400, null, 'The service refused the request as incorrect. Check the values you entered.', 'fixInput'),
  row('*', 401, null, TOKEN_REJECTED, 'setToken'),
  row('*', 402, null, PAYMENT, 'contactSupport'),
  row(
    '*',
    403,
    null,
    'Access denied: the token is valid but not allowed to use this resource (it may belong to someone else, or the service is refusing requests that come too fast).',
    'setToken',
  ),
  row('*', 404, null, 'The resource does not exist (check the id, or the endpoint address in the settings).', 'openSettings'),
  row('*', 409, null, 'The request conflicts with the current state on the service. Refresh and try again.', 'waitAndRetry'),
  row('*', 413, null, 'The data sent or requested is larger than the service allows (16 MiB for files).', 'fixInput'),
  row('*', 429, null, 'Too many requests in a short time; the service is slowing us down. Wait a moment and try again.', 'waitAndRetry'),
  row('*', '5xx', null, 'The service had an internal problem or is unreachable behind its gateway. Wait a moment and try again.', 'waitAndRetry'),

  // ---- Transport rows (no HTTP answer, or an unusable one) ----
  {
    module: '*',
    status: null,
    code: null,
    kind: 'timeout',
    explanation: 'The service did not answer in time. Check your network (and proxy settings), then try again.',
    action: 'retry',
  },
  {
    module: '*',
    status: null,
    code: null,
    kind: 'connectionRefused',
    explanation: 'The connection was refused: nothing is listening at the endpoint address. Check the endpoint in the settings (or start the local emulator).',
    action: 'openSettings',
  },
  {
    module: '*',
    status: null,
    code: null,
    kind: 'dns',
    explanation: 'The endpoint host name could not be found. Check the endpoint (customer id) in the settings and your network connection.',
    action: 'openSettings',
  },
  {
    module: '*',
    status: null,
    code: null,
    kind: 'tls',
    explanation: 'The secure connection failed (certificate not trusted). If you are behind a company proxy, check the proxy settings (http.proxyStrictSSL).',
    action: 'openSettings',
  },
  {
    module: '*',
    status: null,
    code: null,
    kind: 'network',
    explanation: 'The connection to the service failed or was cut. Check your network and proxy settings, then try again.',
    action: 'retry',
  },
  {
    module: '*',
    status: null,
    code: null,
    kind: 'malformed',
    explanation:
      'The service answered with something that is not the expected JSON (an HTML error page, a cut-off answer or the wrong content type). A proxy or gateway may be in the way; try again, and check the endpoint address.',
    action: 'retry',
  },
  { module: '*', status: null, code: null, kind: 'tooLarge', explanation: 'The data is larger than 16 MiB, the most the client sends or downloads in one go.', action: 'fixInput' },
];

/**
 * Every (module, HTTP status, error_code) listed in the three API references.
 * A unit test checks that each has its own row in ERROR_TABLE.
 */
export const SPEC_ERROR_CODES: ReadonlyArray<readonly [ApiModule, number, number]> = [
  [C, 401, 1],
  [C, 400, 10],
  [C, 400, 1003],
  [C, 500, 1003],
  [C, 404, 1001],
  [C, 404, 1008],
  [C, 500, 1008],
  [C, 400, 1010],
  [C, 400, 1013],
  [C, 500, 1013],
  [C, 400, 1101],
  [C, 404, 1101],
  [C, 400, 1102],
  [C, 500, 1103],
  [C, 400, 1105],
  [C, 404, 1108],
  [C, 413, 1111],
  [C, 404, 200201],
  [C, 409, 200510],
  [C, 409, 200611],
  [C, 409, 200612],
  [C, 400, 202504],
  [C, 400, 202604],
  [C, 400, 202601],
  [C, 400, 202602],
  [C, 400, 202612],
  [C, 413, 202511],
  [K, 401, 1],
  [K, 402, 2],
  [K, 400, 201304],
  [K, 400, 201101],
  [K, 400, 201201],
  [K, 400, 201107],
  [K, 400, 201104],
  [K, 400, 201306],
  [K, 400, 201406],
  [K, 400, 201906],
  [K, 400, 202006],
  [K, 400, 1003],
  [K, 400, 205104],
  [K, 400, 205105],
  [K, 400, 205106],
  [P, 401, 1],
  [P, 402, 2],
  [P, 400, 201304],
  [P, 400, 200204],
  [P, 400, 200201],
  [P, 400, 200202],
  [P, 400, 201101],
  [P, 400, 201201],
  [P, 400, 201104],
  [P, 400, 201108],
  [P, 400, 201306],
  [P, 400, 205205],
  [P, 400, 205206],
  [P, 400, 205209],
  [P, 400, 1003],
];

/**
 * The most specific row for an HTTP error answer: exact triple, then module+code, then status,
 * then 5xx. Rows tied to an endpoint kind count only for requests to that kind of endpoint.
 */
export function findHttpRow(module: ApiModule, status: number, code: number | undefined, endpoint: EndpointKind = 'other'): ErrorRow {
  const rows = ERROR_TABLE.filter((r) => r.endpoint === undefined || r.endpoint === endpoint);
  if (code !== undefined) {
    const exact = rows.find((r) => r.module === module && r.status === status && r.code === code);
    if (exact) return exact;
    // A documented code seen with an undocumented status: the code says more than the status.
    const sameCode = rows.find((r) => r.module === module && r.code === code && typeof r.status === 'number');
    if (sameCode && status < 500) return sameCode;
  }
  const byStatus = rows.find((r) => r.module === '*' && r.status === status);
  if (byStatus) return byStatus;
  if (status >= 500) return rows.find((r) => r.status === '5xx')!;
  // Any other 4xx: treat as an incorrect request.
  return rows.find((r) => r.module === '*' && r.status === 400)!;
}

/** The row for a failure without a usable HTTP answer. */
export function findTransportRow(kind: ErrorKind): ErrorRow {
  return ERROR_TABLE.find((r) => r.status === null && r.kind === kind) ?? ERROR_TABLE.find((r) => r.kind === 'network')!;
}
