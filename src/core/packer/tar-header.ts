// Tar headers for the entries the plain ustar encoder (ustar-header.ts)
// refuses: long or non-ASCII names, sizes of 8 GiB and more, times before
// 1970. The `tar` package writes them, with the PAX record they need.
import * as tar from './tar-parts';
import type { TarHeaderFields } from './ustar-header';

export { BLOCK, paddedSize, writeFastHeader, type TarEntryType, type TarHeaderFields } from './ustar-header';

/** The header (a PAX record first when needed) for entries the fast path refuses. */
export function slowHeader(h: TarHeaderFields): Buffer {
  const data: tar.HeaderData = {
    path: h.path,
    type: h.type === 'file' ? 'File' : h.type === 'directory' ? 'Directory' : 'SymbolicLink',
    linkpath: h.linkTarget,
    mode: h.mode,
    mtime: new Date(h.mtimeSeconds * 1000),
    size: h.size,
  };
  const header = new tar.Header({ ...data, uid: 0, gid: 0, uname: '', gname: '' });
  // encode() returns true when a field (long path, big size) needs a PAX record first.
  if (!header.encode()) return header.block!;
  const pax = new tar.Pax({ path: data.path, linkpath: data.linkpath, size: data.size, mtime: data.mtime }).encode();
  return Buffer.concat([pax, header.block!]);
}
