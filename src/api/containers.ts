// Containers API v1: one method per endpoint of containers-api-v1.md.
import * as fs from 'node:fs';
import type { MultipartPart } from './body';
import { invalidArgument, tooLargeError } from './errors';
import { HttpClient, MAX_TRANSFER_BYTES, type HttpClientOptions, type UploadProgress } from './http';
import { normaliseContainersSubmission, normaliseWorkspace } from './normalise';
import { iterateByPageToken } from './paging';
import type {
  ContainersStreamName,
  ContainersSubmission,
  CreateContainersSubmissionResponse,
  CreateWorkspaceResponse,
  DirectoryListing,
  MessageResponse,
  Project,
  TokenPage,
  UploadFileResponse,
  Workspace,
  WorkspaceStreamName,
} from './types';
import { encodeWorkspacePath, toWorkspaceRelative } from './workspace-path';

export interface ListWorkspacesParams {
  projectId?: string;
  /** Workspace state codes (1..5), sent as repeated `states[]`. */
  states?: number[];
  /** 1..30, default 10. */
  limit?: number;
  pageToken?: string;
}

export interface CreateWorkspaceParams {
  projectId: string;
  /** JSON-encoded project configuration override. */
  projectConfig?: string;
  /** Minutes, 10..60. */
  inactivityTimeout?: number;
  workspaceTokenRequired?: boolean;
  workspaceInit?: string;
  autoResume?: boolean;
  /** Minutes, 0..43200. */
  retentionTimeStopped?: number;
  /** Minutes, 0..43200. */
  retentionTimeTotal?: number;
  /** Path of a tar.gz archive extracted into the workspace; sent as multipart `files`. */
  filesArchivePath?: string;
}

export interface CreateContainersSubmissionParams {
  projectId: string;
  scenario?: string;
  /** tar.gz archive with one top-level `workspace/` directory (see core/packer). */
  sourcePath: string;
  /** Bytes of the archive sent so far and its size, from (0, size) to (size, size). */
  onUploadProgress?: UploadProgress;
}

/** Data for an upload: bytes in memory, or a file on disk streamed from there. */
export type UploadData = Buffer | Uint8Array | { path: string };

export class ContainersClient {
  readonly http: HttpClient;

  constructor(options: HttpClientOptions) {
    this.http = new HttpClient('containers', options);
  }

  /** GET /test — checks endpoint and token. */
  test(signal?: AbortSignal): Promise<MessageResponse> {
    return this.http.json('GET', '/test', { signal });
  }

  /** GET /workspaces — one page. */
  async listWorkspaces(params: ListWorkspacesParams = {}, signal?: AbortSignal): Promise<TokenPage<Workspace>> {
    const page = await this.http.json<TokenPage<unknown>>('GET', '/workspaces', {
      query: { project_id: params.projectId, 'states[]': params.states, limit: params.limit, page_token: params.pageToken },
      signal,
    });
    return { ...page, items: (page.items ?? []).map(normaliseWorkspace) };
  }

  /** Every workspace matching the filter, page after page. */
  iterateWorkspaces(params: Omit<ListWorkspacesParams, 'pageToken'> = {}, signal?: AbortSignal): AsyncGenerator<Workspace> {
    return iterateByPageToken((pageToken) => this.listWorkspaces({ ...params, pageToken }, signal));
  }

  /** POST /workspaces. Current field names only: the deprecated aliases are never sent. */
  async createWorkspace(params: CreateWorkspaceParams, signal?: AbortSignal): Promise<CreateWorkspaceResponse> {
    const fields = {
      project_id: params.projectId,
      project_config: params.projectConfig,
      inactivity_timeout: params.inactivityTimeout,
      workspace_token_required: params.workspaceTokenRequired,
      workspace_init: params.workspaceInit,
      auto_resume: params.autoResume,
      retention_time_stopped: params.retentionTimeStopped,
      retention_time_total: params.retentionTimeTotal,
    };
    const body = params.filesArchivePath
      ? {
          kind: 'multipart' as const,
          parts: [
            ...Object.entries(fields).map(([name, value]): MultipartPart => ({ name, value })),
            { name: 'files', filePath: params.filesArchivePath, contentType: 'application/gzip' },
          ],
        }
      : { kind: 'form' as const, fields };
    const res = await this.http.json<CreateWorkspaceResponse>('POST', '/workspaces', { body, signal });
    return { ...res, workspace: normaliseWorkspace(res.workspace) };
  }

  /** GET /workspaces/{id} */
  async getWorkspace(id: string, signal?: AbortSignal): Promise<Workspace> {
    return normaliseWorkspace(await this.http.json('GET', `/workspaces/${encodeURIComponent(id)}`, { signal }));
  }

  /** GET /workspaces/{id}/{stream} — raw bytes. */
  getWorkspaceStream(id: string, stream: WorkspaceStreamName, signal?: AbortSignal): Promise<Buffer> {
    return this.http.raw('GET', `/workspaces/${encodeURIComponent(id)}/${encodeURIComponent(stream)}`, { signal, what: `The stream ${stream}` });
  }

