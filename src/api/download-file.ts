// A response body written to a file as it arrives, with its SHA-256 and size: pulls of large
// test cases never hold a file in memory, and the hash is what a later push compares against.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import type { Dispatcher } from 'undici';

export interface DownloadedFile {
  size: number;
  /** Lower-case hex SHA-256 of the bytes written. */
  sha256: string;
}

export async function streamToFile(res: Dispatcher.ResponseData, file: string, cap: number, tooLarge: () => Error): Promise<DownloadedFile> {
  const declared = Number(res.headers['content-length']);
  const discard = () => {
    res.body.on('error', () => undefined);
    res.body.destroy();
  };
  if (Number.isFinite(declared) && declared > cap) {
    discard();
    throw tooLarge();
  }
  const part = `${file}.part`;
  // A `.part` left behind, or a link of that name, is removed (never followed); 'wx' then creates
  // the file afresh and fails rather than write through anything put there meanwhile.
  let handle: fs.promises.FileHandle;
  try {
    await fs.promises.rm(part, { force: true });
    handle = await fs.promises.open(part, 'wx');
  } catch (err) {
    discard();
    throw err;
  }
  const out = handle.createWriteStream();
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > cap) {
        discard();
        throw tooLarge();
      }
      hash.update(chunk as Buffer);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    await fs.promises.rename(part, file);
    return { size, sha256: hash.digest('hex') };
  } catch (err) {
    out.destroy();
    await fs.promises.rm(part, { force: true });
    throw err;
  }
}
