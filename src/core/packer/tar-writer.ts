// Writes the scanned entries as a tar stream into the gzip sink.
//
// Why it looks like this: with 20,000 small files the cost is per file, not
// per byte. The entries are cut into runs (fragmentTuning.runEntries); each
// run goes into a lane of the sink (gzip-sink.ts) and is laid out
// entry by entry, header, body and padding together, by fillFragment
// (fragment.ts): on the main thread, or in a packing worker while the
// main thread fills the next run (fragment-workers.ts). Lanes reach
// gzip in order, so the archive keeps the scan's order whoever filled them.
//
// What fillFragment leaves to the main thread is written here: files above
// SMALL_FILE_BYTES, read asynchronously a batch's free room at a time so a
// large or slow file never blocks the event loop for long, and entries whose
// names need the `tar` package's PAX header.
//
// The entries may still be growing while this runs (the scan feeds them as it
// walks), so the writer waits for more at the end of what it has, until the
// feed says the scan is complete. The event loop gets a turn every SLICE_MS,
// so the extension host stays responsive and cancellation is seen within
// milliseconds.
import { promises as fsp } from 'node:fs';
import { changedWhilePacking, withPath } from './errors';
import { absolutePath, archiveName, fillFragment, FragmentKind, nonFileHeader, SMALL_FILE_BYTES, type FragmentEntries, type FragmentPlace, type FragmentResult } from './fragment';
import type { WireEntries } from './fragment-worker';
import { fragmentTuning, WorkerLost, type FillAnswer, type PackWorkers } from './fragment-workers';
import { BATCH_BYTES, type GzipFileSink, type LaneWriter } from './gzip-sink';
import { BLOCK, paddedSize, slowHeader, writeFastHeader, type TarHeaderFields } from './tar-header';

/** What the writer needs of a scanned entry (core/packer's IncludedEntry). */
export interface TarSourceEntry {
  path: string;
  kind: 'file' | 'directory' | 'symlink';
  /** Files: set by the writer to what it packed. */
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
  /** The folder the entries' paths are relative to, and the archive's top-level directory (fragmentPlace). */
  place: FragmentPlace;
  entries: EntryFeed;
  sink: GzipFileSink;
  workers: PackWorkers;
  signal?: AbortSignal;
  /** Called once per file and link written, with its size as packed. */
  onEntryDone: (entry: TarSourceEntry) => void;
}

const SLICE_MS = 10;
/** A large file is read only into at least this much free room (fewer, larger reads). */
const MIN_READ_ROOM = 64 * 1024;

/** A run of entries in the shapes the writer needs: the scan's objects, fillFragment's arrays, and a worker's message. */
interface Run {
  source: TarSourceEntry[];
  entries: FragmentEntries;
  wire(): WireEntries;
}

export async function writeTar(job: TarWriteJob): Promise<void> {
  const { sink, signal, workers, place } = job;
  const feed = job.entries;
  const prefix = place.namePrefix;

  // Runs handed to workers, still being filled; the first failure stops the rest.
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const throwIfFailed = (): void => {
    if (failure) throw failure.error;
  };
  try {
    if (prefix) {
      const lane = sink.lane();
      await putHeader(lane, nonFileHeader(prefix, FragmentKind.Directory, undefined), 0);
      lane.close();
    }
    let sliceStarted = performance.now();
    for (let i = 0; ;) {
      while (i === feed.list.length && !feed.complete) await feed.more();
      if (i === feed.list.length) break;
      throwIfFailed();
      signal?.throwIfAborted();
      const end = Math.min(feed.list.length, i + fragmentTuning.runEntries);
      const run = toRun(feed.list.slice(i, end) as TarSourceEntry[]);
      const lane = sink.lane();
      const worker = workers.take(end);
      if (worker) {
        const wire = run.wire();
        // A worker that dies leaves its run to this thread (from the same place in the batch: nothing it wrote counts).
        const viaWorker: Filler = (at, from) =>
          worker.fill(lane.batchIndex, at, BATCH_BYTES, wire, from, run.source.length).catch((err: unknown) => {
            if (err instanceof WorkerLost) return here(lane, place, run, at, from);
            throw err;
          });
        const filling = fillRun(lane, run, job, viaWorker).then(
          () => {
            worker.finished();
            inFlight.delete(filling);
          },
          (error: unknown) => {
            worker.finished();
            inFlight.delete(filling);
            failure ??= { error };
            // Its lane never closes: lanes behind it waiting for a batch must stop too.
            sink.fail(error);
          },
        );
        inFlight.add(filling);
      } else {
        await fillRun(lane, run, job, (at, from) => here(lane, place, run, at, from));
      }
      i = end;
      if (performance.now() - sliceStarted > SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStarted = performance.now();
      }
    }
    while (inFlight.size > 0) await Promise.race(inFlight);
    throwIfFailed();
    // End of archive: two zero blocks.
    const last = sink.lane();
    await last.flush();
    last.batch.fill(0, 0, 2 * BLOCK);
    last.used = 2 * BLOCK;
    last.close();
  } catch (err) {
    // Let the runs in workers settle (failing the sink wakes any waiting for a batch) before the caller tears the sink down.
    sink.fail(err);
    await Promise.allSettled([...inFlight]);
    throw failure?.error ?? err;
  }
}

