// Submission records (one row each in the state database) and their streams (blobs in the database,
// files when large: ../store/kept-streams.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMPILERS_STREAMS, type CompilersStreamName } from '../../contract';
import { KeptStreams, type Store, type Table } from '../store';
import { COLLECTIONS, COUNTERS } from '../store/collections';
import { sourceFileName } from '../languages';
import { unpackTarGz } from './archive';
import { removeTree } from '../fs-safety/remove-tree';
import { PENDING_STATUSES } from '../../contract';
import { STATUS } from './statuses';

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

/** Where runs' work folders go in the data directory: with --work-on-disk, or where there is no tmpfs. */
export const runsInDataDir = (root: string) => path.join(root, 'compilers', 'runs');

export class SubmissionStore {
  private readonly table: Table<SubmissionRecord>;

  /** Where requests unpack and pack archives for the moment (emptied at each start: compilersModule). */
  readonly scratch: string;

  /** Where runs' work folders go: the module's scratch folder (../runner/run-scratch.ts, made by compilersModule). */
  private readonly runs: string;
  private readonly streams: KeptStreams<StreamName>;

  constructor(
    private readonly store: Store,
    /** A store read without running anything (the benches) needs none: the data directory's. */
    runs = runsInDataDir(store.root),
  ) {
    this.table = store.table<SubmissionRecord>(COLLECTIONS.compilersSubmissions);
    this.scratch = path.join(store.root, 'compilers-scratch');
    this.runs = runs;
    this.streams = new KeptStreams(store, 'compilers-streams', (id, stream) => path.join(this.folderOf(id), `${stream}.stream`));
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

  /** All writes of `fn` land together (a run's streams and its verdict). */
  transaction<R>(fn: () => R): R {
    return this.store.transaction(fn);
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
    const unfinished = this.table.withState(PENDING_STATUSES);
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
    // Run directories of an emulator from before run-scratch.ts sat beside the streams: what their
    // programs left there (however deep, whatever its modes) goes now, in the background. Today's
    // go with their scratch folder (emptied at a start, or the process's tmpfs folder).
    for (const record of interrupted) void removeTree(path.join(this.folderOf(record.id), 'work'));
    return unfinished.filter((record) => record.status === STATUS.waiting);
  }

  /** The program's files as they were sent, from the stored source stream. */
  async filesOf(record: SubmissionRecord): Promise<Map<string, Buffer>> {
    const source = this.readStream(record.id, 'source') ?? Buffer.alloc(0);
    if (record.multiFile) return unpackTarGz(source, this.scratch);
    return new Map([[sourceFileName(record.compiler.id, source.toString('utf8')), source]]);
  }

  /** A submission's folder in the data directory (its large streams); nothing is made here. */
  private folderOf(id: number): string {
    return path.join(this.store.root, 'compilers', 'submissions', String(id));
  }

  /** The run directory of one submission: emptied before its run, removed after it and at a restart. */
  workDirOf(id: number): string {
    return path.join(this.runs, String(id));
  }

  /** Where a run's standard output or error file goes: beside its run directory, never in it. */
  runFile(id: number, name: 'stdout' | 'stderr'): string {
    return path.join(this.runs, `${id}.${name}`);
  }

  writeStream(record: SubmissionRecord, stream: StreamName, data: Buffer): void {
    if (data.length === 0) {
      delete record.streams[stream];
      return;
    }
    record.streams[stream] = this.streams.write(record.id, stream, data);
  }

  readStream(id: number, stream: StreamName): Buffer | undefined {
    return this.streams.read(id, stream);
  }

  /** A stream as kept: its bytes when a blob, else its file (read in pieces as it is sent). */
  keptStream(id: number, stream: StreamName): { blob: Buffer } | { file: string } {
    const blob = this.streams.blob(id, stream);
    return blob ? { blob } : { file: this.streams.file(id, stream) };
  }

  /** Moves a finished file (a run's output) in as a stream; an empty file means null. */
  adoptStreamFile(record: SubmissionRecord, stream: StreamName, file: string): void {
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
    record.streams[stream] = this.streams.adopt(record.id, stream, file);
  }
}
