// "Delete Problem…" on a problem in the Problems view: a modal confirmation naming the problem
// first, because the service cannot undo it (its test cases go with it).
import * as vscode from 'vscode';
import type { ProblemsClient } from '../../api';
import { problemIdFrom } from '../shared/problem-arg';
import { pickProblem } from '../shared/pick-problem';
import type { ProblemNode } from './tree';

const DELETE = () => vscode.l10n.t('Delete Problem');

/** The id deleted, or undefined when the person stopped. */
export async function deleteProblem(client: ProblemsClient, arg?: unknown): Promise<number | undefined> {
  let id = problemIdFrom(arg);
  const node = arg as ProblemNode | undefined;
  let label = node?.kind === 'problem' ? `${node.problem.code} (${node.problem.name})` : undefined;
  if (id === undefined) {
    const picked = await pickProblem(client, vscode.l10n.t('Delete Problem: which problem?'));
    if (!picked) return undefined;
    ({ id, label } = picked);
  }
  if (label === undefined) {
    const problem = await client.getProblem(id);
    label = `${problem.code} (${problem.name})`;
  }
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t('Delete problem {0} {1} on the service?', id, label),
    { modal: true, detail: vscode.l10n.t('Its test cases are deleted with it. This cannot be undone; a problem folder pulled from it keeps your copy.') },
    DELETE(),
  );
  if (answer !== DELETE()) return undefined;
  await client.deleteProblem(id);
  void vscode.window.showInformationMessage(vscode.l10n.t('Problem {0} {1} deleted.', id, label));
  return id;
}
