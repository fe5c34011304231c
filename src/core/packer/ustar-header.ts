// Plain ustar headers, encoded in place: the packer's fast path for nearly
// every entry.
//
// Why not only the `tar` package's Header: building a Header object, a
// HeaderData object and its Dates for each of 20,000 small files showed up as
// a tenth of the packing time and much of the garbage. Nearly every real entry
// has a short ASCII name and ordinary numbers, so those are encoded here
// (uid/gid 0, no user names); anything unusual goes through
// tar-header.ts and the `tar` package. This file imports nothing: it
// also runs in the packing worker (fragment-worker.ts).

export const BLOCK = 512;

/** Bytes a body of `size` takes in the archive: whole blocks. */
export function paddedSize(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK;
}

export type TarEntryType = 'file' | 'directory' | 'symlink';

export interface TarHeaderFields {
  /** Archive path; directories end with '/'. */
  path: string;
  type: TarEntryType;
  mode: number;
  /** Modification time, whole seconds since 1970. */
  mtimeSeconds: number;
  size: number;
  linkTarget?: string;
}

const NAME_OFFSET = 0;
const NAME_BYTES = 100;
const MODE_OFFSET = 100;
const SIZE_OFFSET = 124;
const MTIME_OFFSET = 136;
const CHECKSUM_OFFSET = 148;
const TYPE_OFFSET = 156;
const LINK_OFFSET = 157;
/** Largest value an 11-digit octal field holds. */
const MAX_OCTAL_11 = 0o77777777777;
const TYPE_FLAGS: Record<TarEntryType, number> = { file: 0x30, directory: 0x35, symlink: 0x32 };
// eslint-disable-next-line no-control-regex -- the ASCII range starts at the control characters
const NON_ASCII = /[^\x01-\x7f]/;

// The constant part of every fast header (uid, gid, magic, version), and its
// byte sum with the checksum field counted as spaces, as the format wants.
const TEMPLATE = Buffer.alloc(BLOCK);
TEMPLATE.write('0000000\0', 108, 'latin1'); // uid
TEMPLATE.write('0000000\0', 116, 'latin1'); // gid
TEMPLATE.write('ustar\u000000', 257, 'latin1');
const TEMPLATE_SUM = TEMPLATE.reduce((sum, byte) => sum + byte, 0) + 8 * 0x20;

/**
 * Writes the header of one entry at `into[at]` when it fits a plain ustar
 * block; returns false (and writes nothing useful) when it needs the slow path.
 * The caller guarantees BLOCK bytes of room.
 */
export function writeFastHeader(h: TarHeaderFields, into: Buffer, at: number): boolean {
  const link = h.linkTarget ?? '';
  if (h.path.length > NAME_BYTES || link.length > NAME_BYTES) return false;
  if (NON_ASCII.test(h.path) || NON_ASCII.test(link)) return false;
  if (!(h.size >= 0 && h.size <= MAX_OCTAL_11 && h.mtimeSeconds >= 0 && h.mtimeSeconds <= MAX_OCTAL_11)) return false;

  TEMPLATE.copy(into, at);
  let sum = TEMPLATE_SUM;
  sum += writeAscii(into, at + NAME_OFFSET, h.path);
  sum += writeOctal(into, at + MODE_OFFSET, 8, h.mode & 0o7777);
  sum += writeOctal(into, at + SIZE_OFFSET, 12, h.size);
  sum += writeOctal(into, at + MTIME_OFFSET, 12, h.mtimeSeconds);
  into[at + TYPE_OFFSET] = TYPE_FLAGS[h.type];
  sum += TYPE_FLAGS[h.type];
  if (link) sum += writeAscii(into, at + LINK_OFFSET, link);
  // Six octal digits, NUL, space: what GNU tar writes.
  writeOctal(into, at + CHECKSUM_OFFSET, 7, sum);
  into[at + CHECKSUM_OFFSET + 7] = 0x20;
  return true;
}

/** Writes ASCII text; returns the byte sum (for the checksum). */
function writeAscii(into: Buffer, at: number, text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    into[at + i] = c;
    sum += c;
  }
  return sum;
}

/** Zero-padded octal in `width - 1` digits and a NUL; returns the byte sum. */
function writeOctal(into: Buffer, at: number, width: number, value: number): number {
  let sum = 0;
  let v = value;
  into[at + width - 1] = 0;
  for (let i = at + width - 2; i >= at; i--) {
    const digit = 0x30 + (v % 8);
    into[i] = digit;
    sum += digit;
    v = Math.floor(v / 8);
  }
  return sum;
}
