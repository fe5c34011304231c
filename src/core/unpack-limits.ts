// What an archive from the service may unpack to (output files of a run). node-tar refuses a
// gzip stream that inflates more than 1000 to 1, in its own words ("max decompression ratio
// exceeded: 1000.01 > 1000") and without saying which entry; and that guard alone still lets a
// 16 MiB archive fill 16 GB of disk (a less dense one, e.g. zeros at gzip -1, passes it).
// The budget is counted while the archive is listed, before anything is written, from the sizes
// the entries declare (node-tar writes no more than that), and its errors say which entry and why.
import { formatBytes } from './format-bytes';
import { PackError } from './packer-errors';

/** The most an archive may unpack to, all its files together. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

export class UnpackBudget {
  private total = 0;
  private current: string | undefined;
  private problem: PackError | undefined;

  constructor(private readonly max = MAX_UNPACKED_BYTES) {}

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
