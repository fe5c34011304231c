// Where the packer's tar bytes go: fixed batches → gzip → a file.
//
// Why batches from a fixed pool: handing gzip one chunk per file (or per
// header) cost a stream round trip each and left a trail of short-lived
// buffers, which made memory climb towards the 100 MB budget. Here the tar
// writer fills a 1 MiB batch in place; a full batch goes to gzip and the
// writer continues in a free one. Batches come back to the pool when gzip has
// consumed them, so memory is a few MiB whatever the tree's size, and when
// every batch is still waiting for gzip the writer waits too (backpressure).
// Between batches the event loop gets a turn: gzip works on a pool thread, so
// compression overlaps with reading the next files.
//
// Batches are shared buffers so that reader workers (packer-body-reader.ts)
// can fill file bodies into them; a full batch goes to gzip once its reads are
// done, and batches always reach gzip in the order they were filled.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';

export const BATCH_BYTES = 1024 * 1024;
/** One batch being filled, one compressing, the rest being read into or queued: enough to keep every side busy. */
const POOL_SIZE = 5;
/**
 * gzip's output pieces. Each is a fresh buffer that becomes garbage once
 * written, and V8 collects such buffers late; the 16 KiB default keeps the
 * pile smallest (measured on 150 MiB: 128 KiB pieces peaked at 88 MB RSS,
 * 16 KiB at 74 MB), at no measurable cost in speed.
 */
const GZIP_CHUNK_BYTES = 16 * 1024;

/** Returns when the reads into a batch are done (undefined: none outstanding). */
export type BatchSealer = (batchIndex: number) => Promise<void> | undefined;

export class GzipFileSink {
  /** The batch being filled; write at `used`. */
  batch: Buffer;
  /** Its index in `shared`. */
  batchIndex: number;
  used = 0;
  /** The pool's memory, for readers that fill batches from another thread. */
  readonly shared: readonly SharedArrayBuffer[];
  private readonly buffers: Buffer[];
  private readonly free: number[] = [];
  private sealer: BatchSealer = () => undefined;
  /** Batches on their way to gzip, in order: each waits for its reads, then for the one before. */
  private queue: Promise<void> = Promise.resolve();
  private waiting: (() => void) | undefined;
  private failure: unknown;
  private readonly gzip: zlib.Gzip;
  private readonly done: Promise<void>;

  constructor(file: string, signal?: AbortSignal) {
    this.shared = Array.from({ length: POOL_SIZE }, () => new SharedArrayBuffer(BATCH_BYTES));
    this.buffers = this.shared.map((memory) => Buffer.from(memory));
    for (let i = POOL_SIZE - 1; i >= 0; i--) this.free.push(i);
    this.batchIndex = this.free.pop()!;
    this.batch = this.buffers[this.batchIndex];
    // Level 6 is gzip's (and GNU tar -z's) default: same size, same work.
    this.gzip = zlib.createGzip({ level: 6, chunkSize: GZIP_CHUNK_BYTES });
    this.done = pipeline(this.gzip, createWriteStream(file, { highWaterMark: GZIP_CHUNK_BYTES }), { signal });
    this.done.catch((err: unknown) => {
      this.failure = err ?? new Error('packing failed');
      this.wake();
    });
  }

  /** Tells the sink how to wait for reads still filling a batch. */
  setSealer(sealer: BatchSealer): void {
    this.sealer = sealer;
  }

  get room(): number {
    return BATCH_BYTES - this.used;
  }

  /** Sends the current batch to gzip and continues in a free one (waiting for gzip if none is free). */
  async flush(): Promise<void> {
    this.throwIfFailed();
    if (this.used > 0) {
      this.send();
      while (this.free.length === 0) {
        await new Promise<void>((resolve) => (this.waiting = resolve));
        this.throwIfFailed();
      }
      this.batchIndex = this.free.pop()!;
      this.batch = this.buffers[this.batchIndex];
    }
    // A turn of the event loop: gzip's callbacks run and the host stays responsive.
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.throwIfFailed();
  }

  /** Sends what is left, closes gzip and waits until the file is complete. */
  async finish(): Promise<void> {
    this.throwIfFailed();
    if (this.used > 0) this.send();
    await this.queue;
    this.throwIfFailed();
    this.gzip.end();
    await this.done;
  }

  /** Queues the current batch for gzip, behind the ones before it and its own reads. */
  private send(): void {
    const index = this.batchIndex;
    const bytes = this.buffers[index].subarray(0, this.used);
    const reads = this.sealer(index);
    this.used = 0;
    this.queue = this.queue
      .then(() => reads)
      .then(() => {
        if (this.failure !== undefined) return;
        this.gzip.write(bytes, () => {
          this.free.push(index);
          this.wake();
        });
      })
      .catch((err: unknown) => {
        this.failure ??= err ?? new Error('packing failed');
        this.wake();
      });
  }

  /** Stops everything after a failure of the writer; the caller removes the file. */
  async abort(reason: unknown): Promise<void> {
    this.gzip.destroy(reason instanceof Error ? reason : new Error(String(reason)));
    await this.done.catch(() => undefined);
  }

  private wake(): void {
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.();
  }

  private throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }
}
