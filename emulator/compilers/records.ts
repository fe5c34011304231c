// Submission records (one row each in the state database) and their stream files (plain files per
// submission).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMPILERS_STREAMS, type CompilersStreamName } from '../../contract';
import type { Store, Table } from '../store';
import { COLLECTIONS, COUNTERS } from '../store/collections';
import { sourceFileName } from '../languages';
import { unpackTarGz } from './archive';
import { removeTree } from '../fs-safety/remove-tree';
import { STATUS, UNFINISHED_STATUSES } from './statuses';

export const STREAMS = COMPILERS_STREAMS;
export type StreamName = CompilersStreamName;

export interface SubmissionRecord {
  id: number;
  createdAt: number;
  compiler: { id: number; name: string; version: { id: number; name: string } };
  /** Multi-file submission (archive or files[]): the source stream is a tar.gz. */
  multiFile: boolean;
  timeLimitSec: number;
  memoryLimitKb: number;
  outputFilenames: string[];
  status: number;
  time: number | null;
  memory: number | null;
  signal: number | null;
  /** Sizes of the stored streams; absent means null in the API. */
  streams: Partial<Record<StreamName, number>>;
}

const POOL = 'compilers-pool';

export class SubmissionStore {
  private readonly table: Table<SubmissionRecord>;

  /** Where requests unpack and pack archives for the moment (emptied at each start: compilersModule). */
  readonly scratch: string;

  constructor(private readonly store: Store) {
    this.table = store.table<SubmissionRecord>(COLLECTIONS.compilersSubmissions);
    this.scratch = path.join(store.root, 'compilers-scratch');
  }

  /**
   * Takes the next id, charges the pool, lets `fill` write the new submission's files (its
   * streams), and stores the record: one transaction, one commit.
   */
  create(fields: Omit<SubmissionRecord, 'id'>, fill?: (record: SubmissionRecord) => void): SubmissionRecord {
    return this.store.transaction(() => {
      const record: SubmissionRecord = { id: this.store.nextId(COUNTERS.compilersSubmission), ...fields };
      const pool = this.pool();
      if (pool !== null) this.setPool(Math.max(0, pool - 1));
      fill?.(record);
      return this.table.put(record);
    });
  }

  get(id: number): SubmissionRecord | undefined {
    return this.table.get(id);
  }

  /** Writes the change to this one record and returns it as stored. */
  update(id: number, change: Partial<SubmissionRecord>): SubmissionRecord {
    const record = this.table.update(id, (r) => Object.assign(r, change));
    if (!record) throw new Error(`compilers submission ${id} is not stored`);
    return record;
  }

  /** Submissions the account may still create; null means unlimited. */
  pool(): number | null {
    return this.store.getMeta<number | null>(POOL, null);
  }

  setPool(remaining: number | null): void {
    this.store.setMeta(POOL, remaining);
  }

  /**
   * After a restart: runs that had started cannot be resumed, so they end as internal error, as
   * the spec advises resubmitting; submissions still waiting (0) never started and are returned,
   * in id order, to be queued again.
   */
  recoverAfterRestart(): SubmissionRecord[] {
    const unfinished = this.table.withState(UNFINISHED_STATUSES);
    const interrupted = unfinished.filter((record) => record.status !== STATUS.waiting);
    this.store.transaction(() => {
      for (const record of interrupted) {
        record.status = STATUS.internalError;
        record.time = record.time ?? 0;
        record.memory = record.memory ?? 0;
        record.signal = record.signal ?? 0;
        this.table.put(record);
      }
    });
    // What their programs left in the run directory (however deep, whatever its modes) goes now,
    // in the background: a start never waits on it.
    for (const record of interrupted) void removeTree(this.workDirOf(record.id));
    return unfinished.filter((record) => record.status === STATUS.waiting);
  }

  /** The program's files as they were sent, from the stored source stream. */
  async filesOf(record: SubmissionRecord): Promise<Map<string, Buffer>> {
    const source = this.readStream(record.id, 'source') ?? Buffer.alloc(0);
    if (record.multiFile) return unpackTarGz(source, this.scratch);
    return new Map([[sourceFileName(record.compiler.id, source.toString('utf8')), source]]);
  }

  /** Folder of one submission: stream files, and the program's working folder. */
  dirOf(id: number): string {
    return this.store.dirFor('compilers', 'submissions', String(id));
  }

  /** The run directory of one submission: emptied before its run, removed after it and at a restart. */
  workDirOf(id: number): string {
    return path.join(this.dirOf(id), 'work');
  }

  streamPath(id: number, stream: StreamName): string {
    return path.join(this.dirOf(id), `${stream}.stream`);
  }

  writeStream(record: SubmissionRecord, stream: StreamName, data: Buffer): void {
    if (data.length === 0) {
      delete record.streams[stream];
      return;
    }
    fs.writeFileSync(this.streamPath(record.id, stream), data, { mode: 0o600 });
    record.streams[stream] = data.length;
  }

  readStream(id: number, stream: StreamName): Buffer | undefined {
    try {
      return fs.readFileSync(this.streamPath(id, stream));
    } catch {
      return undefined;
    }
  }
}

/** Moves a finished file in as a stream (no copy of large outputs); an empty file means null. */
export function adoptStreamFile(store: SubmissionStore, record: SubmissionRecord, stream: StreamName, file: string): void {
  let size = 0;
  try {
    size = fs.statSync(file).size;
  } catch {
    size = 0;
  }
  if (size === 0) {
    fs.rmSync(file, { force: true });
    delete record.streams[stream];
    return;
  }
  fs.renameSync(file, store.streamPath(record.id, stream));
  fs.chmodSync(store.streamPath(record.id, stream), 0o600); // the runner's file mode is not ours to keep
  record.streams[stream] = size;
}
