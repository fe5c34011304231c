// "Edit Test Case…": a test case's input or expected output opened in an editor; each save sends
// the file to the service (PUT .../testcases/{n}, that file only). The copy lives in the
// extension's storage, one file per problem, test and side, so a second open reuses it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ProblemsClient } from '../../api';
import type { Services } from '../../services';
import { showError } from '../../ui/errors';
import { showQuickPick } from '../../ui/prompts';
import { problemIdFrom } from '../shared/problem-arg';
import { pickProblem } from '../shared/pick-problem';
import type { SavedCopies } from './saved-copies';

export interface EditTestCaseArgs {
  problemId?: number;
  testNumber?: number;
  file?: 'input' | 'output';
}

interface Edited {
  problemId: number;
  testNumber: number;
  file: 'input' | 'output';
}

async function choose(client: ProblemsClient, arg: unknown): Promise<Edited | undefined> {
  const args: EditTestCaseArgs = arg && typeof arg === 'object' && !('kind' in arg) ? (arg as EditTestCaseArgs) : {};
  const problemId = args.problemId ?? problemIdFrom(arg) ?? (await pickProblem(client, vscode.l10n.t('Edit Test Case: which problem?')))?.id;
  if (problemId === undefined) return undefined;
  let testNumber = args.testNumber;
  if (testNumber === undefined) {
    const { items } = await client.listTestCases(problemId);
    const picked = await showQuickPick(
      items.map((t) => ({ label: vscode.l10n.t('Test {0}', t.number), number: t.number, description: t.active === false ? vscode.l10n.t('inactive') : undefined })),
      { title: vscode.l10n.t('Edit Test Case: which test case?') },
    );
    if (!picked) return undefined;
    testNumber = picked.number;
  }
  let file = args.file;
  if (!file) {
    const input = vscode.l10n.t('Input');
    const picked = await showQuickPick([input, vscode.l10n.t('Expected output')], { title: vscode.l10n.t('Edit Test Case {0}: which file?', testNumber) });
    if (!picked) return undefined;
    file = picked === input ? 'input' : 'output';
  }
  return { problemId, testNumber, file };
}

export async function editTestCase(services: Services, copies: SavedCopies, arg?: unknown): Promise<vscode.TextEditor | undefined> {
  try {
    const client = await services.connection.problems();
    const t = await choose(client, arg);
    if (!t) return undefined;
    const what =
      t.file === 'input'
        ? vscode.l10n.t('the input of test {0} of problem {1}', t.testNumber, t.problemId)
        : vscode.l10n.t('the expected output of test {0} of problem {1}', t.testNumber, t.problemId);
    return await copies.open(
      path.join('test-cases', String(t.problemId), `${t.testNumber}.${t.file === 'input' ? 'in' : 'out'}`),
      {
        what,
        send: async (file) => {
          await (await services.connection.problems()).updateTestCaseFromFiles(t.problemId, t.testNumber, t.file === 'input' ? { inputPath: file } : { outputPath: file });
        },
      },
      async (file) => {
        await client.downloadTestCaseFile(t.problemId, t.testNumber, t.file, file);
      },
    );
  } catch (err) {
    void showError(services.log, err, { context: vscode.l10n.t('Could not open the test case') });
    return undefined;
  }
}
