// Submission records (JSON in the store) and their stream files (plain files per submission).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Store } from '../store';
import { isFinal, STATUS } from './statuses';

export const STREAMS = ['source', 'input', 'output', 'error', 'cmpinfo'] as const;
export type StreamName = (typeof STREAMS)[number];

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

interface Collection {
  nextId: number;
  items: Record<string, SubmissionRecord>;
  /** Submissions the account may still create; null means unlimited. */
  pool: number | null;
}

const COLLECTION = 'compilers-submissions';

export class SubmissionStore {
  constructor(private readonly store: Store) {}

  private data(): Collection {
    return this.store.load<Collection>(COLLECTION, () => ({ nextId: 1, items: {}, pool: null }));
  }

  private save(): void {
    this.store.save(COLLECTION, this.data());
  }

  create(fields: Omit<SubmissionRecord, 'id'>): SubmissionRecord {
    const data = this.data();
    const record: SubmissionRecord = { id: data.nextId, ...fields };
    data.nextId += 1;
    data.items[record.id] = record;
    if (data.pool !== null) data.pool = Math.max(0, data.pool - 1);
    this.save();
    return record;
  }

  get(id: number): SubmissionRecord | undefined {
    return this.data().items[id];
  }

  update(id: number, change: Partial<SubmissionRecord>): SubmissionRecord {
    const record = this.data().items[id];
    Object.assign(record, change);
    this.save();
    return record;
  }

  all(): SubmissionRecord[] {
    return Object.values(this.data().items);
  }

  pool(): number | null {
    return this.data().pool ?? null;
  }

  setPool(remaining: number | null): void {
    this.data().pool = remaining;
    this.save();
  }

  /** A restart interrupted these runs: they end as internal error, as the spec advises resubmitting. */
  failInterrupted(): number {
    let count = 0;
    for (const record of this.all()) {
      if (!isFinal(record.status)) {
        record.status = STATUS.internalError;
        record.time = record.time ?? 0;
        record.memory = record.memory ?? 0;
        record.signal = record.signal ?? 0;
        count += 1;
      }
    }
    if (count) this.save();
    return count;
  }

  /** Folder of one submission: stream files, and the program's working folder. */
  dirOf(id: number): string {
    return this.store.dirFor('compilers', 'submissions', String(id));
  }

  streamPath(id: number, stream: StreamName): string {
    return path.join(this.dirOf(id), `${stream}.stream`);
  }

  writeStream(record: SubmissionRecord, stream: StreamName, data: Buffer): void {
    if (data.length === 0) {
      delete record.streams[stream];
      return;
    }
    fs.writeFileSync(this.streamPath(record.id, stream), data);
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
  record.streams[stream] = size;
}