function toRun(source: TarSourceEntry[]): Run {
  const entries: FragmentEntries = { rels: [], kinds: [], links: [] };
  let hasLinks = false;
  for (const e of source) {
    entries.rels.push(e.path);
    entries.kinds.push(e.kind === 'file' ? FragmentKind.File : e.kind === 'directory' ? FragmentKind.Directory : FragmentKind.Symlink);
    entries.links.push(e.linkTarget ?? '');
    hasLinks ||= e.kind === 'symlink';
  }
  return {
    source,
    entries,
    wire: () => ({ rels: entries.rels.join('\0'), kinds: Uint8Array.from(entries.kinds), links: hasLinks ? entries.links : undefined }),
  };
}

/** Fills on this thread. */
function here(lane: LaneWriter, place: FragmentPlace, run: Run, at: number, from: number): FillAnswer {
  const stats = new Float64Array(3 * (run.source.length - from));
  return { result: fillFragment(lane.batch, at, BATCH_BYTES, place, run.entries, from, run.source.length, stats), stats };
}

type Filler = (at: number, from: number) => FillAnswer | Promise<FillAnswer>;

/** Writes one run into its lane through `fill`, doing on this thread what fillFragment leaves to it. */
async function fillRun(lane: LaneWriter, run: Run, job: TarWriteJob, fill: Filler): Promise<void> {
  const count = run.source.length;
  let next = 0;
  while (next < count) {
    if (lane.room < BLOCK) await lane.flush();
    job.signal?.throwIfAborted();
    const from = next;
    const { result, stats } = await fill(lane.used, from);
    lane.used = result.used;
    next = result.next;
    for (let k = from; k < next; k++) {
      const e = run.source[k];
      if (e.kind === 'file') {
        const s = 3 * (k - from);
        e.size = stats[s];
        e.mode = stats[s + 1];
        e.mtimeMs = stats[s + 2];
      }
      if (e.kind !== 'directory') job.onEntryDone(e);
    }
    // A run stopped for room in an empty batch would stop there again: that entry is written here instead.
    if (result.stop === 'room' && lane.used > 0) {
      await lane.flush();
    } else if (result.stop === 'main' || result.stop === 'room') {
      await writeEntryHere(lane, run, next, job);
      next++;
    } else if (result.stop === 'error') {
      throw fragmentError(result, run.source[next], absolutePath(job.place, run.source[next].path));
    }
  }
  lane.close();
}

/** One entry the fragment filler refused: a large file, or a header the `tar` package writes. */
async function writeEntryHere(lane: LaneWriter, run: Run, k: number, job: TarWriteJob): Promise<void> {
  const e = run.source[k];
  const name = archiveName(job.place, e.path, run.entries.kinds[k]);
  if (e.kind !== 'file') {
    await putHeader(lane, nonFileHeader(name, e.kind === 'directory' ? FragmentKind.Directory : FragmentKind.Symlink, e.linkTarget), 0);
    if (e.kind === 'symlink') job.onEntryDone(e);
    return;
  }
  const absolute = absolutePath(job.place, e.path);
  const handle = await fsp.open(absolute, 'r').catch((err: unknown) => {
    throw withPath(err, absolute);
  });
  try {
    const st = await handle.stat();
    e.size = st.size;
    e.mode = st.mode & 0o7777;
    e.mtimeMs = st.mtimeMs;
    const small = st.size <= SMALL_FILE_BYTES;
    await putHeader(lane, { path: name, type: 'file', mode: e.mode, mtimeSeconds: Math.floor(st.mtimeMs / 1000), size: st.size }, small ? paddedSize(st.size) : 0);
    let position = 0;
    while (position < e.size) {
      if (lane.room < Math.min(MIN_READ_ROOM, e.size - position)) await lane.flush();
      job.signal?.throwIfAborted();
      const want = Math.min(lane.room, e.size - position);
      const { bytesRead } = await handle.read(lane.batch, lane.used, want, position);
      // The header promised `size` bytes: a file that shrank since its stat cannot be sent.
      if (bytesRead === 0) throw changedWhilePacking(e.path);
      lane.used += bytesRead;
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
  const pad = paddedSize(e.size) - e.size;
  if (lane.room < pad) await lane.flush();
  lane.batch.fill(0, lane.used, lane.used + pad);
  lane.used += pad;
  job.onEntryDone(e);
}

/** Puts a header into the lane with room for `bodyBytes` after it, moving to a fresh batch first when needed. */
async function putHeader(lane: LaneWriter, h: TarHeaderFields, bodyBytes: number): Promise<void> {
  if (lane.room < BLOCK + bodyBytes) await lane.flush();
  if (writeFastHeader(h, lane.batch, lane.used)) {
    lane.used += BLOCK;
    return;
  }
  const bytes = slowHeader(h);
  if (lane.room < bytes.length + bodyBytes) await lane.flush();
  bytes.copy(lane.batch, lane.used);
  lane.used += bytes.length;
}

function fragmentError(result: FragmentResult, e: TarSourceEntry, absolute: string): unknown {
  if (result.error?.code === 'SHORT') return changedWhilePacking(e.path);
  return Object.assign(new Error(result.error?.message ?? 'read failed'), { code: result.error?.code, path: absolute });
}
