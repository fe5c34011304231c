// The entries of a zip file (a VSIX is one), read from its central directory: names and
// uncompressed sizes are all the package bench needs, so no unzip tool or library is required.

export interface ZipEntry {
  name: string;
  /** Uncompressed size in bytes. */
  size: number;
  compressedSize: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535 bytes. */
const MAX_END_RECORD = 22 + 0xffff;

export function listZipEntries(zip: Buffer): ZipEntry[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - MAX_END_RECORD); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip file: no end of central directory record');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let k = 0; k < count; k++) {
    if (zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) throw new Error(`zip central directory broken at entry ${k}`);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.push({ name, size, compressedSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
