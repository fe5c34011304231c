// What an archive from the service may unpack to (output files of a run), and the words the
// extension uses when one is refused. The counting itself is the shared bounded reader's
// (contract/bounded-untar.ts, loaded through tar-read.ts): entries and the bytes they declare,
// every inflated byte, and no reading past the tar's end marker. The ratio guard is node-tar's
// old one (1000 to 1): the byte cap alone let a less dense archive (zeros at gzip -1) through.
import { formatBytes } from '../format-bytes';
import { PackError } from './errors';
import type { ArchiveBudgetError } from './tar-read';

/** The most an archive may unpack to, all its files together. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
/**
 * The most entries (files, folders, links) an archive may hold. Empty files cost no bytes, so the
 * byte cap alone let a 1.24 MB archive become 200,001 files (136 s, 1.9 GB of memory); a run's
 * output files are a handful, and a packed folder of 20,000 files still unpacks.
 */
export const MAX_UNPACKED_ENTRIES = 50_000;

export const UNPACK_BUDGET = { maxBytes: MAX_UNPACKED_BYTES, maxEntries: MAX_UNPACKED_ENTRIES, maxRatio: 1000 };

/** The reader's refusal in the extension's words, naming the entry and why. */
export function budgetRefusal(err: ArchiveBudgetError): PackError {
  const name = err.entry;
  const max = MAX_UNPACKED_BYTES;
  switch (err.kind) {
    case 'entries':
      return new PackError(
        'archive-too-many-entries',
        `the archive holds more than ${MAX_UNPACKED_ENTRIES.toLocaleString('en-US')} entries (at "${name}"), more than an archive may unpack to; refusing to extract. Ask for fewer output files, or pack them into one archive yourself`,
        name,
      );
    case 'bytes': {
      const why = err.entrySize > max ? `"${name}" would unpack to ${formatBytes(err.entrySize)}` : `the archive would unpack to more than ${formatBytes(max)} (at "${name}")`;
      return new PackError('archive-too-large', `${why}, above the ${formatBytes(max)} an archive may unpack to; refusing to extract`, name);
    }
    case 'ratio':
      return new PackError(
        'archive-too-compressed',
        `${name ? `"${name}"` : 'The archive'} is compressed more than ${UNPACK_BUDGET.maxRatio} to 1, as archives made to fill a disk are; refusing to extract`,
        name,
      );
    case 'inflated':
      return new PackError(
        'archive-too-large',
        `${err.message}; refusing to extract. The server sent an archive padded past what its files hold: ask for the output files again`,
        name,
      );
  }
}
