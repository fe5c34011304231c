// Compilers API v4: one method per endpoint of compilers-api-v4.md, plus the raw stream
// endpoint the official clients use (service-notes §2.4).
import { invalidArgument } from './errors';
import { HttpClient, type HttpClientOptions } from './http';
import { normaliseCompilersSubmission } from './normalise';
import { checkSubmissionIds, submissionBody, type SubmissionFiles } from './submission-files';
import type { Compiler, CompilersStreamName, CompilersSubmission, CreatedId, MessageResponse } from './types';

export interface CreateCompilersSubmissionParams {
  /** Source text; ignored by the service when `files` or `sourceArchivePath` is given. */
  source?: string;
  compilerId: number;
  compilerVersionId?: number;
  input?: string;
  /** Seconds. */
  timeLimit?: number;
  /** Kilobytes. */
  memoryLimit?: number;
  /** Multi-file mode: one `files[<name>]` part per entry. */
  files?: SubmissionFiles;
  /** Multi-file mode: a tar.gz archive sent in `source`. */
  sourceArchivePath?: string;
  /** Output files (beta): names relative to the program; sent as one `;`-separated string. */
  outputFilenames?: string[];
}

export class CompilersClient {
  readonly http: HttpClient;

  constructor(options: HttpClientOptions) {
    this.http = new HttpClient('compilers', options);
  }

  /** GET /test */
  test(signal?: AbortSignal): Promise<MessageResponse> {
    return this.http.json('GET', '/test', { signal });
  }

  /** GET /compilers */
  listCompilers(signal?: AbortSignal): Promise<{ items: Compiler[] }> {
    return this.http.json('GET', '/compilers', { signal });
  }

  /** POST /submissions — never retried (each submission uses up the pool). */
  async createSubmission(params: CreateCompilersSubmissionParams, signal?: AbortSignal): Promise<CreatedId> {
    const hasFiles = (params.files && Object.keys(params.files).length > 0) || params.sourceArchivePath;
    if (!hasFiles && (params.source === undefined || params.source === '')) {
      throw invalidArgument('compilers', 'The submission has no source code. Add the program text or files.');
    }
    const fields = {
      source: params.source,
      compilerId: params.compilerId,
      compilerVersionId: params.compilerVersionId,
      input: params.input,
      timeLimit: params.timeLimit,
      memoryLimit: params.memoryLimit,
      output_filenames: params.outputFilenames?.length ? params.outputFilenames.join(';') : undefined,
    };
    return this.http.json('POST', '/submissions', { body: submissionBody(fields, params.files, params.sourceArchivePath), signal });
  }

  /** GET /submissions/{id}. A poll: sent once, the caller keeps the polling rhythm (RequestOptions.retry). */
  async getSubmission(id: number, signal?: AbortSignal): Promise<CompilersSubmission> {
    return normaliseCompilersSubmission(await this.http.json('GET', `/submissions/${encodeURIComponent(String(id))}`, { signal, retry: false }));
  }

  /** GET /submissions?ids= — at most 20 ids, checked before sending. A poll: sent once, like getSubmission. */
  async getSubmissions(ids: readonly number[], signal?: AbortSignal): Promise<{ items: CompilersSubmission[] }> {
    const problem = checkSubmissionIds(ids);
    if (problem) throw invalidArgument('compilers', problem);
    const res = await this.http.json<{ items: unknown[] }>('GET', '/submissions', { query: { ids: ids.join(',') }, signal, retry: false });
    return { ...res, items: (res.items ?? []).map(normaliseCompilersSubmission) };
  }

  /** GET /submissions/{id}/{stream} — raw bytes, size-capped. */
  getSubmissionStream(id: number, stream: CompilersStreamName, signal?: AbortSignal): Promise<Buffer> {
    return this.http.raw('GET', `/submissions/${encodeURIComponent(String(id))}/${encodeURIComponent(stream)}`, { signal, what: `The stream ${stream}` });
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
