// A local folder → the `files` tar.gz of POST /workspaces. Unlike a submission archive (one
// top-level `workspace/`, see core/packer), this one is extracted straight into the workspace
// directory, so its entries start at the folder's root. Ignore rules are the packer's.
import { createWriteStream, promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { scanFolder } from '../../../core/packer';

export interface FilesArchive {
  file: string;
  bytes: number;
  fileCount: number;
  dispose(): Promise<void>;
}

export async function packWorkspaceFiles(root: string, signal?: AbortSignal): Promise<FilesArchive> {
  const scan = await scanFolder(root, { signal });
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sphere-files-'));
  const file = path.join(dir, 'files.tar.gz');
  const dispose = () => fsp.rm(dir, { recursive: true, force: true });
  try {
    const pack = tar.create(
      // uid/gid of this machine mean nothing remotely; we list every entry so ignored ones stay out.
      { gzip: true, cwd: scan.root, portable: true, noDirRecurse: true, strict: true },
      scan.included.map((entry) => entry.path),
    );
    await pipeline(pack as unknown as NodeJS.ReadableStream, createWriteStream(file), { signal });
    return { file, bytes: (await fsp.stat(file)).size, fileCount: scan.fileCount, dispose };
  } catch (err) {
    await dispose().catch(() => undefined);
    throw err;
  }
}
