// Reads the bodies of small files into the packer's batches: on the main
// thread, or off it on machines with cores to spare.
//
// Why: with 20,000 small files packing is almost all system calls (lstat,
// open, read, close per file, a few microseconds each), all on the main
// thread, while GNU tar overlaps its reading with gzip running in another
// process. With workers, the tar writer still lays out every entry (header,
// then a hole of the body's size) but leaves the hole to a worker thread,
// which opens, reads and closes the file straight into the batch, a shared
// buffer, while the main thread goes on scanning and writing headers.
// A batch goes to gzip only once every hole in it is filled (see the sink).
//
// The first files are read synchronously on the main thread, as before: a
// small folder is packed before a worker could even start (about 30 ms), so
// workers are started only once a folder proves to have many small files, and
// the main thread keeps reading until they say they are ready. On machines
// with fewer than 4 cores there is no core to spare and no worker at all
// (see workersForThisMachine).
//
// The worker's code is a string run with `eval: true`: the extension is
// bundled into one file, so there is no separate script to point a Worker at.
import { closeSync, openSync, readSync } from 'node:fs';
import * as os from 'node:os';
import { Worker } from 'node:worker_threads';
import { PackError } from './packer-errors';

/**
 * Readers beside the main thread, the gzip thread and the rest of the host.
 * Measured on 2 cores (20,000 small files, a busy machine): with one or two
 * workers a pack took about 100 ms more CPU (each worker is a Node
 * environment of its own, and adds 8-10 MB to the process), and with no core
 * to spare that made it 10-20% slower than reading on the main thread; so
 * below 4 cores there are no workers at all.
 */
function workersForThisMachine(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return cores >= 4 ? Math.min(2, cores - 2) : 0;
}

/** How the reader shares out the work; tests change it to force the worker path. */
export const readerTuning = {
  /** Small files read on the main thread before workers are worth their start-up. */
  workersAfterFiles: 2000,
  workerCount: workersForThisMachine(),
  /**
   * Files per message to a worker: a message costs a wake-up of the other
   * thread, which showed in profiles at 64 files per message.
   */
  chunkFiles: 256,
  /** Read on the main thread until a worker is ready (false: queue for the workers at once). */
  syncUntilReady: true,
};

