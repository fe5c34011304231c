// Folder → tar.gz for submissions, and the reverse for output archives.
//
// The archive holds exactly one top-level directory `workspace/` with the
// folder's tree under it (the layout Containers requires; Compilers and
// Problems accept any layout, so one shape serves all three).
//
// Decisions:
// - The archive is streamed into a temporary file, never built in memory, so
//   memory stays flat whatever the tree's size.
// - Symbolic links whose target stays inside the folder are stored as links
//   (not followed): the target is in the archive too, and following could
//   duplicate whole trees. Links leaving the folder are an error, because the
//   remote side would receive a dangling link and the user would not see why.
// - Empty directories are kept (projects may rely on an `out/` existing).
// - Sockets, FIFOs and devices are left out and listed with a reason.
import {
  accessSync,
  constants as fsConstants,
  createReadStream,
  createWriteStream,
  lstatSync,
  promises as fsp,
  readdirSync,
  openSync,
  readSync,
  closeSync,
  type Dirent,
} from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import * as tar from 'tar';
import { GITIGNORE_FILE, IgnoreRules, SPHEREIGNORE_FILE } from './ignore-rules';

export const ARCHIVE_ROOT = 'workspace';
/** Largest single file the Containers workspace file API accepts (413 above it). */
export const WORKSPACE_FILE_LIMIT_BYTES = 16 * 1024 * 1024;

const READ_CHUNK_BYTES = 1024 * 1024;

export type PackErrorCode =
  | 'not-a-folder'
  | 'link-outside'
  | 'unreadable'
  | 'nothing-to-submit'
  | 'cancelled'
  | 'unsafe-archive-entry';

export class PackError extends Error {
  constructor(
    readonly code: PackErrorCode,
    message: string,
    /** The offending path, relative to the folder (or the archive entry name). */
    readonly path?: string,
  ) {
    super(message);
    this.name = 'PackError';
  }
}

export interface IncludedEntry {
  /** posix path relative to the folder */
  path: string;
  kind: 'file' | 'directory' | 'symlink';
  /** bytes for files, 0 otherwise */
  size: number;
  /** Permission bits and modification time of files, as scanned. */
  mode?: number;
  mtimeMs?: number;
  /** Target of a symbolic link, as written in the link. */
  linkTarget?: string;
}

export interface ExcludedEntry {
  path: string;
  kind: 'file' | 'directory' | 'symlink' | 'other';
  /** Human-readable: `ignored by "*.log" in sub/.gitignore`, `not a regular file`. */
  reason: string;
  rule?: string;
  source?: string;
}

export interface FolderScan {
  root: string;
  included: IncludedEntry[];
  excluded: ExcludedEntry[];
  /** Regular files and links (directories not counted). */
  fileCount: number;
  totalBytes: number;
}

export interface ScanOptions {
  signal?: AbortSignal;
  /**
   * Readability probe, replaceable so tests can simulate an unreadable file
   * (running as root, a chmod 000 file is still readable).
   */
  checkReadable?: (absolutePath: string) => Promise<void>;
}

