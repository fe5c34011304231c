// The packing worker: runs fillFragment (fragment.ts) on runs of
// entries the main thread posts, into the batches (shared memory) of the
// packs that registered them. Built as its own file (dist/ beside the
// extension bundle, out/src/core for the tests) and started by
// fragment-workers.ts.
//
// Messages in: { pack, buffers, place } registers a pack's batches; { pack,
// release } forgets them; { id, pack, batch, at, limit, entries, from, end }
// fills. Messages out: { ready } once, then { id, result, stats } per fill.
import { parentPort } from 'node:worker_threads';
import { fillFragment, type FragmentKind, type FragmentPlace } from './fragment';

/**
 * A run as posted: one string and one byte array clone much faster than
 * arrays of 256 strings (posting showed as 8% of the main thread's time).
 */
export interface WireEntries {
  /** posix relative paths joined with NUL (never part of a file name) */
  rels: string;
  kinds: Uint8Array;
  /** Only when the run has links. */
  links?: string[];
}

export interface FillRequest {
  id: number;
  pack: number;
  batch: number;
  at: number;
  limit: number;
  entries: WireEntries;
  from: number;
  end: number;
}

export type WorkerRequest = FillRequest | { pack: number; buffers: readonly SharedArrayBuffer[]; place: FragmentPlace } | { pack: number; release: true };

if (parentPort) {
  const port = parentPort;
  const packs = new Map<number, { batches: Buffer[]; place: FragmentPlace }>();
  port.on('message', (m: WorkerRequest) => {
    if ('buffers' in m) {
      packs.set(m.pack, { batches: m.buffers.map((memory) => Buffer.from(memory)), place: m.place });
      return;
    }
    if ('release' in m) {
      packs.delete(m.pack);
      return;
    }
    const pack = packs.get(m.pack);
    const stats = new Float64Array(3 * (m.end - m.from));
    const entries = { rels: m.entries.rels.split('\0'), kinds: Array.from(m.entries.kinds) as FragmentKind[], links: m.entries.links ?? [] };
    const result = pack
      ? fillFragment(pack.batches[m.batch], m.at, m.limit, pack.place, entries, m.from, m.end, stats)
      : { used: m.at, next: m.from, stop: 'error' as const, error: { message: 'packing stopped' } };
    port.postMessage({ id: m.id, result, stats }, [stats.buffer]);
  });
  port.postMessage({ ready: true });
}