// Plain JavaScript run inside each worker: no imports of ours, no bundler in
// the way. Messages: { id, batch, paths ("\0"-joined), offsets, sizes };
// answers: { id } when every file was read in full, or { id, failed, code,
// message } naming the index of the file that failed ("SHORT": fewer bytes
// than scanned, the file changed).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const batches = workerData.buffers.map((shared) => Buffer.from(shared));
parentPort.on('message', (m) => {
  const into = batches[m.batch];
  const paths = m.paths.split('\\0');
  for (let i = 0; i < paths.length; i++) {
    const at = m.offsets[i];
    const size = m.sizes[i];
    let fd;
    try {
      fd = fs.openSync(paths[i], 'r');
    } catch (err) {
      parentPort.postMessage({ id: m.id, failed: i, code: err.code, message: err.message });
      return;
    }
    let done = 0;
    try {
      while (done < size) {
        const n = fs.readSync(fd, into, at + done, size - done, done);
        if (n === 0) break;
        done += n;
      }
    } catch (err) {
      parentPort.postMessage({ id: m.id, failed: i, code: err.code, message: err.message });
      return;
    } finally {
      fs.closeSync(fd);
    }
    if (done < size) {
      parentPort.postMessage({ id: m.id, failed: i, code: 'SHORT', message: 'short read' });
      return;
    }
  }
  parentPort.postMessage({ id: m.id });
});
parentPort.postMessage({ ready: true });
`;

interface WorkerAnswer {
  id: number;
  ready?: boolean;
  failed?: number;
  code?: string;
  message?: string;
}

/** Files of one batch gathered for one message. */
interface Chunk {
  batch: number;
  absolute: string[];
  relative: string[];
  offsets: number[];
  sizes: number[];
}

interface Pending {
  chunk: Chunk;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class BodyReader {
  private readonly workers: Worker[] = [];
  /** Workers that said they are ready; only they get messages, so none waits in a queue behind a start. */
  private readonly ready: Worker[] = [];
  private filesSeen = 0;
  private started = false;
  /** Chunks gathered before any worker was ready (only without syncUntilReady). */
  private readonly backlog: Array<{ id: number; chunk: Chunk }> = [];
  private nextWorker = 0;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Per batch: the chunk being gathered and the reads already sent. */
  private readonly open = new Map<number, Chunk>();
  private readonly sent = new Map<number, Array<Promise<void>>>();
  private closed = false;

  /** `buffers`: the sink's batches, shared with the workers once at their start. */
  constructor(private readonly buffers: readonly SharedArrayBuffer[]) {}

  /**
   * Fills `size` bytes of `into` (the batch numbered `batch`) at `at` with the
   * file's content: now when no worker is ready yet, later otherwise (the
   * batch then waits in `seal`). A file shorter than `size` is an error.
   */
  read(batch: number, into: Buffer, at: number, size: number, absolute: string, relative: string): void {
    if (!this.started && readerTuning.workerCount > 0 && this.filesSeen++ >= readerTuning.workersAfterFiles) this.startWorkers();
    if (this.ready.length === 0 && (!this.started || readerTuning.syncUntilReady)) {
      if (readSmallFileInto(absolute, into, at, size) < size) throw changedWhilePacking(relative);
      return;
    }
    let chunk = this.open.get(batch);
    if (!chunk) {
      chunk = { batch, absolute: [], relative: [], offsets: [], sizes: [] };
      this.open.set(batch, chunk);
    }
    chunk.absolute.push(absolute);
    chunk.relative.push(relative);
    chunk.offsets.push(at);
    chunk.sizes.push(size);
    if (chunk.absolute.length >= readerTuning.chunkFiles) this.send(batch);
  }

  /** Resolves when every read into the batch is done; undefined when none is outstanding. */
  seal(batch: number): Promise<void> | undefined {
    this.send(batch);
    const reads = this.sent.get(batch);
    if (!reads) return undefined;
    this.sent.delete(batch);
    return Promise.all(reads).then(() => undefined);
  }

  /** Stops the workers; reads still outstanding fail. */
  close(): void {
    this.closed = true;
    for (const w of this.workers) void w.terminate();
    this.failAll(new Error('packing stopped'));
  }

  private startWorkers(): void {
    this.started = true;
    for (let i = 0; i < readerTuning.workerCount; i++) {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { buffers: this.buffers }});
      // Never the reason the host process stays alive.
      worker.unref();
      worker.on('message', (answer: WorkerAnswer) => this.answered(worker, answer));
      worker.on('error', (err) => this.failAll(err));
      worker.on('exit', () => {
        if (!this.closed) this.failAll(new Error('a packing worker stopped unexpectedly'));
      });
      this.workers.push(worker);
    }
  }

  private answered(worker: Worker, answer: WorkerAnswer): void {
    if (answer.ready) {
      if (this.closed) return;
      this.ready.push(worker);
      for (const { id, chunk } of this.backlog.splice(0)) this.post(id, chunk);
      return;
    }
    const p = this.pending.get(answer.id);
    if (!p) return;
    this.pending.delete(answer.id);
    if (answer.failed === undefined) return p.resolve();
    const relative = p.chunk.relative[answer.failed];
    if (answer.code === 'SHORT') return p.reject(changedWhilePacking(relative));
    const err = Object.assign(new Error(answer.message ?? 'read failed'), { code: answer.code, path: p.chunk.absolute[answer.failed] });
    p.reject(err);
  }

  private send(batch: number): void {
    const chunk = this.open.get(batch);
    if (!chunk) return;
    this.open.delete(batch);
    const id = this.nextId++;
    const done = new Promise<void>((resolve, reject) => this.pending.set(id, { chunk, resolve, reject }));
    // Handled where the batch is sealed; this only keeps an early failure from counting as unhandled.
    done.catch(() => undefined);
    let reads = this.sent.get(batch);
    if (!reads) this.sent.set(batch, (reads = []));
    reads.push(done);
    if (this.ready.length === 0) this.backlog.push({ id, chunk });
    else this.post(id, chunk);
  }

  private post(id: number, chunk: Chunk): void {
    const worker = this.ready[this.nextWorker++ % this.ready.length];
    worker.postMessage({ id, batch: chunk.batch, paths: chunk.absolute.join('\0'), offsets: chunk.offsets, sizes: chunk.sizes });
  }

  private failAll(err: unknown): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
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

export function changedWhilePacking(rel: string): PackError {
  return new PackError('unreadable', `"${rel}" changed while packing; try again`, rel);
}

/** Makes sure a file-system error names the file, so the packer can say which one. */
export function withPath(err: unknown, absolute: string): unknown {
  const e = err as NodeJS.ErrnoException;
  if (e && typeof e === 'object' && !e.path) e.path = absolute;
  return err;
}
