// The compilers settings, read fresh at each run (a changed setting applies to the next run);
// every feature that picks a compiler or limits reads them here (judge-many, similarity, stress,
// problems, compilers).
import * as vscode from 'vscode';
import { parseOutputFilenames, resolveRunLimits, type RunLimits } from '../../core/compilers';
import { chooseCompiler, type CompilerOverride, type OverrideSetting } from '../../core/languages';

const SECTION = 'sphereEngine.compilers';

/**
 * The limits a Compilers run sends (a command's own values over the settings), checked: the one
 * reader of the limit settings. A run with `problems` is not sent; each problem says what to change.
 */
export function readRunLimits(scope?: vscode.Uri, given: RunLimits = {}, givenBy?: string): { limits: RunLimits; problems: string[] } {
  const config = vscode.workspace.getConfiguration(SECTION, scope);
  return resolveRunLimits({ timeLimit: config.get('timeLimit'), memoryLimit: config.get('memoryLimit') }, given, givenBy);
}

export function readOutputFilenames(scope?: vscode.Uri): string[] {
  return parseOutputFilenames(vscode.workspace.getConfiguration(SECTION, scope).get('outputFilenames'));
}

export function readOverrides(): unknown {
  return vscode.workspace.getConfiguration(SECTION).get('languageOverrides');
}

/** The compiler for a file name: the user's per-language override, else the language table. */
export function compilerForFileName(fileName: string): number | undefined {
  return chooseCompiler({ fileName }, readOverrides())?.compilerId;
}

/** Remembers the compiler for a language id in the user's settings (so it follows them everywhere). */
export async function saveOverride(languageId: string, override: CompilerOverride | undefined): Promise<void> {
  const config = vscode.workspace.getConfiguration(SECTION);
  const current = { ...((config.get('languageOverrides') as OverrideSetting | undefined) ?? {}) };
  if (override) current[languageId] = override;
  else delete current[languageId];
  await config.update('languageOverrides', Object.keys(current).length ? current : undefined, vscode.ConfigurationTarget.Global);
}

export function affectsCompilers(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration(`${SECTION}.languageOverrides`);
}
