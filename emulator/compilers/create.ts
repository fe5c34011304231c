// POST /submissions: read and validate the request into a new submission, in the spec's order of
// error codes. Nothing is stored until every check passed.
import { MAX_SUBMISSION_SOURCE_BYTES } from '../../contract';
import type { Params } from '../http/body';
import { apiError } from '../http/errors';
import { DEFAULT_VERSION_ID, findCompiler, isSafeRelativePath, sourceFileName, supportsMultiFile } from '../languages';
import { isGzip, unpackTarGz } from './archive';

export const LIMITS = {
  /** Source text, archive, or all files[] together. */
  sourceBytes: MAX_SUBMISSION_SOURCE_BYTES,
  inputBytes: 1024 * 1024,
  timeLimitSec: { min: 1, max: 60, default: 5 },
  /** KB. Default when absent; the spec leaves it unstated (clients say "no limit"). */
  memoryLimitKb: { min: 16 * 1024, max: 4 * 1024 * 1024, default: 1024 * 1024 },
} as const;

export interface NewSubmission {
  compilerId: number;
  compilerName: string;
  version: { id: number; name: string };
  /** The program's files (a single source is one file, named by the language's rule). */
  files: Map<string, Buffer>;
  multiFile: boolean;
  /** What the `source` stream shows: the text, the archive as sent, or null to pack files[]. */
  sourceStream: Buffer | null;
  input: Buffer;
  timeLimitSec: number;
  memoryLimitKb: number;
  outputFilenames: string[];
}

const bad = (code: number, message: string) => apiError(400, code, message);

export async function readNewSubmission(params: Params, scratch?: string): Promise<NewSubmission> {
  // Compiler and version.
  const rawCompiler = params.str('compilerId');
  if (rawCompiler === undefined || rawCompiler.trim() === '') throw bad(201104, 'compiler not provided');
  if (!/^\d+$/.test(rawCompiler.trim())) throw bad(201101, 'compiler not found');
  const compilerId = Number(rawCompiler.trim());
  const rawVersion = params.str('compilerVersionId');
  let versionId: number | undefined;
  if (rawVersion !== undefined && rawVersion.trim() !== '') {
    if (!/^\d+$/.test(rawVersion.trim())) throw bad(201201, 'compiler version not found');
    versionId = Number(rawVersion.trim());
  }
  const lookup = findCompiler(compilerId, versionId ?? DEFAULT_VERSION_ID);
  if (!lookup.ok) {
    if (lookup.reason === 'no-version') throw bad(201201, 'compiler version not found');
    throw bad(201101, lookup.reason === 'unavailable' ? 'compiler not found (its toolchain is not installed on this machine)' : 'compiler not found');
  }

  // Source: files[...] parts win over `source`; a gzip `source` is an archive.
  const parts = await params.filesMap('files');
  let files: Map<string, Buffer>;
  let multiFile: boolean;
  let sourceStream: Buffer | null;
  if (parts.size > 0) {
    const total = [...parts.values()].reduce((n, b) => n + b.length, 0);
    if (total > LIMITS.sourceBytes) throw bad(201306, `source too large: files take ${total} bytes, the limit is ${LIMITS.sourceBytes}`);
    for (const name of parts.keys()) {
      if (!isSafeRelativePath(name)) throw bad(1003, `submission creation failed: file name ${JSON.stringify(name)} is not a relative path`);
    }
    files = parts;
    multiFile = true;
    sourceStream = null;
  } else {
    const source = await params.bytes('source');
    if (source === undefined || source.length === 0) throw bad(201304, 'source missing');
    if (source.length > LIMITS.sourceBytes) throw bad(201306, `source too large: ${source.length} bytes, the limit is ${LIMITS.sourceBytes}`);
    if (isGzip(source)) {
      try {
        files = await unpackTarGz(source, scratch);
      } catch (err) {
        throw bad(1003, `submission creation failed: the source archive cannot be unpacked (${(err as Error).message})`);
      }
      if (files.size === 0) throw bad(1003, 'submission creation failed: the source archive holds no files');
      multiFile = true;
    } else {
      const text = source.toString('utf8');
      files = new Map([[sourceFileName(compilerId, text), source]]);
      multiFile = false;
    }
    sourceStream = source;
  }
  if (multiFile && !supportsMultiFile(compilerId)) throw bad(201107, `compiler ${compilerId} does not support multi-file submissions`);

  const input = (await params.bytes('input')) ?? Buffer.alloc(0);
  if (input.length > LIMITS.inputBytes) throw bad(201406, `input too large: ${input.length} bytes, the limit is ${LIMITS.inputBytes}`);

  const timeLimitSec = params.number('timeLimit', LIMITS.timeLimitSec.default, () => bad(201906, 'time limit out of range'))!;
  if (timeLimitSec < LIMITS.timeLimitSec.min || timeLimitSec > LIMITS.timeLimitSec.max) {
    throw bad(201906, `time limit out of range: ${LIMITS.timeLimitSec.min}..${LIMITS.timeLimitSec.max} seconds`);
  }
  const memoryLimitKb = params.int('memoryLimit', LIMITS.memoryLimitKb.default, () => bad(202006, 'memory limit out of range'))!;
  if (memoryLimitKb < LIMITS.memoryLimitKb.min || memoryLimitKb > LIMITS.memoryLimitKb.max) {
    throw bad(202006, `memory limit out of range: ${LIMITS.memoryLimitKb.min}..${LIMITS.memoryLimitKb.max} KB`);
  }

  return {
    compilerId,
    compilerName: lookup.compiler.name,
    version: { ...lookup.version },
    files,
    multiFile,
    sourceStream,
    input,
    timeLimitSec,
    memoryLimitKb,
    outputFilenames: outputFilenames(params),
  };
}

/** `output_filenames`: one string with `;` separators, or an array; unsafe names are left out. */
function outputFilenames(params: Params): string[] {
  const names: string[] = [];
  for (const value of params.all('output_filenames')) {
    if (typeof value !== 'string') continue;
    for (const name of value.split(';')) {
      const trimmed = name.trim();
      if (trimmed && isSafeRelativePath(trimmed) && !names.includes(trimmed)) names.push(trimmed);
    }
  }
  return names;
}
