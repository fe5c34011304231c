// "Create Judge from File…" and "Edit Judge Source…": a judge's source is a file edited in
// VS Code. Create sends the file as a new judge (its compiler from the file's extension); Edit
// opens a copy of the source in the extension's storage and each save updates the judge.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { JUDGE_TYPE_IDS } from '../../api';
import { compilerIdForFileName, languageForCompiler } from '../../core/languages';
import type { Services } from '../../services';
import { showError } from '../../ui/errors';
import { showInputBox, showQuickPick } from '../../ui/prompts';
import { pickJudge } from './content';
import type { SavedCopies } from './saved-copies';

export interface CreateJudgeArgs {
  /** The source file; default the active editor's. */
  file?: string | vscode.Uri;
  name?: string;
  /** 0 test case judge, 1 master judge. */
  typeId?: number;
}

export async function createJudgeFromFile(services: Services, arg?: unknown): Promise<{ id: number } | undefined> {
  const args: CreateJudgeArgs = arg instanceof vscode.Uri ? { file: arg } : ((arg ?? {}) as CreateJudgeArgs);
  const given = args.file ?? vscode.window.activeTextEditor?.document.uri;
  if (!given) {
    void vscode.window.showWarningMessage(vscode.l10n.t("Open the judge's source file first, then run Create Judge from File."));
    return undefined;
  }
  const file = given instanceof vscode.Uri ? given.fsPath : given;
  const compilerId = compilerIdForFileName(file);
  if (compilerId === undefined) {
    void vscode.window.showErrorMessage(vscode.l10n.t('No judge was created: Sphere Engine has no compiler for {0}.', path.basename(file)));
    return undefined;
  }
  const name = args.name ?? (await showInputBox({ title: vscode.l10n.t('Create Judge: name'), value: path.parse(file).name }));
  if (!name) return undefined;
  const typeId =
    args.typeId ??
    (
      await showQuickPick(
        [
          { label: vscode.l10n.t('Test case judge'), typeId: JUDGE_TYPE_IDS.testcase },
          { label: vscode.l10n.t('Master judge'), typeId: JUDGE_TYPE_IDS.master },
        ],
        { title: vscode.l10n.t('Create Judge: which kind?') },
      )
    )?.typeId;
  if (typeId === undefined) return undefined;
  try {
    // An open, unsaved editor is what the person sees: send that, not the file on disk.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
    const source = open ? open.getText() : fs.readFileSync(file, 'utf8');
    const created = await (await services.connection.problems()).createJudge({ name, source, compilerId, typeId });
    void vscode.window.showInformationMessage(vscode.l10n.t('Judge {0} “{1}” created. “Edit Judge Source…” changes it.', created.id, name));
    return { id: created.id };
  } catch (err) {
    void showError(services.log, err, { context: vscode.l10n.t('Could not create the judge') });
    return undefined;
  }
}

export async function editJudgeSource(services: Services, copies: SavedCopies, arg?: unknown): Promise<vscode.TextEditor | undefined> {
  try {
    const client = await services.connection.problems();
    const given = typeof arg === 'number' ? arg : (arg as { judgeId?: number } | undefined)?.judgeId;
    const id = given ?? (await pickJudge(client, undefined, vscode.l10n.t('Edit Judge Source: which judge?')));
    if (id === undefined) return undefined;
    const judge = await client.getJudge(id);
    const ext = (judge.compiler && languageForCompiler(judge.compiler.id)?.extensions[0]) ?? '.txt';
    return await copies.open(
      path.join('judges', `${id}${ext}`),
      {
        what: vscode.l10n.t('the source of judge {0}', id),
        send: async (file) => {
          await (await services.connection.problems()).updateJudge(id, { source: fs.readFileSync(file, 'utf8') });
        },
      },
      async (file) => {
        fs.writeFileSync(file, await client.getJudgeFile(id, 'source'));
      },
    );
  } catch (err) {
    void showError(services.log, err, { context: vscode.l10n.t('Could not open the judge source') });
    return undefined;
  }
}
