// tar.gz archives judged by what they inflate to: the one bounded reader the emulator (archives in
// requests) and the extension (output archives from a service) both use.
//
// gunzip runs in Node's zlib streams, on the thread pool, in 64 KiB pieces; tar parses each piece
// as it comes and the event loop gets its turn between pieces (issue 26 item 11: a 4.4 MB archive
// once held the loop for 11.5 s). Three things bound the work, each counted as the bytes are read,
// never taken from what a header declares alone (issue 36 item 2):
// - the entries and the bytes their headers announce (what unpacking would write);
// - every inflated byte, headers, padding and metadata entries included (`inflatedCap`): tar's
//   extended headers are not entries, so an archive of them alone would otherwise pass for empty;
// - reading stops at the tar's end marker (two zero blocks). node-tar keeps buffering whatever
//   follows the marker, concatenating each piece onto the last (time quadratic in the size): a 4 MB
//   archive of one small file and 4 GB of zeros after its end kept the emulator busy for minutes.
// Optionally the compression ratio too (the extension's guard against disk-filling archives).
import * as fs from 'node:fs';
import { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { Parser, Unpack, type ReadEntry } from 'tar';

export interface UntarBudget {
  /** Sum of the entries' sizes, unpacked. */
  maxBytes: number;
  /** Files, folders and links together. */
  maxEntries: number;
  /** Inflated bytes per compressed byte read, when given (node-tar's own guard uses 1000). */
  maxRatio?: number;
}

/** Which budget an archive passed; `entry` is the entry being read then. */
export type BudgetKind = 'bytes' | 'entries' | 'inflated' | 'ratio';

export class ArchiveBudgetError extends Error {
  override readonly name = 'ArchiveBudgetError';
  constructor(
    message: string,
    readonly kind: BudgetKind,
    readonly entry: string | undefined,
    /** The entry's own declared size (kind 'bytes'). */
    readonly entrySize = 0,
  ) {
    super(message);
  }
}
/** The archive is not a tar.gz, or tar refused it (the message says what). */
export class ArchiveFormatError extends Error {
  override readonly name = 'ArchiveFormatError';
}

/**
 * The most inflated bytes an archive may take to reach its end marker: its entries' data plus,
 * per entry, room for a header, an extended header with a long name, and padding (2 KiB), plus
 * 1 MiB for the end and what precedes the first entry.
 */
export const inflatedCap = (budget: UntarBudget): number => budget.maxBytes + budget.maxEntries * 2048 + 1024 * 1024;

const mib = (n: number) => `${Math.round((n / 2 ** 20) * 10) / 10} MiB`;

export interface RawEntry {
  path: string;
  type: string;
  size: number;
  linkpath?: string;
}

/** Counts entries and inflated bytes against the budget; throws ArchiveBudgetError once it is passed. */
class Meter {
  bytes = 0;
  entries = 0;
  inflated = 0;
  compressed = 0;
  current: string | undefined;
  private readonly cap: number;
  constructor(private readonly budget: UntarBudget) {
    this.cap = inflatedCap(budget);
  }
  add(entry: { path: string; size?: number }): void {
    this.current = entry.path;
    this.entries += 1;
    const size = Math.max(0, entry.size ?? 0);
    this.bytes += size;
    if (this.entries > this.budget.maxEntries) {
      throw new ArchiveBudgetError(`the archive has more than ${this.budget.maxEntries} entries (at "${entry.path}"), the most that is unpacked`, 'entries', entry.path);
    }
    if (this.bytes > this.budget.maxBytes) {
      throw new ArchiveBudgetError(`the archive unpacks to more than ${mib(this.budget.maxBytes)} (at "${entry.path}"), the most that is unpacked`, 'bytes', entry.path, size);
    }
  }
  /** Counts a piece as it comes out of gunzip. */
  inflate(bytes: number): void {
    this.inflated += bytes;
    if (this.inflated > this.cap) {
      throw new ArchiveBudgetError(`the archive inflates to more than ${mib(this.cap)} before its end, more than its entries account for`, 'inflated', this.current);
    }
    const { maxRatio } = this.budget;
    if (maxRatio !== undefined && this.inflated > maxRatio * Math.max(1, this.compressed)) {
      throw new ArchiveBudgetError(`the archive is compressed more than ${maxRatio} to 1, as archives made to fill a disk are`, 'ratio', this.current);
    }
  }
}

export type UntarSource = Buffer | { file: string };

function readable(source: UntarSource): Readable {
  return Buffer.isBuffer(source) ? Readable.from([source]) : fs.createReadStream(source.file);
}

async function startsWithGzip(source: UntarSource): Promise<boolean> {
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
 * at the tar's end marker or at the first error (the parser's, the budget's, or gunzip's).
 */
async function pour(source: UntarSource, sink: Parser, meter: Meter, failed: () => Error | undefined, doneEvent: 'end' | 'close'): Promise<void> {
  if (!(await startsWithGzip(source))) throw new ArchiveFormatError('the archive is not a gzip-compressed tar file (tar.gz)');
  const input = readable(source);
  const gunzip = zlib.createGunzip({ chunkSize: 64 * 1024 });
  input.on('error', (err) => gunzip.destroy(err));
  input.on('data', (chunk: Buffer) => {
    meter.compressed += chunk.length;
  });
  input.pipe(gunzip);
  // Emitted once the parser has read the second zero block (queued behind the entries before it).
  let atEnd = false;
  sink.on('eof', () => {
    atEnd = true;
  });
  const done = new Promise<void>((resolve, reject) => {
    sink.on('error', reject);
    // A parser is done at 'end'; an unpacker at 'close', once its files are written (as tar's own x()).
    sink.on(doneEvent, () => resolve());
  });
  done.catch(() => undefined); // observed below; a rejection before then must not go unhandled
  let over: Error | undefined;
  try {
    for await (const chunk of gunzip) {
      if (failed() || atEnd) break;
      try {
        meter.inflate((chunk as Buffer).length);
      } catch (err) {
        over = err as Error;
        break;
      }
      if (!sink.write(chunk as Buffer)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
      if (failed() || atEnd) break;
    }
  } catch (err) {
    input.destroy();
    throw new ArchiveFormatError(`the archive cannot be read: ${(err as Error).message}`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  const early = failed() ?? over;
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
export async function listTarGz(source: UntarSource, budget: UntarBudget): Promise<RawEntry[]> {
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
  await pour(source, parser, meter, () => error, 'end');
  return entries;
}

export interface ExtractOptions {
  strip?: number;
  budget: UntarBudget;
  /** Entries to leave out (by type, e.g. only files and folders). */
  filter?: (entryPath: string, type: string) => boolean;
}

/** Extracts a tar.gz into `dest` (created 0700 when missing), within the budget. Check the entries first. */
export async function extractTarGz(source: UntarSource, dest: string, opts: ExtractOptions): Promise<void> {
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
  await pour(source, unpack, meter, () => error, 'close');
}
