// A folder as a multi-file submission (compilers-api-v4.md "Multi-file mode"). Few small files go
// as `files[<name>]` parts (what the spec suggests for few files); anything else as one tar.gz in
// `source`. Unlike Containers, Compilers executes the entry file at the TOP LEVEL of the
// submission, so the archive holds the folder's files directly (the packer's `topFolder: null`).
// The packer's scan still decides what goes in (.gitignore, .sphereignore).
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { checkEntryFile, compilerIdForFileName, LANGUAGES } from '../languages';
import { checkSizeLimits, type FolderScan, packFolder, scanFolder } from '../packer';
import type { SubmissionFiles } from '../../api';
import { OUTPUT_DIR_NAME } from './output-files';

/** At most this many files go as separate parts; more go as an archive. */
export const MAX_PART_FILES = 10;
/** Beyond this total the archive is smaller on the wire than the parts. */
export const MAX_PART_BYTES = 256 * 1024;
/** The client's transfer cap. */
export const MAX_FOLDER_BYTES = 16 * 1024 * 1024;

export interface FolderSource {
  scan: FolderScan;
  /** Relative posix paths of the files sent. */
  files: string[];
  mode: 'parts' | 'archive';
  /** For mode parts. */
  parts?: SubmissionFiles;
  /** For mode archive: a temporary tar.gz. */
  archivePath?: string;
  /** Removes temporary files. */
  dispose(): Promise<void>;
}

export class FolderSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FolderSourceError';
  }
}

/** Leaves out what earlier runs brought back (`.sphere-output/`): results are not sources. */
export function withoutOutputDir(scan: FolderScan): FolderScan {
  const isOutput = (p: string) => p === OUTPUT_DIR_NAME || p.startsWith(`${OUTPUT_DIR_NAME}/`);
  const dropped = scan.included.filter((e) => isOutput(e.path));
  if (dropped.length === 0) return scan;
  const included = scan.included.filter((e) => !isOutput(e.path));
  const files = included.filter((e) => e.kind !== 'directory');
  return {
    ...scan,
    included,
    excluded: [...scan.excluded, { path: OUTPUT_DIR_NAME, kind: 'directory', reason: 'output files of earlier runs' }],
    fileCount: files.length,
    totalBytes: files.reduce((n, e) => n + e.size, 0),
  };
}

/** The compiler the folder's top-level sources suggest: the most common known extension, C++ before C on a tie. */
export function guessFolderCompiler(files: readonly string[]): number | undefined {
  const counts = new Map<number, number>();
  for (const f of files) {
    if (f.includes('/')) continue;
    const id = compilerIdForFileName(f);
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const order = LANGUAGES.map((l) => l.compilerId);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || order.indexOf(a[0]) - order.indexOf(b[0]))[0]?.[0];
}

/** Scans the folder, checks the entry-file rule of the compiler and the size, then builds the body. */
export async function prepareFolderSource(root: string, compilerId: number, options: { signal?: AbortSignal; forceArchive?: boolean } = {}): Promise<FolderSource> {
  const scan = withoutOutputDir(await scanFolder(root, { signal: options.signal }));
  const files = scan.included.filter((e) => e.kind !== 'directory').map((e) => e.path);
  const missing = await checkEntryFile(compilerId, files, (rel) => fsp.readFile(path.join(scan.root, ...rel.split('/')), 'utf8'));
  if (missing) throw new FolderSourceError(`${missing}. Add it (or rename your main file) and run again.`);
  const tooBig = checkSizeLimits(scan, { maxTotalBytes: MAX_FOLDER_BYTES });
  if (tooBig.length) throw new FolderSourceError(`The folder is too large to send: ${tooBig.join('; ')}. Leave files out with .sphereignore.`);

  const onlyRegular = scan.included.every((e) => e.kind !== 'symlink');
  if (!options.forceArchive && onlyRegular && files.length <= MAX_PART_FILES && scan.totalBytes <= MAX_PART_BYTES) {
    const parts: SubmissionFiles = {};
    for (const rel of files) parts[rel] = { path: path.join(scan.root, ...rel.split('/')) };
    return { scan, files, mode: 'parts', parts, dispose: async () => undefined };
  }

  // The scan without `.sphere-output/` is what gets packed; empty folders are kept.
  const packed = await packFolder(scan.root, { scan, signal: options.signal, topFolder: null, fileName: 'source.tar.gz' });
  return { scan, files, mode: 'archive', archivePath: packed.file, dispose: packed.dispose };
}
