// "Add to This Window" in a browser host (code-server, vscode.dev-like hosts) when this window is a
// single folder or empty: the folder goes in through a .code-workspace file opened in this window.
//
// Why: adding a folder to such a window makes VS Code turn it into an untitled multi-root workspace.
// In the browser that switch races with VS Code's own relauncher, which reloads a remote window
// 10 ms after its first folder changed; in code-server 4.139.1 the window came back at the old
// folder without the new one, or as a workspace with no folders, in 10 of 15 tries. Opening a
// workspace file is one navigation of the page with every folder already in it: nothing to race.
// (Seen in UI tests on a busy machine: the reloaded page now and then showed the workspace with no
// folders until reloaded once more; the file was intact, so that is VS Code's first read of it.)
// A window that already is a workspace keeps its identity, so updateWorkspaceFolders is safe there.
// The desktop enters the workspace through its main process, which restarts the extension host
// itself; it never showed the race, so it keeps updateWorkspaceFolders (no file to leave behind).
import * as vscode from 'vscode';
import { safeFileName } from '../../../core/safe-file-name';

/** True when adding a folder here would switch the browser window to another workspace. */
export function addingChangesBrowserWindowIdentity(): boolean {
  return vscode.env.uiKind === vscode.UIKind.Web && vscode.workspace.workspaceFile === undefined;
}

/**
 * Writes <globalStorage>/workspaces/<workspaceId>/<title>.code-workspace with this window's
 * folders and `folder` after them, then opens it in this window (the page reloads).
 * The file is named for people (the window title shows it), its folder for the workspace: adding
 * the same workspace again rewrites the same place instead of piling up files.
 */
export async function openWithFolderAdded(storage: vscode.Uri, workspaceId: string, title: string, folder: { uri: vscode.Uri; name: string }): Promise<vscode.Uri> {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) =>
    // A `path` is resolved next to the workspace file, so on the same (remote) machine as the
    // extension; a file: `uri` would mean the browser's machine.
    f.uri.scheme === 'file' ? { path: f.uri.fsPath, name: f.name } : { uri: f.uri.toString(), name: f.name },
  );
  folders.push({ uri: folder.uri.toString(), name: folder.name });
  const dir = vscode.Uri.joinPath(storage, 'workspaces', workspaceId);
  await vscode.workspace.fs.createDirectory(dir);
  const file = vscode.Uri.joinPath(dir, `${safeFileName(title, 'Workspace')}.code-workspace`);
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(`${JSON.stringify({ folders }, null, 2)}\n`));
  // Read back before the page goes: the reloaded window reads this file first thing.
  await vscode.workspace.fs.stat(file);
  await vscode.commands.executeCommand('vscode.openFolder', file, { forceNewWindow: false });
  return file;
}
