// A stream file as a response body, read in pieces: output archives (20 files of 16 MB) and stage
// outputs (up to 64 MB) are never read whole into memory to be answered (issue 26 item 10).
import * as fs from 'node:fs';
import { Readable } from 'node:stream';

/** The file's bytes as a web stream, or undefined when it is not there. Opened now, read as sent. */
export function fileBody(file: string): ReadableStream<Uint8Array> | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  return Readable.toWeb(fs.createReadStream('', { fd, highWaterMark: 256 * 1024 })) as ReadableStream<Uint8Array>;
}
