// What an archive from the service may unpack to (output files of a run). node-tar refuses a
// gzip stream that inflates more than 1000 to 1, in its own words ("max decompression ratio
// exceeded: 1000.01 > 1000") and without saying which entry; and that guard alone still lets a
// 16 MiB archive fill 16 GB of disk (a less dense one, e.g. zeros at gzip -1, passes it).
// The budget is counted while the archive is listed, before anything is written, from the sizes
// the entries declare (node-tar writes no more than that), and its errors say which entry and why.
import { formatBytes } from '../format-bytes';
import { PackError } from './errors';

/** The most an archive may unpack to, all its files together. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
/**
 * The most entries (files, folders, links) an archive may hold. Empty files cost no bytes, so the
 * byte cap alone let a 1.24 MB archive become 200,001 files (136 s, 1.9 GB of memory); a run's
 * output files are a handful, and a packed folder of 20,000 files still unpacks.
 */
export const MAX_UNPACKED_ENTRIES = 50_000;

export class UnpackBudget {
  private total = 0;
  private current: string | undefined;
  private problem: PackError | undefined;

  private entries = 0;

  constructor(private readonly max = MAX_UNPACKED_BYTES, private readonly maxEntries = MAX_UNPACKED_ENTRIES) {}

  /** Counts an entry of any kind; false once the archive holds too many. */
  addEntry(name: string): boolean {
    this.current = name;
    if (++this.entries > this.maxEntries && !this.problem) {
      this.problem = new PackError('archive-too-many-entries', `the archive holds more than ${this.maxEntries.toLocaleString('en-US')} entries (at "${name}"), more than an archive may unpack to; refusing to extract. Ask for fewer output files, or pack them into one archive yourself`, name);
    }
    return !this.problem;
  }

  /** Counts a file entry; false once the archive is over the limit. */
  add(name: string, bytes: number): boolean {
    this.current = name;
    this.total += bytes;
    if (this.total > this.max && !this.problem) {
      const why = bytes > this.max
        ? `"${name}" would unpack to ${formatBytes(bytes)}`
        : `the archive would unpack to more than ${formatBytes(this.max)} (at "${name}")`;
      this.problem = new PackError('archive-too-large', `${why}, above the ${formatBytes(this.max)} an archive may unpack to; refusing to extract`, name);
    }
    return !this.problem;
  }

  /** The error to show for one that stopped reading the archive: ours, naming the entry. */
  explain(err: unknown): unknown {
    if (this.problem) return this.problem;
    if (err instanceof Error && /max decompression ratio/i.test(err.message)) {
      const what = this.current ? `"${this.current}"` : 'The archive';
      return new PackError('archive-too-compressed', `${what} is compressed more than 1000 to 1, as archives made to fill a disk are; refusing to extract`, this.current);
    }
    return err;
  }
}
