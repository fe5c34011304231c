// Choosing the generator and the reference for a solution: quick picks over the files beside
// it, the last choice for that folder first (remembered in workspaceState, never in the folder).
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { compilerIdForFileName } from '../../core/languages';
import { showQuickPick } from '../../ui/prompts';

export interface ProgramChoice {
  generator: string;
  reference: string;
}

const memoryKey = (dir: string) => `sphereEngine.stress.programs:${dir}`;

/** Files beside the solution that look like programs (a known language), not tests or the solution itself. */
export async function candidatePrograms(solution: string): Promise<string[]> {
  const dir = path.dirname(solution);
  const names = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  return names
    .filter((e) => e.isFile() && path.join(dir, e.name) !== solution && compilerIdForFileName(e.name) !== undefined)
    .map((e) => path.join(dir, e.name))
    .sort();
}

/** Remembered choices first, then names that suggest the role (gen…, brute/ref/naive/slow…). */
function ordered(files: string[], hint: RegExp, remembered?: string): string[] {
  const score = (f: string) => (f === remembered ? 0 : hint.test(path.basename(f)) ? 1 : 2);
  return [...files].sort((a, b) => score(a) - score(b) || a.localeCompare(b));
}

async function pickOne(files: string[], title: string, placeHolder: string): Promise<string | undefined> {
  const picked = await showQuickPick(files.map((f) => ({ label: path.basename(f), description: vscode.workspace.asRelativePath(path.dirname(f)), file: f })), { title, placeHolder });
  return picked?.file;
}

/** Asks for both programs (or takes them from the arguments); undefined when dismissed. */
export async function pickPrograms(state: vscode.Memento, solution: string, given: Partial<ProgramChoice>): Promise<ProgramChoice | undefined> {
  const dir = path.dirname(solution);
  const remembered = state.get<Partial<ProgramChoice>>(memoryKey(dir)) ?? {};
  const files = await candidatePrograms(solution);
  const rememberedPath = (name?: string) => (name ? path.join(dir, name) : undefined);
  const generator = given.generator ?? (await pickOne(ordered(files, /gen/i, rememberedPath(remembered.generator)), vscode.l10n.t('Stress Test: generator'), vscode.l10n.t('The program that prints one input; it reads "seed size" as its first line')));
  if (!generator) return undefined;
  const others = files.filter((f) => f !== generator);
  const reference = given.reference ?? (await pickOne(ordered(others, /brute|ref|naive|slow|correct/i, rememberedPath(remembered.reference)), vscode.l10n.t('Stress Test: reference solution'), vscode.l10n.t('A slow but trusted solution to compare with')));
  if (!reference) return undefined;
  await state.update(memoryKey(dir), { generator: path.basename(generator), reference: path.basename(reference) });
  return { generator, reference };
}
