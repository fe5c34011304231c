// Error answers of the problems module.
//
// The spec lists codes only for POST /submissions (and GET /submissions ids via the compilers
// module). For the problem, test case and judge endpoints it lists none, so the emulator reuses
// the closest documented codes, always with a message that names the field or the object:
//   400/10      invalid request data (missing or malformed field; the containers module's code)
//   404/200201  problem, test case, judge or submission not found (POST /submissions' "not found")
//   403/200202  problem of another account (POST /submissions' "access denied")
//   409/409     a test case added while another is being added to the same problem (the v3
//               reference's "409 test cases added concurrently", which names no code)
// POST /submissions itself answers with the spec's 400 codes (200201, 200202, ...).
import { MAX_IDS_PER_REQUEST } from '../../contract';
import { apiError, type ApiError } from '../http/errors';

export const invalid = (message: string): ApiError => apiError(400, 10, `invalid request data: ${message}`);
export const notFound = (what: string): ApiError => apiError(404, 200201, `${what} not found`);
export const foreignProblem = (): ApiError => apiError(403, 200202, 'access denied: the problem belongs to another account');

export const concurrentTestCase = (): ApiError => apiError(409, 409, 'test cases are being added to this problem concurrently: add them one at a time');

export const builtinJudgeLocked = (): ApiError => apiError(403, 200202, 'access denied: built-in judges cannot be changed');

export const submissionErrors = {
  pool: () => apiError(402, 2, 'unable to create submission: the submission pool is empty'),
  sourceMissing: () => apiError(400, 201304, 'source code is missing'),
  problemMissing: () => apiError(400, 200204, 'problemId is missing'),
  problemNotFound: (id: string) => apiError(400, 200201, `problem ${id} not found`),
  problemDenied: () => apiError(400, 200202, 'access to the problem is denied'),
  compilerNotFound: (id: string) => apiError(400, 201101, `compiler ${id} not found`),
  versionNotFound: (id: string) => apiError(400, 201201, `compiler version ${id} not found`),
  compilerMissing: () => apiError(400, 201104, 'compilerId is missing'),
  compilerUnavailable: (id: number) => apiError(400, 201108, `compiler ${id} is not available on this machine`),
  // Not in the problems list, but the compilers document's multi-file mode (and its 201107) applies here.
  noMultiFile: (id: number) => apiError(400, 201107, `compiler ${id} does not support multi-file submissions`),
  sourceTooLarge: (limit: number) => apiError(400, 201306, `source code is too large (limit ${limit} bytes)`),
  testsFormat: () => apiError(400, 205205, 'tests: bad format; expected comma-separated test case numbers, e.g. 0,2'),
  testsInvalid: (n: number) => apiError(400, 205206, `tests: ${n} is not a test case of this problem`),
  testsEmpty: () => apiError(400, 205209, 'tests: the sequence is empty'),
  creationFailed: (why: string) => apiError(400, 1003, `creation failed: ${why}`),
  idsMissing: () => apiError(400, 205104, 'ids is missing'),
  idsFormat: () => apiError(400, 205105, 'ids: bad format; expected comma-separated submission ids'),
  idsTooMany: () => apiError(400, 205106, `ids: at most ${MAX_IDS_PER_REQUEST} ids`),
};