  /** PUT /workspaces/{id}/stop */
  stopWorkspace(id: string, signal?: AbortSignal): Promise<MessageResponse> {
    return this.http.json('PUT', `/workspaces/${encodeURIComponent(id)}/stop`, { signal });
  }

  /** PUT /workspaces/{id}/resume */
  resumeWorkspace(id: string, signal?: AbortSignal): Promise<MessageResponse> {
    return this.http.json('PUT', `/workspaces/${encodeURIComponent(id)}/resume`, { signal });
  }

  /** PUT /workspaces/{id}/remove */
  removeWorkspace(id: string, signal?: AbortSignal): Promise<MessageResponse> {
    return this.http.json('PUT', `/workspaces/${encodeURIComponent(id)}/remove`, { signal });
  }

  /**
   * POST /workspaces/{id}/files — upload one file (multipart `filedata` + `filepath`).
   * Refuses data over 16 MiB before sending anything: the service would reject it with 413/202511.
   */
  async uploadFile(id: string, filepath: string, data: UploadData, signal?: AbortSignal): Promise<UploadFileResponse> {
    const rel = toWorkspaceRelative(filepath);
    if (!rel) throw invalidArgument('containers', 'The upload needs a file path inside the workspace.');
    const isFile = !(data instanceof Uint8Array);
    const size = isFile ? (await fs.promises.stat((data as { path: string }).path)).size : data.byteLength;
    if (size > MAX_TRANSFER_BYTES) throw tooLargeError('containers', `The file ${rel}`, MAX_TRANSFER_BYTES, 'POST');
    const name = rel.split('/').pop()!;
    const filePart: MultipartPart = isFile
      ? { name: 'filedata', filePath: (data as { path: string }).path, filename: name }
      : { name: 'filedata', data: data as Uint8Array, filename: name };
    return this.http.json('POST', `/workspaces/${encodeURIComponent(id)}/files`, {
      body: { kind: 'multipart', parts: [{ name: 'filepath', value: rel }, filePart] },
      signal,
    });
  }

  /** GET /workspaces/{id}/files/{base64 path} — raw bytes, capped at 16 MiB. */
  async downloadFile(id: string, relPath: string, signal?: AbortSignal): Promise<Buffer> {
    const rel = toWorkspaceRelative(relPath);
    if (!rel) throw invalidArgument('containers', 'The download needs a file path inside the workspace.');
    return this.http.raw('GET', `/workspaces/${encodeURIComponent(id)}/files/${encodeWorkspacePath(rel)}`, { signal, what: `The file ${rel}` });
  }

  /** GET /workspaces/{id}/list_files[/{base64 dir}] — the root when relDir is empty. */
  listFiles(id: string, relDir?: string, signal?: AbortSignal): Promise<DirectoryListing> {
    const rel = relDir === undefined ? '' : toWorkspaceRelative(relDir);
    const suffix = rel ? `/${encodeWorkspacePath(rel)}` : '';
    return this.http.json('GET', `/workspaces/${encodeURIComponent(id)}/list_files${suffix}`, { signal });
  }

  /** POST /submissions — multipart with the archive in `source`. Never retried (it costs money). */
  createSubmission(params: CreateContainersSubmissionParams, signal?: AbortSignal): Promise<CreateContainersSubmissionResponse> {
    return this.http.json('POST', '/submissions', {
      body: {
        kind: 'multipart',
        parts: [
          { name: 'project_id', value: params.projectId },
          { name: 'scenario', value: params.scenario },
          { name: 'source', filePath: params.sourcePath, filename: 'source.tar.gz', contentType: 'application/gzip' },
        ],
      },
      signal,
      onUploadProgress: params.onUploadProgress,
    });
  }

  /** GET /submissions/{id}. A poll: sent once, the caller keeps the polling rhythm (RequestOptions.retry). */
  async getSubmission(id: number, signal?: AbortSignal): Promise<ContainersSubmission> {
    return normaliseContainersSubmission(await this.http.json('GET', `/submissions/${encodeURIComponent(String(id))}`, { signal, retry: false }));
  }

  /** GET /submissions/{id}/{stream} — raw bytes, capped. */
  getSubmissionStream(id: number, stream: ContainersStreamName, signal?: AbortSignal): Promise<Buffer> {
    return this.http.raw('GET', `/submissions/${encodeURIComponent(String(id))}/${encodeURIComponent(stream)}`, { signal, what: `The stream ${stream}` });
  }

  /** GET /projects — one page. */
  listProjects(params: { limit?: number; pageToken?: string } = {}, signal?: AbortSignal): Promise<TokenPage<Project>> {
    return this.http.json('GET', '/projects', { query: { limit: params.limit, page_token: params.pageToken }, signal });
  }

  /** Every project, page after page. */
  iterateProjects(params: { limit?: number } = {}, signal?: AbortSignal): AsyncGenerator<Project> {
    return iterateByPageToken((pageToken) => this.listProjects({ ...params, pageToken }, signal));
  }

  /** GET /projects/{id} */
  getProject(id: string, signal?: AbortSignal): Promise<Project> {
    return this.http.json('GET', `/projects/${encodeURIComponent(id)}`, { signal });
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
