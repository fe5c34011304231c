// Where an export (judge results, similarity report: CSV or JSON) is written: the file the person
// picked, never through a link standing at that name (a folder from a pull request may hold
// `results.csv -> ~/.bashrc`): src/core/safe-write.ts writes a new file beside it and renames.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { safeWriteFile, UnsafeWriteError } from '../../core/safe-write';

/** Writes `data` to `uri`; false (the refusal shown, naming the link) when a link stands there. */
export async function writeExportFile(uri: vscode.Uri, data: Uint8Array): Promise<boolean> {
  if (uri.scheme !== 'file') {
    await vscode.workspace.fs.writeFile(uri, data);
    return true;
  }
  try {
    safeWriteFile(path.dirname(uri.fsPath), uri.fsPath, data);
    return true;
  } catch (err) {
    if (!(err instanceof UnsafeWriteError)) throw err;
    void vscode.window.showErrorMessage(err.message);
    return false;
  }
}
