// The problem picker shared by Submit Solution and Judge Solutions in Folder.
import * as vscode from 'vscode';
import type { ProblemsClient } from '../../api';
import { showQuickPick } from '../../ui/prompts';

export interface PickedProblem {
  id: number;
  /** `CODE (name)`, for confirmations and titles. */
  label: string;
}

export async function pickProblem(client: ProblemsClient, title: string): Promise<PickedProblem | undefined> {
  const items: Array<vscode.QuickPickItem & PickedProblem> = [];
  for await (const p of client.iterateProblems({ limit: 50 })) {
    items.push({ id: p.id, label: p.code, description: p.name, detail: `id ${p.id}` });
    if (items.length >= 500) break;
  }
  const picked = await showQuickPick(items, { title, placeHolder: vscode.l10n.t('Problem code or name'), matchOnDescription: true });
  return picked && { id: picked.id, label: picked.description ? `${picked.label} (${picked.description})` : picked.label };
}
