// Problems API v4: one method per endpoint of problems-api-v4.md, plus the endpoints the
// official clients use beyond it (service-notes §3.2): problem PUT/DELETE, test case
// GET/PUT/DELETE and raw files, judges, re-judge.
import type { FieldValue, MultipartPart, RequestBody } from './body';
import type { DownloadedFile } from './download-file';
import { invalidArgument } from './errors';
import { HttpClient, type HttpClientOptions } from './http';
import { normaliseProblem, normaliseProblemsSubmission } from './normalise';
import { iterateByOffset } from './paging';
import { checkSubmissionIds, submissionBody, type SubmissionFiles } from './submission-files';
import type { Compiler, CreatedId, CreatedProblem, Judge, MessageResponse, OffsetPage, Problem, ProblemsStreamName, ProblemsSubmission, TestCase } from './types';

export interface ListParams {
  limit?: number;
  offset?: number;
}

export interface ProblemFields {
  name?: string;
  body?: string;
  /** 0 binary, 1 minimize, 2 maximize. */
  typeId?: number;
  interactive?: boolean;
  masterjudgeId?: number;
  /** Comma-separated numbers of the active test cases (update only). */
  activeTestcases?: number[];
  executionMode?: 'isolated' | 'fast';
}

export interface CreateProblemParams extends ProblemFields {
  name: string;
  code?: string;
}

export interface TestCaseFields {
  input?: string;
  output?: string;
  /** Seconds (may be fractional). */
  timeLimit?: number;
  judgeId?: number;
  active?: boolean;
}

export interface JudgeFields {
  source?: string;
  compilerId?: number;
  compilerVersionId?: number;
  name?: string;
  shared?: boolean;
}

export interface CreateJudgeParams extends JudgeFields {
  source: string;
  compilerId: number;
  /** 0 test case judge, 1 master judge. */
  typeId?: number;
}

export interface CreateProblemsSubmissionParams {
  problemId: number;
  compilerId: number;
  compilerVersionId?: number;
  source?: string;
  /** Test case numbers to run; default: the problem's active tests. */
  tests?: number[];
  files?: SubmissionFiles;
  sourceArchivePath?: string;
  executionMode?: 'isolated' | 'fast';
}

const id = (value: number | string) => encodeURIComponent(String(value));

function problemFields(p: ProblemFields & { code?: string }): Record<string, FieldValue> {
  return {
    code: p.code,
    name: p.name,
    body: p.body,
    typeId: p.typeId,
    interactive: p.interactive,
    masterjudgeId: p.masterjudgeId,
    activeTestcases: p.activeTestcases?.join(','),
    executionMode: p.executionMode,
  };
}

function testCaseFields(t: TestCaseFields): Record<string, FieldValue> {
  return { input: t.input, output: t.output, timeLimit: t.timeLimit, judgeId: t.judgeId, active: t.active };
}

export interface TestCaseFileFields {
  inputPath?: string;
  outputPath?: string;
  timeLimit?: number;
  judgeId?: number;
  active?: boolean;
}

function testCaseMultipart(t: TestCaseFileFields): RequestBody {
  const parts: MultipartPart[] = [];
  if (t.inputPath !== undefined) parts.push({ name: 'input', filePath: t.inputPath, filename: 'input', contentType: 'text/plain' });
  if (t.outputPath !== undefined) parts.push({ name: 'output', filePath: t.outputPath, filename: 'output', contentType: 'text/plain' });
  parts.push({ name: 'timeLimit', value: t.timeLimit }, { name: 'judgeId', value: t.judgeId }, { name: 'active', value: t.active });
  return { kind: 'multipart', parts };
}

function judgeFields(j: JudgeFields & { typeId?: number }): Record<string, FieldValue> {
  return { source: j.source, compilerId: j.compilerId, compilerVersionId: j.compilerVersionId, typeId: j.typeId, name: j.name, shared: j.shared };
}

export class ProblemsClient {
  readonly http: HttpClient;

  constructor(options: HttpClientOptions) {
    this.http = new HttpClient('problems', options);
  }

  /** GET /test */
  test(signal?: AbortSignal): Promise<MessageResponse> {
    return this.http.json('GET', '/test', { signal });
  }

  /** GET /compilers */
  listCompilers(signal?: AbortSignal): Promise<{ items: Compiler[] }> {
    return this.http.json('GET', '/compilers', { signal });
  }

  // ---------- problems ----------