/** Walks the folder once and decides what goes into the archive. */
export async function scanFolder(root: string, options: ScanOptions = {}): Promise<FolderScan> {
  const absRoot = path.resolve(root);
  const rootStat = await fsp.stat(absRoot).catch(() => undefined);
  if (!rootStat?.isDirectory()) throw new PackError('not-a-folder', `Not a folder: ${absRoot}`);
  const realRoot = await fsp.realpath(absRoot);

  const sphereText = await readTextIfPresent(path.join(absRoot, SPHEREIGNORE_FILE));
  const scan: FolderScan = { root: absRoot, included: [], excluded: [], fileCount: 0, totalBytes: 0 };

  // Sync calls per directory, with a turn of the event loop between
  // directories: thousands of async stat calls each cost a thread-pool round
  // trip, which made scanning many small files several times slower.
  const walk = async (relDir: string, inherited: IgnoreRules): Promise<void> => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    options.signal?.throwIfAborted();
    const absDir = relDir === '' ? absRoot : path.join(absRoot, relDir);
    let dirents: Dirent[];
    try {
      dirents = readdirSync(absDir, { withFileTypes: true });
    } catch (err) {
      throw unreadable(relDir || '.', err);
    }
    dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

    let rules = inherited.fresh();
    if (dirents.some((d) => d.name === GITIGNORE_FILE && d.isFile())) {
      const text = await readTextIfPresent(path.join(absDir, GITIGNORE_FILE));
      if (text !== undefined) rules = rules.withGitignore(relDir, text);
    }

    for (const d of dirents) {
      const rel = relDir === '' ? d.name : `${relDir}/${d.name}`;
      const abs = path.join(absDir, d.name);
      const kind = d.isDirectory() ? 'directory' : d.isFile() ? 'file' : d.isSymbolicLink() ? 'symlink' : 'other';
      const verdict = rules.decide(rel, kind === 'directory');
      if (verdict.ignored) {
        const where = verdict.source === 'built-in' ? 'left out by default' : `ignored by "${verdict.rule}" in ${verdict.source}`;
        scan.excluded.push({ path: rel, kind, reason: where, rule: verdict.rule, source: verdict.source });
        continue;
      }
      if (kind === 'other') {
        scan.excluded.push({ path: rel, kind, reason: 'not a regular file, folder or link' });
        continue;
      }
      if (kind === 'directory') {
        scan.included.push({ path: rel, kind, size: 0 });
        await walk(rel, rules);
        continue;
      }
      if (kind === 'symlink') {
        const linkTarget = await assertLinkInside(abs, rel, realRoot);
        scan.included.push({ path: rel, kind, size: 0, linkTarget });
        scan.fileCount++;
        continue;
      }
      try {
        if (options.checkReadable) await options.checkReadable(abs);
        else accessSync(abs, fsConstants.R_OK);
      } catch (err) {
        throw unreadable(rel, err);
      }
      const stat = lstatSync(abs);
      const size = stat.size;
      scan.included.push({ path: rel, kind, size, mode: stat.mode & 0o7777, mtimeMs: stat.mtimeMs });
      scan.fileCount++;
      scan.totalBytes += size;
    }
  };

  await walk('', IgnoreRules.forRoot(sphereText));

  if (scan.fileCount === 0) {
    const hint =
      scan.excluded.length > 0
        ? `nothing to submit: every file is ignored (${scan.excluded.length} left out, e.g. ${describeExcluded(scan.excluded[0])}); check .gitignore and ${SPHEREIGNORE_FILE}, or add a "!name" rule to ${SPHEREIGNORE_FILE} to bring files back`
        : 'nothing to submit: the folder has no files';
    throw new PackError('nothing-to-submit', hint);
  }
  return scan;
}

export function describeExcluded(e: ExcludedEntry): string {
  return `${e.path}${e.kind === 'directory' ? '/' : ''} (${e.reason})`;
}

export interface PackProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
}

export interface PackOptions extends ScanOptions {
  onProgress?: (progress: PackProgress) => void;
  /** A scan made earlier (e.g. shown to the user); otherwise the folder is scanned now. */
  scan?: FolderScan;
  /** Where to write; default: a new file in a fresh temporary directory. */
  outFile?: string;
}

export interface PackedArchive {
  file: string;
  /** Size of the compressed archive. */
  bytes: number;
  scan: FolderScan;
  /** Removes the archive (and its temporary directory when we made it). */
  dispose(): Promise<void>;
}

