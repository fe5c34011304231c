// Compiled programs kept for the emulator's session, so that the same sources sent again (the
// Stress Test sends its generator, solution and reference every round; a class sends one reference
// many times; a custom judge per problem) are compiled once. Keyed by what decides the result: the
// compiler and its version, the compile command and environment, and every file's name and SHA-256.
//
// Hostile code made the compiler's output (it ran in the sandbox, in a folder the program could
// write), so the cache never hands that folder on: after a compilation that ended well (exit 0, no
// limit hit) each new regular file is copied out without following links (fs-safety/beneath) into
// a folder of the emulator's own inside the data directory (never visible to a run), read-only.
// A later submission gets a fresh copy in its own folder: what a run does to its copy stays there.
// A compilation that failed, timed out or hit a limit is not stored. Identical compilations asked
// for at once wait for the first. The cache is bounded in bytes, least recently used out first.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EmulatorContext } from '../context';
import { copyOutBeneath, listBeneath } from '../fs-safety/beneath';
import { removeTree, startEmpty } from '../fs-safety/remove-tree';

/** What the cache may hold in all (bytes of compiled files). */
export const COMPILE_CACHE_BYTES = 256 * 1024 * 1024;
/** A compilation with more output than this, or more files, is not kept. */
const ENTRY_MAX_BYTES = 64 * 1024 * 1024;
const ENTRY_MAX_FILES = 2000;

export interface CompileKey {
  compilerId: number;
  /** The toolchain's version text ("gcc 12.2.0"): a new compiler never reuses an old binary. */
  version: string;
  command: string[];
  env: Record<string, string>;
  files: Map<string, Buffer>;
}

/** A compilation as prepareProgram ran it. */
export interface Compiled {
  ok: boolean;
  /** Ended well within every limit: may be kept (ok alone is the exit code's verdict). */
  keep: boolean;
  cmpinfo: string;
  compileSec: number;
}

interface Entry {
  dir: string;
  /** Relative path → executable? */
  files: Map<string, boolean>;
  bytes: number;
  cmpinfo: string;
}

export interface CompileCacheStats {
  /** Compilations really run (cache misses). */
  compilations: number;
  /** Programs handed out from the cache instead. */
  hits: number;
  entries: number;
  bytes: number;
}