  /** GET /problems — one page. */
  async listProblems(params: ListParams & { shortBody?: boolean } = {}, signal?: AbortSignal): Promise<OffsetPage<Problem>> {
    const page = await this.http.json<OffsetPage<unknown>>('GET', '/problems', {
      query: { limit: params.limit, offset: params.offset, shortBody: params.shortBody },
      signal,
    });
    return { ...page, items: (page.items ?? []).map(normaliseProblem) };
  }

  /** Every problem, page after page. */
  iterateProblems(params: { limit?: number; shortBody?: boolean } = {}, signal?: AbortSignal): AsyncGenerator<Problem> {
    return iterateByOffset((offset, limit) => this.listProblems({ ...params, limit, offset }, signal), params.limit ?? 10);
  }

  /** POST /problems */
  createProblem(params: CreateProblemParams, signal?: AbortSignal): Promise<CreatedProblem> {
    return this.http.json('POST', '/problems', { body: { kind: 'form', fields: problemFields(params) }, signal });
  }

  /** GET /problems/{id} */
  async getProblem(problemId: number, params: { shortBody?: boolean } = {}, signal?: AbortSignal): Promise<Problem> {
    return normaliseProblem(await this.http.json('GET', `/problems/${id(problemId)}`, { query: { shortBody: params.shortBody }, signal }));
  }

  /** PUT /problems/{id} */
  async updateProblem(problemId: number, fields: ProblemFields, signal?: AbortSignal): Promise<void> {
    await this.http.json('PUT', `/problems/${id(problemId)}`, { body: { kind: 'form', fields: problemFields(fields) }, signal });
  }

  /** DELETE /problems/{id} */
  async deleteProblem(problemId: number, signal?: AbortSignal): Promise<void> {
    await this.http.json('DELETE', `/problems/${id(problemId)}`, { signal });
  }

  // ---------- test cases ----------

  /** GET /problems/{id}/testcases */
  listTestCases(problemId: number, signal?: AbortSignal): Promise<{ items: TestCase[] }> {
    return this.http.json('GET', `/problems/${id(problemId)}/testcases`, { signal });
  }

  /** POST /problems/{id}/testcases → the new test number. */
  createTestCase(problemId: number, fields: TestCaseFields, signal?: AbortSignal): Promise<{ number: number }> {
    return this.http.json('POST', `/problems/${id(problemId)}/testcases`, { body: { kind: 'form', fields: testCaseFields(fields) }, signal });
  }

  /** GET /problems/{id}/testcases/{number} */
  getTestCase(problemId: number, testNumber: number, signal?: AbortSignal): Promise<TestCase> {
    return this.http.json('GET', `/problems/${id(problemId)}/testcases/${id(testNumber)}`, { signal });
  }

  /** PUT /problems/{id}/testcases/{number} */
  async updateTestCase(problemId: number, testNumber: number, fields: TestCaseFields, signal?: AbortSignal): Promise<void> {
    await this.http.json('PUT', `/problems/${id(problemId)}/testcases/${id(testNumber)}`, { body: { kind: 'form', fields: testCaseFields(fields) }, signal });
  }

  /** DELETE /problems/{id}/testcases/{number} */
  async deleteTestCase(problemId: number, testNumber: number, signal?: AbortSignal): Promise<void> {
    await this.http.json('DELETE', `/problems/${id(problemId)}/testcases/${id(testNumber)}`, { signal });
  }

  /** GET /problems/{id}/testcases/{number}/{input|output} — raw, size-capped. */
  getTestCaseFile(problemId: number, testNumber: number, file: 'input' | 'output', signal?: AbortSignal): Promise<Buffer> {
    return this.http.raw('GET', `/problems/${id(problemId)}/testcases/${id(testNumber)}/${file}`, { signal, what: `The test case ${testNumber} ${file}` });
  }

  /** GET /problems/{id}/testcases/{number}/{input|output} streamed into `file` (16 MiB cap), hashed. */
  downloadTestCaseFile(problemId: number, testNumber: number, file: 'input' | 'output', toFile: string, signal?: AbortSignal): Promise<DownloadedFile> {
    return this.http.download('GET', `/problems/${id(problemId)}/testcases/${id(testNumber)}/${file}`, toFile, { signal, what: `The test case ${testNumber} ${file}` });
  }

  /** POST /problems/{id}/testcases with input and output read from disk as the body is sent (multipart). */
  createTestCaseFromFiles(problemId: number, fields: TestCaseFileFields, signal?: AbortSignal): Promise<{ number: number }> {
    return this.http.json('POST', `/problems/${id(problemId)}/testcases`, { body: testCaseMultipart(fields), signal });
  }

