// State in the data directory: records in the state database (database.ts, one row per record,
// see table.ts), small named values (counters, flags) in its meta table, and large blobs (sources,
// streams, workspace files) as plain files under dirFor(...). A data directory of the JSON format
// that came before is imported once on open (migrate-json.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StateDatabase } from './database';
import { importJsonCollections } from './migrate-json';
import type { Collection } from './collections';
import { Table } from './table';

export { DataDirError, FORMAT_VERSION } from './database';
export type { Table } from './table';
export { INLINE_BLOB_BYTES, KeptStreams } from './kept-streams';

export class Store {
  private readonly db: StateDatabase;
  private readonly tables = new Map<string, Table<unknown>>();

  constructor(readonly root: string) {
    this.db = new StateDatabase(root);
    importJsonCollections(this);
  }

  /** A folder for a module's files, created on demand, private to the emulator's user (0700). */
  dirFor(...parts: string[]): string {
    const dir = path.join(this.root, ...parts);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  /** The table of one of COLLECTIONS (store/collections.ts): one object per name. */
  table<T>(collection: Collection<T>): Table<T> {
    const { name } = collection;
    if (!/^[a-z0-9_-]+$/i.test(name)) throw new Error(`bad collection name ${name}`);
    let table = this.tables.get(name) as Table<T> | undefined;
    if (!table) {
      table = new Table<T>(this.db, name, collection);
      this.tables.set(name, table as Table<unknown>);
    }
    return table;
  }

  /** A small named value (JSON), or `fallback` when it was never set. */
  getMeta<T>(key: string, fallback: T): T {
    const row = this.db.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]);
    return row ? (JSON.parse(row.value) as T) : fallback;
  }

  setMeta<T>(key: string, value: T): void {
    this.db.run('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', [key, JSON.stringify(value)]);
  }

  /**
   * Bytes of a record's small file, held in the database: writing one makes no file (a
   * submission's streams up to INLINE_BLOB_BYTES: ./kept-streams.ts says why).
   */
  putBlob(coll: string, id: number | string, name: string, data: Uint8Array): void {
    this.db.run('INSERT OR REPLACE INTO blobs (coll, id, name, data) VALUES (?, ?, ?, ?)', [coll, id, name, data]);
  }

  getBlob(coll: string, id: number | string, name: string): Buffer | undefined {
    const row = this.db.get<{ data: Uint8Array }>('SELECT data FROM blobs WHERE coll = ? AND id = ? AND name = ?', [coll, id, name]);
    return row ? Buffer.from(row.data) : undefined;
  }

  deleteBlob(coll: string, id: number | string, name: string): void {
    this.db.run('DELETE FROM blobs WHERE coll = ? AND id = ? AND name = ?', [coll, id, name]);
  }

  /** The next number of a named counter (1, 2, ...), at least `floor`; kept across restarts. */
  nextId(counter: string, floor = 1): number {
    return this.transaction(() => {
      const next = Math.max(this.getMeta(`next:${counter}`, floor), floor);
      this.setMeta(`next:${counter}`, next + 1);
      return next;
    });
  }

  /** All writes of `fn` land together or not at all. */
  transaction<R>(fn: () => R): R {
    return this.db.transaction(fn);
  }

  close(): void {
    this.db.close();
  }
}