export async function packFolder(root: string, options: PackOptions = {}): Promise<PackedArchive> {
  const scan = options.scan ?? (await scanFolder(root, options));
  options.signal?.throwIfAborted();

  const tempDir = options.outFile ? undefined : await fsp.mkdtemp(path.join(os.tmpdir(), 'sphere-pack-'));
  const file = options.outFile ?? path.join(tempDir!, `${ARCHIVE_ROOT}.tar.gz`);
  const dispose = async (): Promise<void> => {
    if (tempDir) await fsp.rm(tempDir, { recursive: true, force: true });
    else await fsp.rm(file, { force: true });
  };

  const progress: PackProgress = { filesDone: 0, filesTotal: scan.fileCount, bytesDone: 0, bytesTotal: scan.totalBytes };
  const onEntryDone = (entry: IncludedEntry): void => {
    if (entry.kind === 'directory') return;
    progress.filesDone++;
    progress.bytesDone += entry.size;
    options.onProgress?.({ ...progress });
  };

  try {
    await pipeline(
      // One batch queued at a time: the default of 16 would hold 16 chunks in memory.
      Readable.from(batched(tarStream(scan, onEntryDone)), { highWaterMark: 1 }),
      zlib.createGzip(),
      createWriteStream(file),
      { signal: options.signal },
    );
  } catch (err) {
    await dispose().catch(() => undefined);
    if (options.signal?.aborted) throw new PackError('cancelled', 'Packing cancelled');
    throw translatePackFailure(err, scan.root);
  }
  const bytes = (await fsp.stat(file)).size;
  return { file, bytes, scan, dispose };
}

// --- tar writing -----------------------------------------------------------
// We write the tar stream ourselves (headers encoded by the `tar` package)
// instead of `tar.create`: it stats, opens and reads every file again through
// the thread pool one chunk at a time, which made 20,000 small files ten
// times slower than GNU tar and let memory grow past the budget. Here the
// scan's stat results are reused, small files are read synchronously in short
// slices, and big files are streamed in 1 MiB chunks.

const BLOCK = 512;
const SMALL_FILE_BYTES = 256 * 1024;
const SYNC_SLICE_MS = 10;
// Shared and never written to: padding is sliced from it instead of allocated per file.
const ZEROS = Buffer.alloc(BLOCK * 2);
const BATCH_BYTES = 256 * 1024;
// Directories and links carry no meaningful time; a fixed one keeps archives reproducible.
const EPOCH = new Date(0);

async function* tarStream(scan: FolderScan, onEntryDone: (e: IncludedEntry) => void): AsyncGenerator<Buffer> {
  yield* headerBlocks({ path: `${ARCHIVE_ROOT}/`, type: 'Directory', mode: 0o755, mtime: EPOCH, size: 0 });
  const entries = scan.included;
  let sliceStarted = performance.now();
  // One buffer for every small file: `batched` copies each chunk before
  // asking for the next, so reusing it is safe and spares the GC.
  const scratch = Buffer.allocUnsafe(SMALL_FILE_BYTES + 2 * BLOCK);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const name = `${ARCHIVE_ROOT}/${e.path}`;
    if (e.kind === 'directory') {
      yield* headerBlocks({ path: `${name}/`, type: 'Directory', mode: 0o755, mtime: EPOCH, size: 0 });
    } else if (e.kind === 'symlink') {
      yield* headerBlocks({ path: name, type: 'SymbolicLink', linkpath: e.linkTarget, mode: 0o777, mtime: EPOCH, size: 0 });
    } else {
      const header: tar.HeaderData = { path: name, type: 'File', mode: e.mode ?? 0o644, mtime: new Date(e.mtimeMs ?? 0), size: e.size };
      let written = 0;
      if (e.size <= SMALL_FILE_BYTES) {
        // Small files are read synchronously (a thread-pool round trip per
        // file costs more than the read); the event loop gets a turn every
        // few milliseconds so the extension host stays responsive.
        if (performance.now() - sliceStarted > SYNC_SLICE_MS) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          sliceStarted = performance.now();
        }
        // Header, content and padding go out as one chunk built in `scratch`:
        // fewer yields, fewer short-lived objects, a flatter heap.
        const pax = encodeHeaderInto(header, scratch);
        if (pax) yield pax;
        try {
          written = readSmallFile(path.join(scan.root, e.path), scratch.subarray(BLOCK), e.size);
        } catch (err) {
          throw withPath(err, scan.root, e.path);
        }
        if (written < e.size) throw new PackError('unreadable', `"${e.path}" changed while packing; try again`, e.path);
        const padded = BLOCK + written + ((BLOCK - (written % BLOCK)) % BLOCK);
        scratch.fill(0, BLOCK + written, padded);
        yield scratch.subarray(0, padded);
        onEntryDone(e);
        continue;
      } else {
        yield* headerBlocks(header);
        const stream = createReadStream(path.join(scan.root, e.path), { highWaterMark: READ_CHUNK_BYTES, end: Math.max(e.size - 1, 0) });
        try {
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            const room = e.size - written;
            if (room <= 0) break;
            const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
            written += part.length;
            yield part;
          }
        } catch (err) {
          throw withPath(err, scan.root, e.path);
        } finally {
          stream.destroy();
        }
      }
      // A file that shrank since the scan: the header promised `size` bytes.
      if (written < e.size) throw new PackError('unreadable', `"${e.path}" changed while packing; try again`, e.path);
      const pad = (BLOCK - (e.size % BLOCK)) % BLOCK;
      if (pad) yield ZEROS.subarray(0, pad);
    }
    onEntryDone(e);
  }
  yield ZEROS; // end-of-archive marker: two zero blocks
}

