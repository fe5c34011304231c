// Writes the scanned entries as a tar stream into the gzip sink.
//
// Why it looks like this: with 20,000 small files the cost is per file, not
// per byte, so the per-file path has no promise, no stream and no allocation
// of its own: the header is encoded in place in the current batch, the file is
// opened, read and closed synchronously straight into the batch after it, and
// the padding is zero-filled there too (a thread-pool round trip per file
// costs more than the read itself). Files above SMALL_FILE_BYTES are read
// asynchronously, a batch's free room at a time, so a large or slow file
// never blocks the event loop for long. The event loop also gets a turn every
// SLICE_MS and at every full batch, so the extension host stays responsive and
// cancellation is seen within milliseconds.
import { closeSync, openSync, promises as fsp, readSync } from 'node:fs';
import * as path from 'node:path';
import type { GzipFileSink } from './packer-gzip-sink';
import { PackError } from './packer-errors';
import { BLOCK, slowHeader, writeFastHeader, type TarHeaderFields } from './packer-tar-header';

/** What the writer needs of a scanned entry (core/packer's IncludedEntry). */
export interface TarSourceEntry {
  path: string;
  kind: 'file' | 'directory' | 'symlink';
  size: number;
  mode?: number;
  mtimeMs?: number;
  linkTarget?: string;
}

export interface TarWriteJob {
  /** Absolute folder the entries' paths are relative to. */
  root: string;
  entries: readonly TarSourceEntry[];
  /** Name of the single top-level directory every entry goes under; null: entries at the top level. */
  topFolder: string | null;
  sink: GzipFileSink;
  signal?: AbortSignal;
  onEntryDone: (entry: TarSourceEntry) => void;
}

const SMALL_FILE_BYTES = 256 * 1024;
const SLICE_MS = 10;
/** A large file is read only into at least this much free room (fewer, larger reads). */
const MIN_READ_ROOM = 64 * 1024;
/** Directories and links carry no meaningful time; a fixed one keeps archives reproducible. */
const EPOCH_SECONDS = 0;
const DIRECTORY_MODE = 0o755;
const LINK_MODE = 0o777;
const FILE_MODE = 0o644;

export async function writeTar(job: TarWriteJob): Promise<void> {
  const { sink, signal } = job;
  const prefix = job.topFolder === null ? '' : `${job.topFolder}/`;
  if (prefix) await putHeader(sink, { path: prefix, type: 'directory', mode: DIRECTORY_MODE, mtimeSeconds: EPOCH_SECONDS, size: 0 }, 0);

  let sliceStarted = performance.now();
  for (const e of job.entries) {
    if (performance.now() - sliceStarted > SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
    signal?.throwIfAborted();
    const name = prefix + e.path;
    if (e.kind === 'directory') {
      await putHeader(sink, { path: `${name}/`, type: 'directory', mode: DIRECTORY_MODE, mtimeSeconds: EPOCH_SECONDS, size: 0 }, 0);
      continue;
    }
    if (e.kind === 'symlink') {
      await putHeader(sink, { path: name, type: 'symlink', linkTarget: e.linkTarget, mode: LINK_MODE, mtimeSeconds: EPOCH_SECONDS, size: 0 }, 0);
      job.onEntryDone(e);
      continue;
    }
    const header: TarHeaderFields = { path: name, type: 'file', mode: e.mode ?? FILE_MODE, mtimeSeconds: Math.floor((e.mtimeMs ?? 0) / 1000), size: e.size };
    const absolute = path.join(job.root, e.path);
    if (e.size <= SMALL_FILE_BYTES) {
      const body = padded(e.size);
      // Header and body land in the same batch; `putHeader` flushes first when they would not fit.
      if (sink.room < BLOCK + body || !writeFastHeader(header, sink.batch, sink.used)) await putHeader(sink, header, body);
      else sink.used += BLOCK;
      const read = readSmallFileInto(absolute, sink.batch, sink.used, e.size);
      if (read < e.size) throw changedWhilePacking(e.path);
      sink.batch.fill(0, sink.used + e.size, sink.used + body);
      sink.used += body;
    } else {
      await putHeader(sink, header, 0);
      await streamLargeFile(absolute, e, sink, signal);
    }
    job.onEntryDone(e);
  }
  // End of archive: two zero blocks.
  if (sink.room < 2 * BLOCK) await sink.flush();
  sink.batch.fill(0, sink.used, sink.used + 2 * BLOCK);
  sink.used += 2 * BLOCK;
}

/** Puts a header into the batch with room for `bodyBytes` after it, flushing first when needed. */
async function putHeader(sink: GzipFileSink, h: TarHeaderFields, bodyBytes: number): Promise<void> {
  if (sink.room < BLOCK + bodyBytes) await sink.flush();
  if (writeFastHeader(h, sink.batch, sink.used)) {
    sink.used += BLOCK;
    return;
  }
  const bytes = slowHeader(h);
  if (sink.room < bytes.length + bodyBytes) await sink.flush();
  bytes.copy(sink.batch, sink.used);
  sink.used += bytes.length;
}

function readSmallFileInto(absolute: string, into: Buffer, at: number, size: number): number {
  let fd: number;
  try {
    fd = openSync(absolute, 'r');
  } catch (err) {
    throw withPath(err, absolute);
  }
  try {
    let done = 0;
    while (done < size) {
      const n = readSync(fd, into, at + done, size - done, done);
      if (n === 0) break;
      done += n;
    }
    return done;
  } catch (err) {
    throw withPath(err, absolute);
  } finally {
    closeSync(fd);
  }
}

async function streamLargeFile(absolute: string, e: TarSourceEntry, sink: GzipFileSink, signal: AbortSignal | undefined): Promise<void> {
  const handle = await fsp.open(absolute, 'r').catch((err: unknown) => {
    throw withPath(err, absolute);
  });
  try {
    let position = 0;
    while (position < e.size) {
      if (sink.room < MIN_READ_ROOM) await sink.flush();
      signal?.throwIfAborted();
      const want = Math.min(sink.room, e.size - position);
      const { bytesRead } = await handle.read(sink.batch, sink.used, want, position);
      // The header promised `size` bytes: a file that shrank since the scan cannot be sent.
      if (bytesRead === 0) throw changedWhilePacking(e.path);
      sink.used += bytesRead;
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
  const pad = padded(e.size) - e.size;
  if (sink.room < pad) await sink.flush();
  sink.batch.fill(0, sink.used, sink.used + pad);
  sink.used += pad;
}

/** Bytes a body takes in the archive: whole blocks. */
function padded(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK;
}

function changedWhilePacking(rel: string): PackError {
  return new PackError('unreadable', `"${rel}" changed while packing; try again`, rel);
}

/** Makes sure a file-system error names the file, so the packer can say which one. */
function withPath(err: unknown, absolute: string): unknown {
  const e = err as NodeJS.ErrnoException;
  if (e && typeof e === 'object' && !e.path) e.path = absolute;
  return err;
}
