// Registers the workspace commands. Each accepts a tree node (menus), an id (tests, other
// features) or nothing (palette: a QuickPick asks), and resolves with its outcome.
import type * as vscode from 'vscode';
import { Commands, registerCommand } from '../../../ui/commands';
import type { WorkspaceCommandContext } from './context';
import { createWorkspaceCommand, type CreateOptions } from './create';
import { changeWorkspaceState, type RemoveOptions } from './lifecycle';
import { copyWorkspaceId, openWorkspacePage } from './open';
import type { OpenFilesOptions, WorkspaceFilesFeature } from '../fs';
import { showWorkspaceStream } from './streams';

export function registerWorkspaceCommands(ctx: WorkspaceCommandContext, files: WorkspaceFilesFeature): vscode.Disposable[] {
  return [
    registerCommand(Commands.workspaceCreate, (arg?: unknown, options?: CreateOptions) => createWorkspaceCommand(ctx, arg, options)),
    registerCommand(Commands.workspaceStop, (arg?: unknown) => changeWorkspaceState(ctx, 'stop', arg)),
    registerCommand(Commands.workspaceResume, (arg?: unknown) => changeWorkspaceState(ctx, 'resume', arg)),
    registerCommand(Commands.workspaceRemove, (arg?: unknown, options?: RemoveOptions) => changeWorkspaceState(ctx, 'remove', arg, options)),
    registerCommand(Commands.workspaceOpenIde, (arg?: unknown) => openWorkspacePage(ctx, 'ide', arg)),
    registerCommand(Commands.workspaceOpenPreview, (arg?: unknown) => openWorkspacePage(ctx, 'preview', arg)),
    registerCommand(Commands.workspaceShowInitOutput, (arg?: unknown) => showWorkspaceStream(ctx, 'workspace_init_output', arg)),
    registerCommand(Commands.workspaceShowInitError, (arg?: unknown) => showWorkspaceStream(ctx, 'workspace_init_error', arg)),
    registerCommand(Commands.workspaceShowFilesToOverride, (arg?: unknown) => showWorkspaceStream(ctx, 'workspace_files_to_override', arg)),
    registerCommand(Commands.workspaceCopyId, (arg?: unknown) => copyWorkspaceId(ctx, arg)),
    registerCommand(Commands.workspaceOpenFiles, (arg?: unknown, options?: OpenFilesOptions) => files.openFiles(arg, options)),
  ];
}
