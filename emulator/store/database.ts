// The emulator's state database: SQLite compiled to WebAssembly (node-sqlite3-wasm), one file in
// the data directory. Why this one (measured, see BENCHMARKS.md "Emulator store"): it installs from
// the npm registry alone with no native code (the same on every platform, so it can ship inside the
// VSIX later), its API is synchronous, so a route still answers only once its write is in the
// file, and an insert or update costs the same on 50,000 records as on none.
//
// Durability: WAL journal with synchronous=NORMAL: a commit is written to the WAL file (the
// kernel's page cache) before the call returns, so `kill -9` mid-write loses at most the write that
// was not yet acknowledged, and the database is never corrupt. Only a crash of the machine itself
// may lose the last commits before a checkpoint. synchronous=FULL would add an fsync to every
// commit: four a Compilers submission, a fifth of the emulator's main thread in a stress test
// (BENCHMARKS.md, issue 30), for a power cut that an emulator need not survive. WAL in this build needs
// locking_mode=EXCLUSIVE (one process owns the file), which the VFS implements as a lock folder
// that a killed process leaves behind; a pid file (`emulator.pid`) says whether its owner still
// runs, so a stale lock is cleared and a second emulator on the same data directory is refused.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Database, type BindValues, type Statement } from 'node-sqlite3-wasm';
import { processAlive } from '../../contract';

export const DB_FILE = 'emulator.sqlite';
const PID_FILE = 'emulator.pid';
/**
 * The schema this emulator reads and writes (`PRAGMA user_version`). 2: small streams in `blobs`
 * (./index.ts putBlob); a format-1 directory is read as it is (its streams are files) and marked 2,
 * so an emulator of format 1 refuses it rather than miss the streams it cannot see.
 */
export const FORMAT_VERSION = 2;

export class DataDirError extends Error {}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS records (
    seq INTEGER PRIMARY KEY,  -- insertion order (kept by updates): the order of all() and withState()
    coll TEXT NOT NULL,
    id NOT NULL,              -- no type: integer ids stay integers, workspace ids stay text
    state INTEGER,            -- the collection's indexed state (a submission's status), or NULL
    data TEXT NOT NULL,       -- the record as JSON
    UNIQUE (coll, id)
  );
  CREATE INDEX IF NOT EXISTS records_in_order ON records (coll, seq);
  CREATE INDEX IF NOT EXISTS records_by_state ON records (coll, state, seq) WHERE state IS NOT NULL;
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  -- Small files of a record (a submission's streams): bytes in the database, no file to make.
  CREATE TABLE IF NOT EXISTS blobs (
    coll TEXT NOT NULL,
    id NOT NULL,
    name TEXT NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (coll, id, name)
  ) WITHOUT ROWID;
`;

/** Data directories open in this process (tests run several emulators in one). */
const openHere = new Set<string>();

/** Claims the data directory for this process; throws when another live emulator holds it. */
function claim(root: string): () => void {
  const pidFile = path.join(root, PID_FILE);
  if (openHere.has(path.resolve(root))) {
    throw new DataDirError(`another emulator (pid ${process.pid}) is using the data directory ${root}; stop it, or start this one with another --data`);
  }
  let owner: number | undefined;
  try {
    owner = Number(fs.readFileSync(pidFile, 'utf8').trim()) || undefined;
  } catch {
    owner = undefined;
  }
  if (owner !== undefined && owner !== process.pid && processAlive(owner)) {
    throw new DataDirError(`another emulator (pid ${owner}) is using the data directory ${root}; stop it, or start this one with another --data`);
  }
  // The owner is gone (or it is us): the lock folder it may have left is stale.
  fs.rmSync(path.join(root, `${DB_FILE}.lock`), { recursive: true, force: true });
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  openHere.add(path.resolve(root));
  return () => {
    openHere.delete(path.resolve(root));
    try {
      if (Number(fs.readFileSync(pidFile, 'utf8').trim()) === process.pid) fs.rmSync(pidFile, { force: true });
    } catch {
      // already gone
    }
  };
}

export class StateDatabase {
  private readonly db: Database;
  private readonly statements = new Map<string, Statement>();
  private readonly release: () => void;

  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
    this.release = claim(root);
    try {
      this.db = new Database(path.join(root, DB_FILE));
      this.db.exec('PRAGMA locking_mode=EXCLUSIVE; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;');
      const version = Number(Object.values(this.db.get('PRAGMA user_version') ?? {})[0] ?? 0);
      if (version > FORMAT_VERSION) {
        this.db.close();
        throw new DataDirError(
          `the data directory ${root} was written by a newer emulator (format ${version}; this one reads up to ${FORMAT_VERSION}). ` +
            'Start the newer emulator, or this one with --fresh (deletes its state) or another --data.',
        );
      }
      this.db.exec(SCHEMA);
      if (version < FORMAT_VERSION) this.db.exec(`PRAGMA user_version = ${FORMAT_VERSION}`);
    } catch (err) {
      this.release();
      throw err;
    }
  }

  /** A cached prepared statement (node-sqlite3-wasm needs each finalized: close() does it). */
  private statement(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  run(sql: string, values?: BindValues): void {
    this.statement(sql).run(values);
  }

  get<T>(sql: string, values?: BindValues): T | undefined {
    return (this.statement(sql).get(values) ?? undefined) as T | undefined;
  }

  all<T>(sql: string, values?: BindValues): T[] {
    return this.statement(sql).all(values) as T[];
  }

  /** Runs `fn` as one transaction: all its writes are on disk together, or none is. Nests. */
  transaction<R>(fn: () => R): R {
    if (this.db.inTransaction) return fn();
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }

  close(): void {
    if (!this.db.isOpen) return;
    for (const stmt of this.statements.values()) stmt.finalize();
    this.statements.clear();
    this.db.close();
    this.release();
  }
}
