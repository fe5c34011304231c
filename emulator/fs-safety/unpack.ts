// tar.gz archives from requests, read and extracted within a budget and without blocking the event
// loop (issue 26 item 11: a 4.4 MB workspace archive once became 1 GB on disk and held the loop for
// 11.5 s). gunzip runs in Node's zlib streams, on the thread pool, in 64 KiB pieces; tar parses
// each piece as it comes and the loop gets its turn between pieces. The budget counts what the tar
// headers announce (the bytes the parser will consume as file data) and the entries, and stops the
// stream as soon as either is passed: nothing past the budget is ever inflated or written.
import * as fs from 'node:fs';
import { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { Parser, Unpack, type ReadEntry } from 'tar';

export interface UnpackBudget {
  /** Sum of the entries' sizes, unpacked. */
  maxBytes: number;
  /** Files, folders and links together. */
  maxEntries: number;
}

export class ArchiveBudgetError extends Error {}
/** The archive is not a tar.gz, or tar refused it (the message says what). */
export class ArchiveFormatError extends Error {}

const mib = (n: number) => `${Math.round((n / 2 ** 20) * 10) / 10} MiB`;

export interface RawEntry {
  path: string;
  type: string;
  size: number;
  linkpath?: string;
}

/** Counts entries against the budget; throws ArchiveBudgetError once it is passed. */
class Meter {
  bytes = 0;
  entries = 0;
  constructor(private readonly budget: UnpackBudget) {}
  add(entry: { size?: number }): void {
    this.entries += 1;
    this.bytes += Math.max(0, entry.size ?? 0);
    if (this.entries > this.budget.maxEntries) {
      throw new ArchiveBudgetError(`the archive has more than ${this.budget.maxEntries} entries, the most the emulator unpacks`);
    }
    if (this.bytes > this.budget.maxBytes) {
      throw new ArchiveBudgetError(`the archive unpacks to more than ${mib(this.budget.maxBytes)}, the most the emulator unpacks`);
    }
  }
}

type Source = Buffer | { file: string };

function readable(source: Source): Readable {
  return Buffer.isBuffer(source) ? Readable.from([source]) : fs.createReadStream(source.file);
}

async function startsWithGzip(source: Source): Promise<boolean> {
  if (Buffer.isBuffer(source)) return source.length >= 2 && source[0] === 0x1f && source[1] === 0x8b;
  const fd = await fs.promises.open(source.file, 'r');
  try {
    const head = Buffer.alloc(2);
    await fd.read(head, 0, 2, 0);
    return head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await fd.close();
  }
}

/**
 * Pours the inflated archive into a tar parser piece by piece, waiting for it to drain, and stops
 * at the first error (the parser's, the budget's, or gunzip's).
 */
async function pour(source: Source, sink: Parser, failed: () => Error | undefined, doneEvent: 'end' | 'close'): Promise<void> {
  if (!(await startsWithGzip(source))) throw new ArchiveFormatError('the archive is not a gzip-compressed tar file (tar.gz)');
  const input = readable(source);
  const gunzip = zlib.createGunzip({ chunkSize: 64 * 1024 });
  input.on('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  const done = new Promise<void>((resolve, reject) => {
    sink.on('error', reject);
    // A parser is done at 'end'; an unpacker at 'close', once its files are written (as tar's own x()).
    sink.on(doneEvent, () => resolve());
  });
  done.catch(() => undefined); // observed below; a rejection before then must not go unhandled
  try {
    for await (const chunk of gunzip) {
      if (failed()) break;
      if (!sink.write(chunk as Buffer)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
      if (failed()) break;
    }
  } catch (err) {
    input.destroy();
    throw new ArchiveFormatError(`the archive cannot be read: ${(err as Error).message}`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  const early = failed();
  if (early) throw early;
  sink.end();
  try {
    await done;
  } catch (err) {
    throw failed() ?? new ArchiveFormatError(`the archive cannot be read: ${(err as Error).message}`);
  }
  const late = failed();
  if (late) throw late;
}

/** Every entry of a tar.gz (path as stored), within the budget. */
export async function listTarGz(source: Source, budget: UnpackBudget): Promise<RawEntry[]> {
  const meter = new Meter(budget);
  const entries: RawEntry[] = [];
  let error: Error | undefined;
  const parser = new Parser({
    strict: true,
    onReadEntry: (e: ReadEntry) => {
      try {
        if (!error) meter.add(e);
        entries.push({ path: e.path, type: e.type, size: e.size ?? 0, linkpath: e.linkpath || undefined });
      } catch (err) {
        error = err as Error;
      }
      e.resume();
    },
  });
  parser.on('error', (err: Error) => {
    error ??= new ArchiveFormatError(`the archive cannot be read: ${err.message}`);
  });
  await pour(source, parser, () => error, 'end');
  return entries;
}

export interface ExtractOptions {
  strip?: number;
  budget: UnpackBudget;
  /** Entries to leave out (by type, e.g. only files and folders). */
  filter?: (entryPath: string, type: string) => boolean;
}

/** Extracts a tar.gz into `dest` (created 0700 when missing), within the budget. Check the entries first. */
export async function extractTarGz(source: Source, dest: string, opts: ExtractOptions): Promise<void> {
  fs.mkdirSync(dest, { recursive: true, mode: 0o700 });
  const meter = new Meter(opts.budget);
  let error: Error | undefined;
  const unpack = new Unpack({
    cwd: dest,
    strict: true,
    strip: opts.strip ?? 0,
    preserveOwner: false,
    filter: (p: string, e: ReadEntry | fs.Stats) => {
      const entry = e as ReadEntry;
      try {
        if (!error) meter.add(entry);
      } catch (err) {
        error = err as Error;
      }
      return !error && (opts.filter ? opts.filter(p, entry.type) : true);
    },
  });
  unpack.on('error', (err: Error) => {
    error ??= new ArchiveFormatError(`the archive cannot be extracted: ${err.message}`);
  });
  await pour(source, unpack, () => error, 'close');
}
