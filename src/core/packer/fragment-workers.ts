// The packing workers: started once a folder proves to have many entries,
// then kept (idle, unref'd) for a while so that the next pack finds them
// warm.
//
// Why keep them: a worker is a Node environment of its own; starting one
// costs about 30 ms of CPU, and its code runs slowly until the JIT has seen
// it (a cold worker made the first pack of 20,000 files slower than no
// worker at all, on 2 cores). A kept worker costs 8-10 MB while it lives; it
// ends idleMs after the last pack, and keeps the process alive only while a
// pack uses it.
//
// Every pack registers its batches (shared memory) with the workers and
// posts runs of entries to fill (fragment.ts); one pool serves packs
// that run at the same time.
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FragmentPlace, FragmentResult } from './fragment';
import type { FillRequest, WireEntries, WorkerRequest } from './fragment-worker';

/**
 * One worker on 2-3 cores (it shares the second core with gzip: measured on
 * 2 cores, 20,000 small files, it filled about half of the runs and cut the
 * pack's time by 10-15% once warm), two from 4 cores.
 */
function workersForThisMachine(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return cores >= 4 ? 2 : cores >= 2 ? 1 : 0;
}

/** How packing shares out its work; tests change it to force the worker path. */
export const fragmentTuning = {
  /** Entries a folder must have before workers are started (small folders are packed before one could start). */
  workersAfterEntries: 2000,
  workerCount: workersForThisMachine(),
  /**
   * Entries per run (one message each way): about 0.75 MB of small source
   * files, 4-5 ms of work. Measured on 2 cores, 20,000 small files: 512 packed
   * 5-10% faster than 256 (fewer lanes, fuller batches) and no slower than 1024.
   */
  runEntries: 512,
  /** Runs given to one worker at a time: one being filled and one waiting, so a worker never idles for a round trip. */
  runsPerWorker: 2,
  /** How long idle workers are kept for the next pack. */
  idleMs: 60_000,
};

/**
 * The worker's script, beside the code that starts it: dist/packer-fragment-worker.js beside the
 * bundle (esbuild.js names that entry), fragment-worker.js beside this file as tsc compiles it to
 * out/src/core/packer/ (unit tests, bench). Undefined when neither is there.
 */
const workerScript = (): string | undefined => ['packer-fragment-worker.js', 'fragment-worker.js'].map((name) => path.join(__dirname, name)).find((file) => existsSync(file));

export interface FillAnswer {
  result: FragmentResult;
  /** Size, permission bits and mtime (ms) of each file written, 3 per entry from `from`. */
  stats: Float64Array;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Runs given to this worker and not finished (counted from the moment they are given, before their first fill). */
  runs: number;
}

interface Pending {
  pack: number;
  slot: Slot;
  resolve: (answer: FillAnswer) => void;
  reject: (err: unknown) => void;
}