/** Encodes a header into the first block of `into`; returns the PAX record to send first, if needed. */
function encodeHeaderInto(data: tar.HeaderData, into: Buffer): Buffer | undefined {
  const header = new tar.Header({ ...data, uid: 0, gid: 0, uname: '', gname: '' });
  into.fill(0, 0, BLOCK); // encode() leaves unused fields as they were
  if (!header.encode(into, 0)) return undefined;
  return new tar.Pax({ path: data.path, linkpath: data.linkpath, size: data.size, mtime: data.mtime }).encode();
}

function* headerBlocks(data: tar.HeaderData): Generator<Buffer> {
  const header = new tar.Header({ ...data, uid: 0, gid: 0, uname: '', gname: '' });
  // encode() returns true when a field (long path, big size) needs a PAX record first.
  if (header.encode()) {
    yield new tar.Pax({ path: data.path, linkpath: data.linkpath, size: data.size, mtime: data.mtime }).encode();
  }
  yield header.block!;
}

/** Reads up to `size` bytes of a file into `into`; returns how many were read. */
function readSmallFile(file: string, into: Buffer, size: number): number {
  const fd = openSync(file, 'r');
  try {
    let done = 0;
    while (done < size) {
      const n = readSync(fd, into, done, size - done, done);
      if (n === 0) break;
      done += n;
    }
    return done;
  } finally {
    closeSync(fd);
  }
}

/**
 * Copies chunks into fixed-size batches so gzip and the file stream see few,
 * large writes. Chunks are copied at once, so the producer may reuse them.
 */
async function* batched(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  for await (const chunk of source) {
    let offset = 0;
    while (offset < chunk.length) {
      const n = chunk.copy(batch, used, offset, Math.min(chunk.length, offset + BATCH_BYTES - used));
      used += n;
      offset += n;
      if (used === BATCH_BYTES) {
        yield batch;
        batch = Buffer.allocUnsafe(BATCH_BYTES);
        used = 0;
      }
    }
  }
  if (used) yield batch.subarray(0, used);
}

function withPath(err: unknown, root: string, rel: string): unknown {
  const e = err as NodeJS.ErrnoException;
  if (e && typeof e === 'object' && !e.path) e.path = path.join(root, rel);
  return err;
}

export interface SizeLimits {
  maxFileBytes?: number;
  maxTotalBytes?: number;
  maxFiles?: number;
}

