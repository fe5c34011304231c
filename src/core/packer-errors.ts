// The packer's one error type, in its own file so the packer's parts can throw it
// without importing the packer itself.
export type PackErrorCode =
  | 'not-a-folder'
  | 'link-outside'
  | 'unreadable'
  | 'nothing-to-submit'
  | 'cancelled'
  | 'unsafe-archive-entry';

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
