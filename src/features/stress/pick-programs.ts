// Choosing the generator, the reference and (optionally) a checker for a solution: quick picks
// over the files beside it, the last choice for that folder first (remembered in workspaceState,
// never in the folder).
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { compilerIdForFileName } from '../../core/languages';
import { showQuickPick } from '../../ui/prompts';

export interface ProgramChoice {
  generator: string;
  reference: string;
  /** A custom judge's source; absent: the outputs are compared. */
  checker?: string;
}

/** The checker pick's first item, the default: no program, outputs compared. */
export const NO_CHECKER = 'No checker: compare the outputs';

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

async function pickOne(files: string[], title: string, placeHolder: string, first?: vscode.QuickPickItem): Promise<string | undefined> {
  const items: Array<vscode.QuickPickItem & { file: string }> = files.map((f) => ({
    label: path.basename(f),
    description: vscode.workspace.asRelativePath(path.dirname(f)),
    file: f,
  }));
  const picked = await showQuickPick(first ? [{ ...first, file: '' }, ...items] : items, { title, placeHolder });
  return picked?.file;
}

/** Asks for both programs (or takes them from the arguments); undefined when dismissed. */
export async function pickPrograms(state: vscode.Memento, solution: string, given: Partial<ProgramChoice>): Promise<ProgramChoice | undefined> {
  const dir = path.dirname(solution);
  const remembered = state.get<Partial<ProgramChoice>>(memoryKey(dir)) ?? {};
  const files = await candidatePrograms(solution);
  const rememberedPath = (name?: string) => (name ? path.join(dir, name) : undefined);
  const generator =
    given.generator ??
    (await pickOne(
      ordered(files, /gen/i, rememberedPath(remembered.generator)),
      vscode.l10n.t('Stress Test: generator'),
      vscode.l10n.t('The program that prints one input; it reads "seed size" as its first line'),
    ));
  if (!generator) return undefined;
  const others = files.filter((f) => f !== generator);
  const reference =
    given.reference ??
    (await pickOne(
      ordered(others, /brute|ref|naive|slow|correct/i, rememberedPath(remembered.reference)),
      vscode.l10n.t('Stress Test: reference solution'),
      vscode.l10n.t('A slow but trusted solution to compare with'),
    ));
  if (!reference) return undefined;
  // Asked only of a person choosing (arguments that name the programs mean no checker unless named).
  let checker = given.checker;
  const rest = others.filter((f) => f !== reference);
  if (checker === undefined && !given.generator && !given.reference && rest.length > 0) {
    const first = { label: NO_CHECKER, detail: vscode.l10n.t('Outputs are compared line by line (or by the judge stress.json names)') };
    const picked = await pickOne(
      ordered(rest, /check|judge|valid/i, rememberedPath(remembered.checker)),
      vscode.l10n.t('Stress Test: checker (optional)'),
      vscode.l10n.t('A custom judge: the input on fd 0, the output on fd 3, the reference on fd 4; exit 0 accepts'),
      first,
    );
    if (picked === undefined) return undefined;
    checker = picked || undefined;
  }
  await state.update(memoryKey(dir), { generator: path.basename(generator), reference: path.basename(reference), checker: checker ? path.basename(checker) : undefined });
  return { generator, reference, checker };
}