/** Problems against the given limits, one readable line each; empty when fine. */
export function checkSizeLimits(scan: FolderScan, limits: SizeLimits): string[] {
  const problems: string[] = [];
  if (limits.maxFileBytes !== undefined) {
    for (const e of scan.included) {
      if (e.kind === 'file' && e.size > limits.maxFileBytes) {
        problems.push(`${e.path} is ${formatBytes(e.size)}, above the ${formatBytes(limits.maxFileBytes)} limit per file`);
      }
    }
  }
  if (limits.maxTotalBytes !== undefined && scan.totalBytes > limits.maxTotalBytes) {
    problems.push(`the files total ${formatBytes(scan.totalBytes)}, above the ${formatBytes(limits.maxTotalBytes)} limit`);
  }
  if (limits.maxFiles !== undefined && scan.fileCount > limits.maxFiles) {
    problems.push(`${scan.fileCount} files, above the limit of ${limits.maxFiles}`);
  }
  return problems;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
}

/**
 * Extracts a tar.gz (a file path or bytes) into destDir, after checking every
 * entry: absolute names, `..` segments and links pointing out of destDir are
 * refused with an error naming the entry, and nothing is written then.
 * Returns the posix paths of the regular files extracted.
 */
export async function unpackTarGz(source: string | Buffer, destDir: string): Promise<string[]> {
  const dest = path.resolve(destDir);
  const files: string[] = [];
  let unsafe: PackError | undefined;
  await readArchive(
    source,
    tar.t({
      onReadEntry: (entry) => {
        const problem = unsafeEntryProblem(entry.path, entry.type, entry.linkpath, dest);
        if (problem && !unsafe) unsafe = new PackError('unsafe-archive-entry', problem, entry.path);
        if (entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'ContiguousFile') {
          files.push(entry.path.replace(/^\.\//, ''));
        }
        entry.resume();
      },
    }),
  );
  if (unsafe) throw unsafe;
  await fsp.mkdir(dest, { recursive: true });
  await readArchive(source, tar.x({ cwd: dest, strict: true }));
  return files;
}

function unsafeEntryProblem(name: string, type: string, linkpath: string | undefined, dest: string): string | undefined {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return `Archive entry "${name}" has an absolute path; refusing to extract`;
  const target = path.resolve(dest, name);
  if (!isInside(target, dest)) return `Archive entry "${name}" would be written outside the destination; refusing to extract`;
  if ((type === 'SymbolicLink' || type === 'Link') && linkpath !== undefined) {
    const linkTarget = type === 'Link' ? path.resolve(dest, linkpath) : path.resolve(path.dirname(target), linkpath);
    if (!isInside(linkTarget, dest)) return `Archive entry "${name}" links outside the destination (-> ${linkpath}); refusing to extract`;
  }
  return undefined;
}

async function readArchive(source: string | Buffer, sink: NodeJS.WritableStream): Promise<void> {
  const input = typeof source === 'string' ? createReadStream(source) : Readable.from([source]);
  await pipeline(input, sink);
}

async function assertLinkInside(abs: string, rel: string, realRoot: string): Promise<string> {
  const link = await fsp.readlink(abs);
  let target: string;
  try {
    target = await fsp.realpath(abs);
  } catch {
    // A dangling link: judge it by where it would point.
    target = path.resolve(path.dirname(abs), link);
  }
  if (!isInside(target, realRoot)) {
    throw new PackError(
      'link-outside',
      `Symbolic link "${rel}" points outside the folder (-> ${link}); remove it, replace it with a copy, or add it to ${SPHEREIGNORE_FILE}`,
      rel,
    );
  }
  return link;
}

function isInside(candidate: string, dir: string): boolean {
  return candidate === dir || candidate.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

function unreadable(rel: string, err: unknown): PackError {
  const code = (err as NodeJS.ErrnoException)?.code;
  return new PackError('unreadable', `Cannot read "${rel}"${code ? ` (${code})` : ''}; fix its permissions or add it to ${SPHEREIGNORE_FILE}`, rel);
}

function translatePackFailure(err: unknown, root: string): Error {
  if (err instanceof PackError) return err;
  const e = err as NodeJS.ErrnoException & { path?: string };
  if (e?.path && (e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'ENOENT')) {
    return unreadable(path.relative(root, e.path).split(path.sep).join('/'), e);
  }
  return e instanceof Error ? e : new Error(String(err));
}

async function readTextIfPresent(file: string): Promise<string | undefined> {
  try {
    return await fsp.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}
