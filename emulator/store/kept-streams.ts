// A module's submission streams (source, input, output, error, …), kept where they cost least: one
// up to INLINE_BLOB_BYTES as a blob in the state database (Store.putBlob), a larger one as a file.
// Why (issue 37): a new file in the data directory, and the submission's folder for it, cost up to
// 1 ms of the emulator's one thread each on this machine's disk, three to five a submission; a
// blob is a few rows in the write-ahead log, and joins the transaction that stores the record.
//
// Reading takes the blob first, then the file, so a data directory of format 1 (every stream a
// file) reads as it is. Writing one form removes the other, so the two never disagree.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** A stream up to this size is a blob in the database, a larger one a file. */
export const INLINE_BLOB_BYTES = 64 * 1024;

/** What this needs of the Store (./index.ts): its blobs. */
export interface BlobStore {
  putBlob(coll: string, id: number, name: string, data: Uint8Array): void;
  getBlob(coll: string, id: number, name: string): Buffer | undefined;
  deleteBlob(coll: string, id: number, name: string): void;
}

export class KeptStreams<Name extends string> {
  constructor(
    private readonly store: BlobStore,
    /** The blobs' collection name: one per module. */
    private readonly coll: string,
    /** The file a large stream is kept in. Its folder is made when one is written. */
    private readonly fileOf: (id: number, stream: Name) => string,
  ) {}

  /** Keeps `data` as the stream; returns its size. */
  write(id: number, stream: Name, data: Buffer): number {
    if (data.length <= INLINE_BLOB_BYTES) {
      this.store.putBlob(this.coll, id, stream, data);
      this.removeFile(id, stream);
    } else {
      const file = this.fileOf(id, stream);
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, data, { mode: 0o600 });
      this.store.deleteBlob(this.coll, id, stream);
    }
    return data.length;
  }

  /**
   * Moves a finished file (a run's output) in as the stream; returns its size. A small one is read
   * into a blob and removed; a large one is renamed in (no copy), or copied where a rename cannot
   * go (a run's work folder on a tmpfs: ../runner/run-scratch.ts).
   */
  adopt(id: number, stream: Name, from: string): number {
    const size = fs.statSync(from).size;
    if (size <= INLINE_BLOB_BYTES) {
      this.write(id, stream, fs.readFileSync(from));
      fs.rmSync(from, { force: true });
      return size;
    }
    const file = this.fileOf(id, stream);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.renameSync(from, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      fs.copyFileSync(from, file);
      fs.rmSync(from, { force: true });
    }
    fs.chmodSync(file, 0o600); // the runner's file mode is not ours to keep
    this.store.deleteBlob(this.coll, id, stream);
    return size;
  }

  /** The blob's bytes; undefined when the stream is a file or is not kept (then see file()). */
  blob(id: number, stream: Name): Buffer | undefined {
    return this.store.getBlob(this.coll, id, stream);
  }

  /** The file a stream not held as a blob is in (it may not exist). */
  file(id: number, stream: Name): string {
    return this.fileOf(id, stream);
  }

  /** The stream's bytes, whole; undefined when it is not kept. */
  read(id: number, stream: Name): Buffer | undefined {
    const blob = this.blob(id, stream);
    if (blob) return blob;
    try {
      return fs.readFileSync(this.fileOf(id, stream));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  remove(id: number, stream: Name): void {
    this.store.deleteBlob(this.coll, id, stream);
    this.removeFile(id, stream);
  }

  private removeFile(id: number, stream: Name): void {
    fs.rmSync(this.fileOf(id, stream), { force: true });
  }
}
