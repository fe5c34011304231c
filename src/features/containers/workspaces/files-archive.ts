// A local folder → the `files` tar.gz of POST /workspaces. Unlike a submission archive (one
// top-level `workspace/`), this one is extracted straight into the workspace directory, so its
// entries start at the folder's root: the packer's `topFolder: null`. Ignore rules are the packer's.
import { packFolder } from '../../../core/packer';

export interface FilesArchive {
  file: string;
  bytes: number;
  fileCount: number;
  dispose(): Promise<void>;
}

export async function packWorkspaceFiles(root: string, signal?: AbortSignal): Promise<FilesArchive> {
  const packed = await packFolder(root, { signal, topFolder: null, fileName: 'files.tar.gz' });
  return { file: packed.file, bytes: packed.bytes, fileCount: packed.scan.fileCount, dispose: packed.dispose };
}