class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  /** Batches of the packs running now, given to every worker (also to one started later). */
  private readonly packs = new Map<number, { buffers: readonly SharedArrayBuffer[]; place: FragmentPlace }>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Runs filled by workers since the process started; tests check the workers really worked. */
  filled = 0;
  /** A worker failed before it was ready: this process packs on the main thread from now on. */
  private broken = false;
  private stopping = false;

  get started(): boolean {
    return this.slots.length > 0;
  }

  register(pack: number, buffers: readonly SharedArrayBuffer[], place: FragmentPlace): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.packs.set(pack, { buffers, place });
    for (const slot of this.slots) this.post(slot, { pack, buffers, place });
    this.holdProcess();
  }

  release(pack: number): void {
    this.packs.delete(pack);
    for (const slot of this.slots) this.post(slot, { pack, release: true });
    for (const [id, p] of this.pending) {
      if (p.pack !== pack) continue;
      this.pending.delete(id);
      p.reject(new Error('packing stopped'));
    }
    this.holdProcess();
    this.stopWhenIdle();
  }

  /** With no pack running, ends the workers after idleMs unless a pack comes first. */
  stopWhenIdle(): void {
    if (this.packs.size > 0 || this.slots.length === 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.stopAll(), fragmentTuning.idleMs);
    this.idleTimer.unref();
  }

  /** Starts workers up to the tuned count; false when this machine or build has none. */
  start(): boolean {
    if (this.broken || fragmentTuning.workerCount <= 0 || !workerScript()) return false;
    while (this.slots.length < fragmentTuning.workerCount) this.spawn();
    return true;
  }

  /** A ready worker that can take another run, the least busy first. */
  available(): Slot | undefined {
    let best: Slot | undefined;
    for (const slot of this.slots) {
      if (slot.ready && slot.runs < fragmentTuning.runsPerWorker && (!best || slot.runs < best.runs)) best = slot;
    }
    return best;
  }

  fill(slot: Slot, request: Omit<FillRequest, 'id'>): Promise<FillAnswer> {
    if (!this.slots.includes(slot)) return Promise.reject(new WorkerLost(new Error('the worker has ended')));
    const id = this.nextId++;
    this.filled++;
    return new Promise<FillAnswer>((resolve, reject) => {
      this.pending.set(id, { pack: request.pack, slot, resolve, reject });
      this.post(slot, { ...request, id });
    });
  }

  private spawn(): void {
    const worker = new Worker(workerScript()!);
    const slot: Slot = { worker, ready: false, runs: 0 };
    this.slots.push(slot);
    for (const [pack, { buffers, place }] of this.packs) this.post(slot, { pack, buffers, place });
    worker.on('message', (m: { ready?: true; id?: number; result?: FragmentResult; stats?: Float64Array }) => {
      if (m.ready) {
        slot.ready = true;
        return;
      }
      const p = this.pending.get(m.id!);
      if (!p) return;
      this.pending.delete(m.id!);
      p.resolve({ result: m.result!, stats: m.stats! });
    });
    const lost = (err: unknown): void => this.drop(slot, err);
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('a packing worker stopped unexpectedly')));
    this.holdProcess();
  }

  /**
   * Workers keep the process alive only while a pack uses them: a pack
   * waiting for nothing but a worker's answer must not see its process end
   * under it, and idle workers must never be why a process stays. (After the
   * message listeners, which would take a worker back.)
   */
  private holdProcess(): void {
    for (const slot of this.slots) {
      if (this.packs.size > 0) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  private drop(slot: Slot, err: unknown): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    // One that never got ready will not do better next time (e.g. its script cannot load here).
    if (!slot.ready && !this.stopping) this.broken = true;
    for (const [id, p] of this.pending) {
      if (p.slot !== slot) continue;
      this.pending.delete(id);
      p.reject(new WorkerLost(err));
    }
  }

  /** Ends every worker; fills still outstanding fall back to the main thread (WorkerLost). */
  stopAll(): Promise<unknown> {
    const ending = [...this.slots];
    this.stopping = true;
    for (const slot of ending) this.drop(slot, new Error('the workers were stopped'));
    this.stopping = false;
    return Promise.all(ending.map((slot) => slot.worker.terminate()));
  }

  private post(slot: Slot, message: WorkerRequest): void {
    slot.worker.postMessage(message);
  }
}

/** A worker ended or failed while filling: the run can be filled on the main thread instead. */
export class WorkerLost extends Error {
  constructor(readonly reason: unknown) {
    super(`a packing worker stopped: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

const pool = new WorkerPool();
let nextPack = 1;

/** Runs filled by workers since the process started (for tests). */
export function workerFills(): number {
  return pool.filled;
}

/**
 * Starts the workers ahead of a pack of `entryCount` entries that will use
 * them (e.g. while the person confirms what will be sent), so that they are
 * ready when it starts. They end after idleMs if no pack comes.
 */
export function startWorkersFor(entryCount: number): void {
  if (entryCount < fragmentTuning.workersAfterEntries || !pool.start()) return;
  pool.stopWhenIdle();
}

/** Ends the workers now (the next pack that wants them starts new ones). */
export async function stopWorkers(): Promise<void> {
  await pool.stopAll();
}

/** Starts the workers now and resolves once one is ready (for tests and benchmarks that want them warm). */
export async function warmUpWorkers(): Promise<boolean> {
  if (!pool.start()) return false;
  while (!pool.available()) await new Promise((resolve) => setTimeout(resolve, 5));
  return true;
}

/** One pack's use of the workers. */
export class PackWorkers {
  private readonly pack = nextPack++;
  private closed = false;

  constructor(buffers: readonly SharedArrayBuffer[], place: FragmentPlace) {
    pool.register(this.pack, buffers, place);
  }

  /**
   * A worker to fill the next run, or undefined (the main thread fills it);
   * the caller calls `finished` when the run is written. Workers are started
   * once the folder has `workersAfterEntries` entries, unless an earlier pack
   * left them running.
   */
  take(entriesSoFar: number): WorkerRun | undefined {
    if (this.closed) return undefined;
    if (!pool.started && (entriesSoFar < fragmentTuning.workersAfterEntries || !pool.start())) return undefined;
    const slot = pool.available();
    if (!slot) return undefined;
    slot.runs++;
    let finished = false;
    return {
      fill: (batch, at, limit, entries, from, end) => pool.fill(slot, { pack: this.pack, batch, at, limit, entries, from, end }),
      finished: () => {
        if (!finished) slot.runs--;
        finished = true;
      },
    };
  }

  /** Forgets this pack's batches; its fills still outstanding fail. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    pool.release(this.pack);
  }
}

/** One run given to a worker. */
export interface WorkerRun {
  fill(batch: number, at: number, limit: number, entries: WireEntries, from: number, end: number): Promise<FillAnswer>;
  finished(): void;
}
