// From the palette, the "which folder?" dialog of Judge Solutions in Folder…, Check Similarity in
// Folder… and Submit Each Folder starts at the active editor's folder (issue 40 item 13): a teacher
// with a student's file open is one click from the class folder. The dialog is stood in for; the
// person closes it, so nothing is sent.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, replace } from './helpers';

const COMMANDS = ['sphereEngine.problems.judgeFolder', 'sphereEngine.similarity.checkFolder', 'sphereEngine.containers.submitEachFolder'];

describe('folder dialogs start at the active editor folder (issue 40)', function () {
  this.timeout(60_000);
  let classFolder: string;

  before(async () => {
    await activateExtension();
    classFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'se-class-'));
    fs.writeFileSync(path.join(classFolder, 'alice.py'), 'print(input())\n');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(classFolder, { recursive: true, force: true });
  });

  for (const command of COMMANDS) {
    it(`${command} from the palette opens its dialog in the folder of the file being edited`, async () => {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(path.join(classFolder, 'alice.py')));
      const opened: Array<vscode.OpenDialogOptions | undefined> = [];
      const restore = replace(vscode.window, 'showOpenDialog', (async (options?: vscode.OpenDialogOptions) => {
        opened.push(options);
        return undefined;
      }) as typeof vscode.window.showOpenDialog);
      try {
        assert.equal(await vscode.commands.executeCommand(command), undefined, 'closing the dialog stops the command');
      } finally {
        restore();
      }
      assert.equal(opened.length, 1, `one folder dialog: ${JSON.stringify(opened)}`);
      assert.equal(opened[0]?.canSelectFolders, true);
      assert.equal(opened[0]?.defaultUri?.fsPath, classFolder);
    });
  }
});
