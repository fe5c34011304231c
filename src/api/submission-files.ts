// Shared by the compilers and problems clients: the multi-file submission mode.
import type { FieldValue, MultipartPart, RequestBody } from './body';

/** File contents by name (relative path inside the submission): bytes, or a file on disk. */
export type SubmissionFiles = Record<string, Buffer | Uint8Array | { path: string }>;

/**
 * Plain fields go URL-encoded when there are no files (what the official clients send);
 * with files or an archive the request must be multipart: `files[<name>]` parts, each with
 * its filename, or the tar.gz itself in `source`.
 */
export function submissionBody(fields: Record<string, FieldValue>, files: SubmissionFiles | undefined, sourceArchivePath: string | undefined): RequestBody {
  const hasFiles = files !== undefined && Object.keys(files).length > 0;
  if (!hasFiles && !sourceArchivePath) return { kind: 'form', fields };
  const parts: MultipartPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'source' && sourceArchivePath) continue;
    parts.push({ name, value });
  }
  if (sourceArchivePath) {
    parts.push({ name: 'source', filePath: sourceArchivePath, contentType: 'application/gzip' });
  } else {
    // The service ignores `source` in files mode but the official clients still send it (empty).
    if (fields.source === undefined || fields.source === null) parts.push({ name: 'source', value: '' });
    for (const [name, value] of Object.entries(files!)) {
      parts.push(value instanceof Uint8Array ? { name: `files[${name}]`, data: value, filename: name } : { name: `files[${name}]`, filePath: value.path, filename: name });
    }
  }
  return { kind: 'multipart', parts };
}

// Shared with the emulator that refuses more (contract/submission-limits.ts); the file itself,
// not the contract's index, keeps the untar reader out of the activation bundle.
export { MAX_IDS_PER_REQUEST, MAX_SUBMISSION_SOURCE_BYTES } from '../../contract/submission-limits';
import { MAX_IDS_PER_REQUEST } from '../../contract/submission-limits';

/** Problem with an id list for GET /submissions, or undefined when it is fine. */
export function checkSubmissionIds(ids: readonly number[]): string | undefined {
  if (ids.length === 0) return 'Give at least one submission id.';
  if (ids.length > MAX_IDS_PER_REQUEST) return `At most ${MAX_IDS_PER_REQUEST} submission ids can be fetched at once (got ${ids.length}).`;
  const bad = ids.find((id) => !Number.isInteger(id) || id <= 0);
  if (bad !== undefined) return `Submission ids must be positive integers (got ${bad}).`;
  return undefined;
}
