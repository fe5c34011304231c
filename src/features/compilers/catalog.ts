// GET /compilers, cached: the list changes rarely, and every run needs it only to name the
// compiler and check an override. Kept in memory and in the extension's global state (so a new
// window does not ask again), refreshed on demand or after a day.
import type { Compiler } from '../../api';

export const CATALOG_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The subset of vscode.Memento the cache needs. */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

interface Stored {
  endpoint: string;
  fetchedAt: number;
  items: Compiler[];
}

const KEY = 'sphereEngine.compilers.catalog';

export class CompilerCatalog {
  private memory: Stored | undefined;
  private inflight: Promise<Compiler[]> | undefined;

  constructor(
    private readonly fetchList: (signal?: AbortSignal) => Promise<Compiler[]>,
    private readonly store?: KeyValueStore,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The list for `endpoint` (a different endpoint has its own compilers). */
  async list(endpoint: string, options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<Compiler[]> {
    if (!options.refresh) {
      const cached = this.cached(endpoint);
      if (cached) return cached;
      if (this.inflight) return this.inflight;
    }
    const request = this.fetchList(options.signal).then(async (items) => {
      this.memory = { endpoint, fetchedAt: this.clock(), items };
      await this.store?.update(KEY, this.memory);
      return items;
    });
    this.inflight = request;
    try {
      return await request;
    } finally {
      if (this.inflight === request) this.inflight = undefined;
    }
  }

  /** Cached list, if fresh and for this endpoint. */
  cached(endpoint: string): Compiler[] | undefined {
    const entry = this.memory ?? this.store?.get<Stored>(KEY);
    if (!entry || entry.endpoint !== endpoint || this.clock() - entry.fetchedAt > CATALOG_MAX_AGE_MS) return undefined;
    this.memory = entry;
    return entry.items;
  }

  forget(): void {
    this.memory = undefined;
    void this.store?.update(KEY, undefined);
  }
}
