// What can go wrong in the workspace file system, in VS Code's terms but without VS Code:
// the provider maps each kind to a vscode.FileSystemError with the same message.
import { MAX_TRANSFER_BYTES, SphereApiError } from '../../api';

export type FailureKind =
  | 'notFound'
  | 'isADirectory'
  | 'notADirectory'
  | 'exists'
  | 'noPermissions'
  | 'tooLarge'
  /** The workspace is stopped or starting (404/1008, 404/1108): the user is offered a resume. */
  | 'notRunning'
  | 'unavailable';

export class WorkspaceFsFailure extends Error {
  override readonly name = 'WorkspaceFsFailure';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly workspaceId: string,
    readonly rel: string,
    readonly apiError?: SphereApiError,
  ) {
    super(message);
  }
}

export const NO_FOLDER_OPERATIONS =
  'Sphere Engine workspaces have no API call to create, delete or rename files and folders: only upload, download and list. Do it in the workspace terminal, then refresh the Explorer.';

const MIB = 1024 * 1024;

export function tooLargeFailure(workspaceId: string, rel: string, bytes: number): WorkspaceFsFailure {
  return new WorkspaceFsFailure(
    'tooLarge',
    `${rel} is ${(bytes / MIB).toFixed(1)} MiB; Sphere Engine workspaces transfer at most ${MAX_TRANSFER_BYTES / MIB} MiB per file. Nothing was sent.`,
    workspaceId,
    rel,
  );
}

export function isNotRunning(error: unknown): boolean {
  return error instanceof SphereApiError && error.status === 404 && (error.errorCode === 1008 || error.errorCode === 1108);
}

/** An api error of one file call as a file-system failure; `op` says which call for the wording. */
export function fromApiError(error: unknown, workspaceId: string, rel: string, op: 'list' | 'read' | 'write'): unknown {
  if (!(error instanceof SphereApiError)) return error;
  const shown = rel || '/';
  if (isNotRunning(error)) {
    return new WorkspaceFsFailure(
      'notRunning',
      `The workspace is not running (stopped or still starting), so ${shown} cannot be ${op === 'write' ? 'saved' : 'read'}. Resume the workspace and try again.`,
      workspaceId,
      rel,
      error,
    );
  }
  switch (error.errorCode) {
    case 1101:
      return new WorkspaceFsFailure(
        op === 'list' ? 'notADirectory' : 'notFound',
        `${shown} was not found in the workspace${op === 'list' ? ' (or is not a folder)' : ' (or is not a file)'}.`,
        workspaceId,
        rel,
        error,
      );
    case 1102:
    case 202602:
      return new WorkspaceFsFailure('noPermissions', `Permission denied by the workspace: ${shown} cannot be ${op === 'write' ? 'written' : 'read'}.`, workspaceId, rel, error);
    case 202601:
      return new WorkspaceFsFailure(
        'notFound',
        `The folder of ${shown} does not exist in the workspace. Uploads need an existing parent folder (the API cannot create folders): create it in the workspace terminal first.`,
        workspaceId,
        rel,
        error,
      );
    case 202612:
      return new WorkspaceFsFailure('isADirectory', `${shown} exists in the workspace and is not a file.`, workspaceId, rel, error);
    case 1111:
    case 202511:
      return new WorkspaceFsFailure('tooLarge', `${shown} is larger than 16 MiB, the most a workspace transfers per file.`, workspaceId, rel, error);
    default:
      return new WorkspaceFsFailure('unavailable', error.message, workspaceId, rel, error);
  }
}
