// Folder → tar.gz for submissions (the reverse, for output archives, is unpack.ts).
//
// By default the archive holds exactly one top-level directory `workspace/`
// with the folder's tree under it (the layout Containers requires; Compilers
// and Problems accept any layout, so one shape serves all three). With
// `topFolder: null` the folder's entries sit at the top level instead, for
// archives extracted straight into a directory (workspace `files`, Compilers
// multi-file sources): one packer for every archive the extension sends.
//
// The tar stream itself is written by tar-writer.ts (headers:
// tar-header.ts) into gzip-sink.ts; their comments say why it
// is built for many small files and a flat memory profile.
//
// Decisions:
// - The archive is streamed into a temporary file through a few fixed 1 MiB
//   batches, never built in memory, so memory stays flat whatever the tree's size.
// - Symbolic links whose target stays inside the folder are stored as links
//   (not followed): the target is in the archive too, and following could
//   duplicate whole trees. Links leaving the folder are an error, because the
//   remote side would receive a dangling link and the user would not see why.
// - Empty directories are kept (projects may rely on an `out/` existing).
// - Sockets, FIFOs and devices are left out and listed with a reason.
import { accessSync, constants as fsConstants, lstatSync, promises as fsp, readdirSync, type Dirent } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isInside } from '../is-inside';
import { GITIGNORE_FILE, IgnoreRules, SPHEREIGNORE_FILE } from './ignore-rules';
import { fragmentPlace } from './fragment';
import { PackWorkers } from './fragment-workers';
import { ScanFeed } from './entry-feed';
import { formatBytes } from '../format-bytes';
import { PackError } from './errors';
import { GzipFileSink } from './gzip-sink';
import { completeFeed, writeTar, type EntryFeed } from './tar-writer';

export { PackError, type PackErrorCode } from './errors';
export { formatBytes } from '../format-bytes';

export const ARCHIVE_ROOT = 'workspace';
/** Largest single file the Containers workspace file API accepts (413 above it). */
export const WORKSPACE_FILE_LIMIT_BYTES = 16 * 1024 * 1024;

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
  return scanTree(root, options);
}

/**
 * With a feed (packFolder scanning for itself), files are neither probed for
 * reading (unless the caller gave a probe) nor stat'ed: the packer opens and
 * fstats every file right after, reports an unreadable one with the same
 * error, and sets each file's size, mode and time to what it packed. On many
 * small files the probe was a tenth of the time and the lstat a quarter.
 */
