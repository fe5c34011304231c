// vscode.FileSystemProvider for sphere-workspace:// URIs: a thin adapter over WorkspaceFsModel,
// which holds every rule about requests. This file only translates types and errors.
import * as vscode from 'vscode';
import { type EntryStat, type FsChange, WORKSPACE_FS_SCHEME, WorkspaceFsFailure, type WorkspaceFsModel } from '../../../core/workspace-files';

export function workspaceUri(workspaceId: string, rel = ''): vscode.Uri {
  return vscode.Uri.from({ scheme: WORKSPACE_FS_SCHEME, authority: workspaceId, path: `/${rel}` });
}

export class WorkspaceFileSystemProvider implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;
  private readonly failures = new vscode.EventEmitter<{ uri: vscode.Uri; failure: WorkspaceFsFailure; op: 'read' | 'write' | 'list' }>();
  /** Every failure of a call that reached (or would have reached) the service: the feature offers help. */
  readonly onDidFail = this.failures.event;
  private readonly subscription: { dispose(): void };

  constructor(readonly model: WorkspaceFsModel) {
    this.subscription = model.onDidChange((changes) => this.emitter.fire(changes.map(toEvent)));
  }

  /** The poll and the host tests fire changes through the same path as the model does. */
  fireChanged(uri: vscode.Uri): void {
    this.emitter.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  // Remote changes come from listings (see model) and the optional poll: nothing to set up here.
  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    return this.run(uri, 'list', async () => toFileStat(await this.model.stat(uri.authority, uri.path)));
  }

  readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    return this.run(uri, 'list', async () =>
      (await this.model.readDirectory(uri.authority, uri.path)).map((e): [string, vscode.FileType] => [
        e.name,
        e.type === 'dir' ? vscode.FileType.Directory : vscode.FileType.File,
      ]),
    );
  }

  readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return this.run(uri, 'read', () => this.model.readFile(uri.authority, uri.path));
  }

  writeFile(uri: vscode.Uri, content: Uint8Array, options: { create: boolean; overwrite: boolean }): Promise<void> {
    return this.run(uri, 'write', async () => {
      const kind = await this.model.writeFile(uri.authority, uri.path, content, options);
      this.emitter.fire([{ type: kind === 'created' ? vscode.FileChangeType.Created : vscode.FileChangeType.Changed, uri }]);
    });
  }

  createDirectory(uri: vscode.Uri): void {
    this.runSync(() => this.model.createDirectory(uri.authority, uri.path));
  }

  delete(uri: vscode.Uri): void {
    this.runSync(() => this.model.delete(uri.authority, uri.path));
  }

  rename(oldUri: vscode.Uri): void {
    this.runSync(() => this.model.rename(oldUri.authority, oldUri.path));
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
    this.failures.dispose();
  }

  private async run<T>(uri: vscode.Uri, op: 'read' | 'write' | 'list', body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (err) {
      if (err instanceof WorkspaceFsFailure) this.failures.fire({ uri, failure: err, op });
      throw toFileSystemError(err, uri);
    }
  }

  private runSync(body: () => never): never {
    try {
      return body();
    } catch (err) {
      throw toFileSystemError(err);
    }
  }
}

function toFileStat(stat: EntryStat): vscode.FileStat {
  return {
    type: stat.type === 'dir' ? vscode.FileType.Directory : vscode.FileType.File,
    // The service reports modification times only; creation time is not known, so it is 0.
    ctime: 0,
    mtime: stat.mtime,
    size: stat.size,
    permissions: stat.type === 'file' && !stat.writable ? vscode.FilePermission.Readonly : undefined,
  };
}

function toEvent(change: FsChange): vscode.FileChangeEvent {
  const type = change.kind === 'created' ? vscode.FileChangeType.Created : change.kind === 'deleted' ? vscode.FileChangeType.Deleted : vscode.FileChangeType.Changed;
  return { type, uri: workspaceUri(change.workspaceId, change.rel) };
}

export function toFileSystemError(err: unknown, uri?: vscode.Uri): Error {
  if (!(err instanceof WorkspaceFsFailure)) return err instanceof Error ? err : new Error(String(err));
  // VS Code shows the message of these errors as is; the factories take a string to keep ours.
  switch (err.kind) {
    case 'notFound':
      return vscode.FileSystemError.FileNotFound(err.message);
    case 'isADirectory':
      return vscode.FileSystemError.FileIsADirectory(err.message);
    case 'notADirectory':
      return vscode.FileSystemError.FileNotADirectory(err.message);
    case 'exists':
      return vscode.FileSystemError.FileExists(err.message);
    case 'noPermissions':
      return vscode.FileSystemError.NoPermissions(err.message);
    case 'notRunning':
    case 'unavailable':
      return vscode.FileSystemError.Unavailable(err.message);
    case 'tooLarge':
    default:
      return new vscode.FileSystemError(uri ? `${err.message}` : err.message);
  }
}
