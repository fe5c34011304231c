// Archives made to stall an unpacker, built in memory in milliseconds (issue 36 item 2). gzip allows
// several members one after another and gunzip inflates them all, so one small member of zeros
// repeated stands for gigabytes without ever compressing them.
import * as zlib from 'node:zlib';
import * as tar from 'tar';

const MiB = 1024 * 1024;

/** A ustar block of one entry, its checksum made by node-tar. */
export function tarHeader(name: string, size: number, type: 'File' | 'Directory' | 'GlobalExtendedHeader' = 'File'): Buffer {
  const block = Buffer.alloc(512);
  new tar.Header({ path: name, mode: type === 'Directory' ? 0o755 : 0o644, size, mtime: new Date(0), type }).encode(block, 0);
  return block;
}

/** A tar of `files` (name → text), with its end marker (two zero blocks). */
export function smallTar(files: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    parts.push(tarHeader(name, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/**
 * `files` as a valid tar.gz, then `zeroMiB` MiB of zeros after the tar's end marker (default 4096:
 * 4 GiB of zeros in about 4 MB).
 */
export function zeroTailArchive(files: Record<string, string>, zeroMiB = 4096): Buffer {
  const member = zlib.gzipSync(Buffer.alloc(MiB), { level: 9 });
  return Buffer.concat([zlib.gzipSync(smallTar(files)), ...Array.from({ length: zeroMiB }, () => member)]);
}

/** `count` global extended headers and nothing else: metadata, no entry, `count` × 512 bytes inflated. */
export function metadataOnlyArchive(count: number): Buffer {
  const block = tarHeader('pax_global_header', 0, 'GlobalExtendedHeader');
  return zlib.gzipSync(Buffer.concat([...Array.from({ length: count }, () => block), Buffer.alloc(1024)]), { level: 9 });
}