async function scanTree(root: string, options: ScanOptions, feed?: ScanFeed<IncludedEntry>): Promise<FolderScan> {
  const absRoot = path.resolve(root);
  const rootStat = await fsp.stat(absRoot).catch(() => undefined);
  if (!rootStat?.isDirectory()) throw new PackError('not-a-folder', `Not a folder: ${absRoot}`);
  const realRoot = await fsp.realpath(absRoot);

  const sphereText = await readTextIfPresent(path.join(absRoot, SPHEREIGNORE_FILE));
  // With a feed, the included entries go to its list, which the tar writer is reading as it grows.
  const scan: FolderScan = { root: absRoot, included: feed?.list ?? [], excluded: [], fileCount: 0, totalBytes: 0 };

  // Sync calls per directory, with a turn of the event loop between
  // directories: thousands of async stat calls each cost a thread-pool round
  // trip, which made scanning many small files several times slower.
  const walk = async (relDir: string, inherited: IgnoreRules): Promise<void> => {
    feed?.grew();
    await new Promise<void>((resolve) => setImmediate(resolve));
    options.signal?.throwIfAborted();
    const absDir = relDir === '' ? absRoot : path.join(absRoot, relDir);
    const dirPrefix = absDir.endsWith(path.sep) ? absDir : absDir + path.sep;
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
      // Concatenation, not path.join: a dirent name has no separators, and join's normalising showed in profiles.
      const abs = dirPrefix + d.name;
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
        else if (!feed) accessSync(abs, fsConstants.R_OK);
      } catch (err) {
        throw unreadable(rel, err);
      }
      if (feed) {
        scan.included.push({ path: rel, kind, size: 0 });
        scan.fileCount++;
        continue;
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
  /** Name of the archive in the fresh temporary directory (when no outFile); default `<topFolder or "files">.tar.gz`. */
  fileName?: string;
  /**
   * The one directory every entry goes under: `workspace` (the default) for
   * submissions; null puts the folder's entries at the archive's top level,
   * for archives extracted straight into a directory (workspace files,
   * Compilers multi-file sources).
   */
  topFolder?: string | null;
}

export interface PackedArchive {
  file: string;
  /** Size of the compressed archive. */
  bytes: number;
  scan: FolderScan;
  /** Removes the archive (and its temporary directory when we made it). */
  dispose(): Promise<void>;
}

/**
 * Without a scan given, the folder is scanned while the archive is written:
 * the writer takes entries as the scan finds them (entry-feed.ts), and
 * progress is reported once the scan is complete, when the number of files is
 * known (the bytes are known as files are packed: until the last one,
 * `bytesTotal` is the bytes packed so far).
 *
 * Files are packed as they are when read (size, mode and time from the open
 * file), and the returned scan says so: its files' sizes and its total are
 * those packed, also when a scan was given and a file changed since.
 */
export async function packFolder(root: string, options: PackOptions = {}): Promise<PackedArchive> {
  options.signal?.throwIfAborted();
  const topFolder = options.topFolder === undefined ? ARCHIVE_ROOT : options.topFolder;
  const absRoot = options.scan?.root ?? path.resolve(root);

  // Stops the scan too when the writer fails first.
  const stop = new AbortController();
  const onAbort = (): void => stop.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let feed: EntryFeed;
  let scanning: Promise<FolderScan>;
  if (options.scan) {
    feed = completeFeed(options.scan.included);
    scanning = Promise.resolve(options.scan);
  } else {
    const scanFeed = new ScanFeed<IncludedEntry>();
    feed = scanFeed;
    scanning = scanTree(root, { ...options, signal: stop.signal }, scanFeed);
    scanning.then(
      () => scanFeed.finish(),
      (err: unknown) => scanFeed.fail(err),
    );
  }

  let tempDir: string | undefined;
  let file: string;
  try {
    tempDir = options.outFile ? undefined : await fsp.mkdtemp(path.join(os.tmpdir(), 'sphere-pack-'));
    file = options.outFile ?? path.join(tempDir!, options.fileName ?? `${topFolder ?? 'files'}.tar.gz`);
  } catch (err) {
    stop.abort();
    await scanning.catch(() => undefined);
    options.signal?.removeEventListener('abort', onAbort);
    throw err;
  }
  const dispose = async (): Promise<void> => {
    if (tempDir) await fsp.rm(tempDir, { recursive: true, force: true });
    else await fsp.rm(file, { force: true });
  };

  let scanned: FolderScan | undefined = options.scan;
  const done = { files: 0, bytes: 0 };
  const report = (): void => {
    if (scanned) options.onProgress?.({ filesDone: done.files, filesTotal: scanned.fileCount, bytesDone: done.bytes, bytesTotal: Math.max(scanned.totalBytes, done.bytes) });
  };
  const onEntryDone = (entry: { size: number }): void => {
    done.files++;
    done.bytes += entry.size;
    report();
  };
  // A scan made here reports once it is complete, with what was written meanwhile.
  if (!options.scan) {
    scanning.then(
      (scan) => {
        scanned = scan;
        report();
      },
      () => undefined,
    );
  }

  const sink = new GzipFileSink(file, options.signal);
  const place = fragmentPlace(absRoot, topFolder, path.sep);
  const workers = new PackWorkers(sink.shared, place);
  try {
    await writeTar({ place, entries: feed, sink, workers, signal: options.signal, onEntryDone });
    scanned = await scanning;
    await sink.finish();
    // Every file went through onEntryDone once, with its size as packed.
    scanned.totalBytes = done.bytes;
    report();
  } catch (err) {
    stop.abort();
    await sink.abort(err);
    const scanOutcome = await scanning.then(
      () => undefined,
      (scanErr: unknown) => scanErr,
    );
    await dispose().catch(() => undefined);
    if (options.signal?.aborted) throw new PackError('cancelled', 'Packing cancelled');
    // The scan's own failure (nothing to submit, a link outside...) reached the writer through the feed.
    if (err === scanOutcome) throw err;
    throw translatePackFailure(err, absRoot);
  } finally {
    workers.close();
    options.signal?.removeEventListener('abort', onAbort);
  }
  const bytes = (await fsp.stat(file)).size;
  return { file, bytes, scan: scanned, dispose };
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
    throw new PackError('link-outside', `Symbolic link "${rel}" points outside the folder (-> ${link}); remove it, replace it with a copy, or add it to ${SPHEREIGNORE_FILE}`, rel);
  }
  return link;
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