export class CompileCache {
  /** In use order: the first is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry | undefined>>();
  private bytes = 0;
  private seq = 0;
  private compilations = 0;
  private hits = 0;

  constructor(
    /** A folder of the emulator's own, never shown to a run; made empty here. */
    private readonly root: string,
    private readonly maxBytes = COMPILE_CACHE_BYTES,
  ) {
    startEmpty(root);
  }

  static keyOf(k: CompileKey): string {
    const hash = createHash('sha256');
    const files = [...k.files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    hash.update(JSON.stringify({ compilerId: k.compilerId, version: k.version, command: k.command, env: Object.entries(k.env).sort() }));
    for (const [name, data] of files) hash.update(`\n${name}\n${data.length}\n${createHash('sha256').update(data).digest('hex')}`);
    return hash.digest('hex');
  }

  stats(): CompileCacheStats {
    return { compilations: this.compilations, hits: this.hits, entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The program compiled in `dir`: from the cache when these sources were compiled before (or are
   * being compiled now), else by `compile`, which compiles in `dir` where `sources` (relative
   * names) were already written.
   */
  async compileInto(key: string, dir: string, sources: Iterable<string>, compile: () => Promise<Compiled>): Promise<Compiled> {
    for (;;) {
      const entry = this.touch(key);
      if (entry) {
        if (await this.copyInto(entry, dir)) {
          this.hits++;
          return { ok: true, keep: true, cmpinfo: entry.cmpinfo, compileSec: 0 };
        }
        break; // evicted while copying: compile
      }
      const underway = this.pending.get(key);
      // The first of identical compilations asked for at once: wait for it; if it failed, compile.
      if (!underway || !(await underway)) break;
    }
    this.compilations++;
    let settle!: (stored: Entry | undefined) => void;
    const first = !this.pending.has(key);
    if (first) this.pending.set(key, new Promise((resolve) => (settle = resolve)));
    let stored: Entry | undefined;
    try {
      const result = await compile();
      if (result.ok && result.keep) stored = await this.store(key, dir, new Set(sources), result.cmpinfo);
      return result;
    } finally {
      if (first) {
        this.pending.delete(key);
        settle(stored);
      }
    }
  }

  /** Forgets everything (the folder goes with the emulator's close). */
  async close(): Promise<void> {
    this.entries.clear();
    this.bytes = 0;
    await removeTree(this.root);
  }

  private touch(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** The new regular files of a compilation's folder (not its sources), links and the rest left out. */
  private products(dir: string, sources: Set<string>): Array<{ rel: string; executable: boolean; size: number }> | undefined {
    const found: Array<{ rel: string; executable: boolean; size: number }> = [];
    const walk = (rel: string): boolean => {
      for (const { name, stat } of listBeneath(dir, rel)) {
        const child = rel ? `${rel}/${name}` : name;
        if (stat.isDirectory()) {
          if (!walk(child)) return false;
        } else if (!sources.has(child) && child !== '.compile.log') {
          found.push({ rel: child, executable: (stat.mode & 0o111) !== 0, size: stat.size });
          if (found.length > ENTRY_MAX_FILES) return false;
        }
      }
      return true;
    };
    return walk('') ? found : undefined;
  }

  private async store(key: string, dir: string, sources: Set<string>, cmpinfo: string): Promise<Entry | undefined> {
    if (this.entries.has(key)) return this.entries.get(key);
    try {
      const found = this.products(dir, sources);
      if (!found) return undefined;
      const total = found.reduce((sum, f) => sum + f.size, 0);
      if (total > ENTRY_MAX_BYTES || total > this.maxBytes) return undefined;
      const target = path.join(this.root, String(++this.seq));
      fs.mkdirSync(target, { mode: 0o700 });
      const files = new Map<string, boolean>();
      let bytes = 0;
      for (const f of found) {
        const dest = path.join(target, f.rel);
        fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
        bytes += await copyOutBeneath(dir, f.rel, dest, { maxBytes: ENTRY_MAX_BYTES });
        fs.chmodSync(dest, f.executable ? 0o500 : 0o400);
        files.set(f.rel, f.executable);
      }
      fs.chmodSync(target, 0o500);
      const entry: Entry = { dir: target, files, bytes, cmpinfo };
      this.entries.set(key, entry);
      this.bytes += bytes;
      await this.evict();
      return this.entries.get(key);
    } catch {
      return undefined; // not kept: the next identical submission compiles again
    }
  }

  private async evict(): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
      await removeTree(entry.dir);
    }
  }

  /** Fresh copies of the stored files into the program's folder, owned by the emulator; false if the entry went. */
  private async copyInto(entry: Entry, dir: string): Promise<boolean> {
    try {
      for (const [rel, executable] of entry.files) {
        const dest = path.join(dir, rel);
        await fs.promises.mkdir(path.dirname(dest), { recursive: true });
        // EXCL: a new file, never through a link (the folder is new and nothing ran in it yet).
        await fs.promises.copyFile(path.join(entry.dir, rel), dest, fs.constants.COPYFILE_EXCL);
        await fs.promises.chmod(dest, executable ? 0o755 : 0o644);
      }
      return true;
    } catch {
      for (const rel of entry.files.keys()) fs.rmSync(path.join(dir, rel), { force: true });
      return false;
    }
  }
}

const caches = new WeakMap<EmulatorContext, CompileCache>();

/** The emulator's compile cache (in its data directory, removed when it closes). */
export function compileCacheFor(ctx: EmulatorContext): CompileCache {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new CompileCache(path.join(ctx.store.root, 'compile-cache'));
    cache = created;
    caches.set(ctx, created);
    ctx.onClose(() => created.close());
  }
  return cache;
}