  /** PUT /problems/{id}/testcases/{number}, multipart; only the fields given are sent. */
  async updateTestCaseFromFiles(problemId: number, testNumber: number, fields: TestCaseFileFields, signal?: AbortSignal): Promise<void> {
    await this.http.json('PUT', `/problems/${id(problemId)}/testcases/${id(testNumber)}`, { body: testCaseMultipart(fields), signal });
  }

  // ---------- judges ----------

  /** GET /judges — one page; typeId 0 test case judges, 1 master judges. */
  listJudges(params: ListParams & { typeId?: number } = {}, signal?: AbortSignal): Promise<OffsetPage<Judge>> {
    return this.http.json('GET', '/judges', { query: { limit: params.limit, offset: params.offset, typeId: params.typeId }, signal });
  }

  /** Every judge of a type, page after page. */
  iterateJudges(params: { limit?: number; typeId?: number } = {}, signal?: AbortSignal): AsyncGenerator<Judge> {
    return iterateByOffset((offset, limit) => this.listJudges({ ...params, limit, offset }, signal), params.limit ?? 10);
  }

  /** POST /judges */
  createJudge(params: CreateJudgeParams, signal?: AbortSignal): Promise<CreatedId> {
    return this.http.json('POST', '/judges', { body: { kind: 'form', fields: judgeFields(params) }, signal });
  }

  /** GET /judges/{id} */
  getJudge(judgeId: number, signal?: AbortSignal): Promise<Judge> {
    return this.http.json('GET', `/judges/${id(judgeId)}`, { signal });
  }

  /** PUT /judges/{id} */
  async updateJudge(judgeId: number, fields: JudgeFields, signal?: AbortSignal): Promise<void> {
    await this.http.json('PUT', `/judges/${id(judgeId)}`, { body: { kind: 'form', fields: judgeFields(fields) }, signal });
  }

  /** GET /judges/{id}/{filename} — the judge's source by default; raw, size-capped. */
  getJudgeFile(judgeId: number, filename = 'source', signal?: AbortSignal): Promise<Buffer> {
    return this.http.raw('GET', `/judges/${id(judgeId)}/${encodeURIComponent(filename)}`, { signal, what: `The judge file ${filename}` });
  }

  // ---------- submissions ----------

  /** POST /submissions — never retried (each submission uses up the pool). */
  async createSubmission(params: CreateProblemsSubmissionParams, signal?: AbortSignal): Promise<CreatedId> {
    const hasFiles = (params.files && Object.keys(params.files).length > 0) || params.sourceArchivePath;
    if (!hasFiles && (params.source === undefined || params.source === '')) {
      throw invalidArgument('problems', 'The solution has no source code. Add the program text or files.');
    }
    if (params.tests && params.tests.length === 0) {
      throw invalidArgument('problems', 'The list of test cases is empty. Name at least one test, or leave the list out.');
    }
    const fields = {
      problemId: params.problemId,
      compilerId: params.compilerId,
      compilerVersionId: params.compilerVersionId,
      source: params.source,
      tests: params.tests?.join(','),
      executionMode: params.executionMode,
    };
    return this.http.json('POST', '/submissions', { body: submissionBody(fields, params.files, params.sourceArchivePath), signal });
  }

  /** GET /submissions/{id}. A poll: sent once, the caller keeps the polling rhythm (RequestOptions.retry). */
  async getSubmission(submissionId: number, signal?: AbortSignal): Promise<ProblemsSubmission> {
    return normaliseProblemsSubmission(await this.http.json('GET', `/submissions/${id(submissionId)}`, { signal, retry: false }));
  }

  /** GET /submissions?ids= — at most 20 ids, checked before sending. A poll: sent once, like getSubmission. */
  async getSubmissions(ids: readonly number[], signal?: AbortSignal): Promise<{ items: ProblemsSubmission[] }> {
    const problem = checkSubmissionIds(ids);
    if (problem) throw invalidArgument('problems', problem);
    const res = await this.http.json<{ items: unknown[] }>('GET', '/submissions', { query: { ids: ids.join(',') }, signal, retry: false });
    return { ...res, items: (res.items ?? []).map(normaliseProblemsSubmission) };
  }

  /** PUT /submissions/{id} with an empty body: judge the submission again. Never retried. */
  async rejudge(submissionId: number, signal?: AbortSignal): Promise<void> {
    await this.http.json('PUT', `/submissions/${id(submissionId)}`, { signal });
  }

  /** GET /submissions/{id}/{stream} — raw bytes, size-capped. */
  getSubmissionStream(submissionId: number, stream: ProblemsStreamName, signal?: AbortSignal): Promise<Buffer> {
    return this.http.raw('GET', `/submissions/${id(submissionId)}/${encodeURIComponent(stream)}`, { signal, what: `The stream ${stream}` });
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
