// Public surface of the API layer (no `vscode` here: usable from tests, bench and the emulator tools).
//
//   const client = new ContainersClient({ endpoint: 'abc123de', token, proxy, logger });
//   await client.test();                           // checks endpoint + token
//   for await (const ws of client.iterateWorkspaces({ states: [2] })) { … }
//
// Every failure is a SphereApiError (explanation + action), except cancellation, which
// rejects with an Error named 'AbortError' (see isAbortError).

export { ContainersClient } from './containers';
export type { CreateContainersSubmissionParams, CreateWorkspaceParams, ListWorkspacesParams, UploadData } from './containers';
export { CompilersClient } from './compilers';
export type { CreateCompilersSubmissionParams } from './compilers';
export { ProblemsClient } from './problems';
export type { CreateJudgeParams, CreateProblemParams, CreateProblemsSubmissionParams, JudgeFields, ListParams, ProblemFields, TestCaseFields } from './problems';

export { HttpClient, DEFAULT_TIMEOUTS, MAX_TRANSFER_BYTES, USER_AGENT } from './http';
export type { HttpClientOptions, Query, RawRequestOptions, RequestOptions, Timeouts, DownloadedFile } from './http';
export type { FieldValue, MultipartPart, RequestBody } from './body';
export { API_MODULES, API_PATHS, MODULE_LABELS, type ApiModule } from './modules';
export { apiBaseUrl, normaliseEndpoint } from './endpoint';
export { endpointKind, type EndpointKind } from './endpoint-kind';
export { isLoopbackHost, isLoopbackOrigin, selectProxy, type ProxyConfig } from './proxy';
export { forgetSecret, redact, registerSecret } from './redact';
export { abortableSleep, backoffDelay, DEFAULT_RETRY, isRetryableMethod, isRetryableStatus, parseRetryAfter, type RetryOptions, type Sleep } from './retry';
export {
  abortError,
  ACTION_LABELS,
  deadlineError,
  redirectError,
  classifyTransportError,
  ERROR_TABLE,
  errorFromHttp,
  errorFromTransport,
  findHttpRow,
  findTransportRow,
  invalidArgument,
  isAbortError,
  isTransientError,
  SPEC_ERROR_CODES,
  SphereApiError,
  tooLargeError,
  type ErrorKind,
  type ErrorRow,
  type SphereApiErrorInit,
  type SuggestedAction,
} from './errors';
export { collect, iterateByOffset, iterateByPageToken } from './paging';
export { checkSubmissionIds, MAX_IDS_PER_REQUEST, MAX_SUBMISSION_SOURCE_BYTES, submissionBody, type SubmissionFiles } from './submission-files';
export { encodeWorkspacePath, toWorkspaceRelative, WORKSPACE_ROOT } from './workspace-path';
export { normaliseCompilersSubmission, normaliseContainersSubmission, normaliseProblem, normaliseProblemsSubmission, normaliseWorkspace } from './normalise';
export * from './types';
