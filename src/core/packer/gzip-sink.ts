// Where the packer's tar bytes go: fixed batches → gzip → a file, in lanes.
//
// Why batches from a fixed pool: handing gzip one chunk per file (or per
// header) cost a stream round trip each and left a trail of short-lived
// buffers, which made memory climb towards the 100 MB budget. Here a 1 MiB
// batch is filled in place; a full batch goes to gzip and the filler continues
// in a free one. Batches come back to the pool when gzip has consumed them, so
// memory is a few MiB whatever the tree's size, and when no batch is free the
// filler waits (backpressure). gzip works on a pool thread, so compression
// overlaps with reading the next files.
//
// Why lanes: runs of entries are filled at the same time by the main thread
// and a worker (tar-writer.ts), each into batches of its own, and how
// many batches a run needs is known only once it is written. A lane is one
// run's sequence of batches; lanes reach gzip in the order they were opened,
// so the archive keeps the scan's order. Batches are shared memory so that a
// worker can fill them.
//
// No deadlock: a lane that is not the first open one takes a batch only while
// another stays free, so the first lane (the one gzip waits for) can always
// get one once gzip hands its batches back.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';

export const BATCH_BYTES = 1024 * 1024;
/** Batches being filled by the main thread and a worker, one compressing, the rest queued: enough to keep every side busy. */
const POOL_SIZE = 6;
/** Batches kept for the first lane. */
const RESERVED_FOR_FIRST = 1;
/**
 * gzip's output pieces. Each is a fresh buffer that becomes garbage once
 * written, and V8 collects such buffers late; the 16 KiB default keeps the
 * pile smallest (measured on 150 MiB: 128 KiB pieces peaked at 88 MB RSS,
 * 16 KiB at 74 MB), at no measurable cost in speed.
 */
const GZIP_CHUNK_BYTES = 16 * 1024;

interface LaneState {
  /** Filled batches waiting for gzip: [index, bytes used]. */
  pieces: Array<[number, number]>;
  closed: boolean;
}

export class GzipFileSink {
  /** The pool's memory, for workers that fill batches from another thread. */
  readonly shared: readonly SharedArrayBuffer[];
  readonly buffers: readonly Buffer[];
  private readonly free: number[] = [];
  /** Open lanes in order; the first is the one gzip takes from. */
  private readonly lanes: LaneState[] = [];
  private readonly waiting: Array<() => void> = [];
  private failure: unknown;
  private readonly gzip: zlib.Gzip;
  private readonly done: Promise<void>;

  constructor(file: string, signal?: AbortSignal) {
    this.shared = Array.from({ length: POOL_SIZE }, () => new SharedArrayBuffer(BATCH_BYTES));
    this.buffers = this.shared.map((memory) => Buffer.from(memory));
    for (let i = POOL_SIZE - 1; i >= 0; i--) this.free.push(i);
    // Level 6 is gzip's (and GNU tar -z's) default: same size, same work.
    this.gzip = zlib.createGzip({ level: 6, chunkSize: GZIP_CHUNK_BYTES });
    this.done = pipeline(this.gzip, createWriteStream(file, { highWaterMark: GZIP_CHUNK_BYTES }), { signal });
    this.done.catch((err: unknown) => {
      this.failure ??= err ?? new Error('packing failed');
      this.wakeAll();
    });
  }

  /** Opens the next lane: its batches reach gzip after those of every lane opened before it. */
  lane(): LaneWriter {
    const state: LaneState = { pieces: [], closed: false };
    this.lanes.push(state);
    return new LaneWriter(this, state);
  }

  /** Waits for every lane to be closed and written, ends gzip and waits until the file is complete. */
  async finish(): Promise<void> {
    while (this.lanes.length > 0) {
      this.throwIfFailed();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.throwIfFailed();
    this.gzip.end();
    await this.done;
  }

  /** Marks the sink failed: every lane waiting for a batch gets `reason` instead. */
  fail(reason: unknown): void {
    this.failure ??= reason ?? new Error('packing stopped');
    this.wakeAll();
  }

  /** Stops everything after a failure; the caller removes the file. */
  async abort(reason: unknown): Promise<void> {
    this.failure ??= reason ?? new Error('packing stopped');
    this.wakeAll();
    this.gzip.destroy(reason instanceof Error ? reason : new Error(String(reason)));
    await this.done.catch(() => undefined);
  }

  /** @internal A free batch for the lane, waiting for one when needed. */
  async take(state: LaneState): Promise<number> {
    for (;;) {
      this.throwIfFailed();
      const reserve = this.lanes[0] === state ? 0 : RESERVED_FOR_FIRST;
      if (this.free.length > reserve) return this.free.pop()!;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** @internal */
  put(state: LaneState, index: number, used: number): void {
    if (used > 0) state.pieces.push([index, used]);
    else this.giveBack(index);
    this.pump();
  }

  /** @internal */
  close(state: LaneState): void {
    state.closed = true;
    this.pump();
  }

  /** @internal */
  throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  /** Hands the first lanes' batches to gzip, in order, and retires the lanes that are done. */
  private pump(): void {
    if (this.failure !== undefined) return;
    let retired = false;
    while (this.lanes.length > 0) {
      const first = this.lanes[0];
      for (const [index, used] of first.pieces.splice(0)) {
        this.gzip.write(this.buffers[index].subarray(0, used), () => this.giveBack(index));
      }
      if (!first.closed) break;
      this.lanes.shift();
      retired = true;
    }
    // A new first lane may take the reserved batch, and finish() waits for the last lane.
    if (retired) this.wakeAll();
  }

  private giveBack(index: number): void {
    this.free.push(index);
    this.wakeAll();
  }

  private wakeAll(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** One lane's current batch: fill `batch` from `used`; `flush` moves on to a fresh batch. */
export class LaneWriter {
  batch!: Buffer;
  batchIndex = -1;
  used = 0;

  constructor(
    private readonly sink: GzipFileSink,
    private readonly state: LaneState,
  ) {}

  get room(): number {
    return this.batchIndex < 0 ? 0 : BATCH_BYTES - this.used;
  }

  /** Queues the current batch (when it holds anything) and continues in a free one. */
  async flush(): Promise<void> {
    if (this.batchIndex >= 0) this.sink.put(this.state, this.batchIndex, this.used);
    this.batchIndex = -1;
    this.used = 0;
    this.batchIndex = await this.sink.take(this.state);
    this.batch = this.sink.buffers[this.batchIndex];
  }

  /** Queues what is left; the lane's bytes can now reach gzip. */
  close(): void {
    if (this.batchIndex >= 0) this.sink.put(this.state, this.batchIndex, this.used);
    this.batchIndex = -1;
    this.sink.close(this.state);
  }
}
