// One collection of JSON records in the state database, by key: a change writes one row, look-ups
// and lists read by key, by the state index or in insertion order, so their cost does not grow with
// what is stored. Records come back as fresh objects: a change to one is kept only once it is
// put() back. A collection of live objects that timers keep changing (workspaces) may instead be
// kept in memory (`inMemory`): read once, then every get() and all() gives the same objects, and
// every put() still writes its one row through.
import type { StateDatabase } from './database';

export type RecordKey = number | string;

export interface TableOptions<T> {
  key: (record: T) => RecordKey;
  /** The indexed state of a record (a submission's status): withState() finds records by it. */
  state?: (record: T) => number | null;
  inMemory?: boolean;
}

interface Row {
  data: string;
}

const parse = <T>(row: Row) => JSON.parse(row.data) as T;

export class Table<T> {
  private memory: Map<RecordKey, T> | undefined;

  constructor(
    private readonly db: StateDatabase,
    readonly name: string,
    private readonly options: TableOptions<T>,
  ) {}

  /** The in-memory copy, read on first use; undefined for tables read from the database each time. */
  private live(): Map<RecordKey, T> | undefined {
    if (!this.options.inMemory) return undefined;
    this.memory ??= new Map(this.readAll().map((record) => [this.options.key(record), record]));
    return this.memory;
  }

  get(id: RecordKey): T | undefined {
    const live = this.live();
    if (live) return live.get(id);
    const row = this.db.get<Row>('SELECT data FROM records WHERE coll = ? AND id = ?', [this.name, id]);
    return row ? parse<T>(row) : undefined;
  }

  /** Inserts the record under its key, or replaces it where it stands (its place in all() is kept). */
  put(record: T): T {
    const key = this.options.key(record);
    const state = this.options.state?.(record) ?? null;
    this.db.run('INSERT INTO records (coll, id, state, data) VALUES (?, ?, ?, ?) ON CONFLICT (coll, id) DO UPDATE SET state = excluded.state, data = excluded.data', [
      this.name,
      key,
      state,
      JSON.stringify(record),
    ]);
    this.live()?.set(key, record);
    return record;
  }

  /** Reads, changes and writes one record in one transaction; undefined when there is none. */
  update(id: RecordKey, change: (record: T) => void): T | undefined {
    return this.db.transaction(() => {
      const record = this.get(id);
      if (record === undefined) return undefined;
      change(record);
      return this.put(record);
    });
  }

  delete(id: RecordKey): void {
    this.db.run('DELETE FROM records WHERE coll = ? AND id = ?', [this.name, id]);
    this.live()?.delete(id);
  }

  /** Every record, in insertion order. For small collections, in-memory ones, and start-up. */
  all(): T[] {
    const live = this.live();
    return live ? [...live.values()] : this.readAll();
  }

  /** Records whose state is one of `states`, in insertion order, through the state index. */
  withState(states: readonly number[]): T[] {
    if (states.length === 0) return [];
    const live = this.live();
    if (live) return [...live.values()].filter((r) => states.includes(this.options.state?.(r) ?? Number.NaN));
    const marks = states.map(() => '?').join(', ');
    const sql = `SELECT data FROM records WHERE coll = ? AND state IN (${marks}) ORDER BY seq`;
    return this.db.all<Row>(sql, [this.name, ...states]).map(parse<T>);
  }

  private readAll(): T[] {
    return this.db.all<Row>('SELECT data FROM records WHERE coll = ? ORDER BY seq', [this.name]).map(parse<T>);
  }
}
