// The packer's one error type, in its own file so the packer's parts can throw it
// without importing the packer itself.
export type PackErrorCode =
  | 'not-a-folder'
  | 'link-outside'
  | 'unreadable'
  | 'nothing-to-submit'
  | 'cancelled'
  | 'unsafe-archive-entry'
  | 'archive-too-large'
  | 'archive-too-compressed'
  | 'archive-too-many-entries';

export class PackError extends Error {
  constructor(
    readonly code: PackErrorCode,
    message: string,
    /** The offending path, relative to the folder (or the archive entry name). */
    readonly path?: string,
  ) {
    super(message);
    this.name = 'PackError';
  }
}

export function changedWhilePacking(rel: string): PackError {
  return new PackError('unreadable', `"${rel}" changed while packing; try again`, rel);
}

/** Makes sure a file-system error names the file, so the packer can say which one. */
export function withPath(err: unknown, absolute: string): unknown {
  const e = err as NodeJS.ErrnoException;
  if (e && typeof e === 'object' && !e.path) e.path = absolute;
  return err;
}
