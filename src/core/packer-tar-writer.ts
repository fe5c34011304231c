// Writes the scanned entries as a tar stream into the gzip sink.
//
// Why it looks like this: with 20,000 small files the cost is per file, not
// per byte, so the per-file path has no promise, no stream and no allocation
// of its own: the header is encoded in place in the current batch, and the
// body reader (packer-body-reader.ts) reads the body straight into the batch
// after it, synchronously on the main thread or, on machines with cores to
// spare, in a worker thread; the padding is zero-filled there too (a
// thread-pool round trip per file costs more than the read itself). The
// entries may still be growing while this runs (the scan feeds them as it
// walks), so the writer waits for more at the end of what it has, until the
// feed says the scan is complete. Files above SMALL_FILE_BYTES are read
// asynchronously, a batch's free room at a time, so a large or slow file
// never blocks the event loop for long. The event loop also gets a turn every
// SLICE_MS and at every full batch, so the extension host stays responsive and
// cancellation is seen within milliseconds.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { changedWhilePacking, withPath, type BodyReader } from './packer-body-reader';
import type { GzipFileSink } from './packer-gzip-sink';
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

/** Entries in archive order, possibly still growing while the scan walks. */
export interface EntryFeed {
  readonly list: readonly TarSourceEntry[];
  /** True once `list` is final. */
  readonly complete: boolean;
  /** Resolves when `list` has grown or is complete; rejects when the scan failed. */
  more(): Promise<void>;
}

/** A feed over entries known in full already. */
export function completeFeed(list: readonly TarSourceEntry[]): EntryFeed {
  return { list, complete: true, more: () => Promise.resolve() };
}

export interface TarWriteJob {
  /** Absolute folder the entries' paths are relative to. */
  root: string;
  entries: EntryFeed;
  /** Name of the single top-level directory every entry goes under; null: entries at the top level. */
  topFolder: string | null;
  sink: GzipFileSink;
  reader: BodyReader;
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
  const { sink, signal, reader } = job;
  const feed = job.entries;
  // The entries' paths are normalised posix paths under root: plain concatenation is enough.
  const rootPrefix = job.root.endsWith(path.sep) ? job.root : job.root + path.sep;
  const prefix = job.topFolder === null ? '' : `${job.topFolder}/`;
  if (prefix) await putHeader(sink, { path: prefix, type: 'directory', mode: DIRECTORY_MODE, mtimeSeconds: EPOCH_SECONDS, size: 0 }, 0);

  let sliceStarted = performance.now();
  for (let i = 0; ; i++) {
    while (i === feed.list.length && !feed.complete) await feed.more();
    if (i === feed.list.length) break;
    const e = feed.list[i];
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
    const absolute = rootPrefix + (path.sep === '/' ? e.path : e.path.split('/').join(path.sep));
    if (e.size <= SMALL_FILE_BYTES) {
      const body = padded(e.size);
      // Header and body land in the same batch; `putHeader` flushes first when they would not fit.
      if (sink.room < BLOCK + body || !writeFastHeader(header, sink.batch, sink.used)) await putHeader(sink, header, body);
      else sink.used += BLOCK;
      reader.read(sink.batchIndex, sink.batch, sink.used, e.size, absolute, e.path);
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
