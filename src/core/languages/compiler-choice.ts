// Which compiler (and version) runs a file, for every command that sends one (Run File, Run
// Folder, Submit Solution, Judge Solutions in Folder): the user's per-language override
// (`sphereEngine.compilers.languageOverrides`) if there is one, else the ONE mapping table of
// table.ts (language id first, then extension). One place, so the commands cannot disagree.
import type { Compiler } from '../../api';
import { compilerIdForFileName, compilerIdForLanguageId, languageForCompiler, languageForFileName } from './table';

export interface CompilerOverride {
  compilerId: number;
  versionId?: number;
}

/** Setting value: `{ "<languageId>": { "compilerId": 116, "versionId": 2 } }` or just `{ "<languageId>": 116 }`. */
export type OverrideSetting = Record<string, CompilerOverride | number>;

export interface CompilerChoice {
  compilerId: number;
  /** Undefined: the service's default version. */
  versionId?: number;
  /** For display: `Python 3` or `Python 3 (3.11.2)`. */
  label: string;
  source: 'override' | 'language' | 'extension' | 'argument';
}

export function readOverride(setting: unknown, languageId: string): CompilerOverride | undefined {
  if (!setting || typeof setting !== 'object') return undefined;
  const value = (setting as Record<string, unknown>)[languageId];
  if (typeof value === 'number' && Number.isInteger(value)) return { compilerId: value };
  if (value && typeof value === 'object') {
    const { compilerId, versionId } = value as Record<string, unknown>;
    if (typeof compilerId === 'number' && Number.isInteger(compilerId)) {
      return { compilerId, ...(typeof versionId === 'number' && Number.isInteger(versionId) ? { versionId } : {}) };
    }
  }
  return undefined;
}

/**
 * The compiler for a file, or undefined when neither override nor table knows its language.
 * `languageId` is VS Code's for the file when it is open; without it, the language its extension
 * names in the table (so an override applies to files never opened). `catalog`, the compilers the
 * account offers, only names the choice: checkChoice() says when it is not offered.
 */
export function chooseCompiler(file: { languageId?: string; fileName: string }, overrides: unknown, catalog?: readonly Compiler[]): CompilerChoice | undefined {
  const languageId = file.languageId ?? languageForFileName(file.fileName)?.languageIds[0] ?? '';
  const override = readOverride(overrides, languageId);
  if (override) return describeChoice(override.compilerId, override.versionId, 'override', catalog);
  const byLanguage = compilerIdForLanguageId(languageId);
  if (byLanguage !== undefined) return describeChoice(byLanguage, undefined, 'language', catalog);
  const byExtension = compilerIdForFileName(file.fileName);
  if (byExtension !== undefined) return describeChoice(byExtension, undefined, 'extension', catalog);
  return undefined;
}

export function describeChoice(compilerId: number, versionId: number | undefined, source: CompilerChoice['source'], catalog?: readonly Compiler[]): CompilerChoice {
  const compiler = catalog?.find((c) => c.id === compilerId);
  // Our table's name first: the run's header must not read "C++" or "C++ (gcc)" depending on
  // whether the account's list was fetched yet (issue 40 item 9); the account's name for the rest.
  const name = languageForCompiler(compilerId)?.name ?? compiler?.name ?? `compiler ${compilerId}`;
  const version = versionId !== undefined ? compiler?.versions.find((v) => v.id === versionId) : undefined;
  const versionText = version ? ` (${version.name})` : versionId !== undefined ? ` (version ${versionId})` : '';
  return { compilerId, ...(versionId !== undefined ? { versionId } : {}), label: `${name}${versionText}`, source };
}

/**
 * Problems with a choice against the account's compiler list, in words the user can act on;
 * undefined when fine or when the list is unknown (the service then decides).
 */
export function checkChoice(choice: CompilerChoice, catalog: readonly Compiler[] | undefined): string | undefined {
  if (!catalog || catalog.length === 0) return undefined;
  const compiler = catalog.find((c) => c.id === choice.compilerId);
  if (!compiler)
    return `${choice.label} (id ${choice.compilerId}) is not offered by this Sphere Engine account. Run "Sphere Engine: Select Compiler for Language…" to pick another.`;
  if (choice.versionId !== undefined && !compiler.versions.some((v) => v.id === choice.versionId)) {
    return `${compiler.name} has no version ${choice.versionId} (available: ${compiler.versions.map((v) => `${v.id} ${v.name}`).join(', ')}). Pick another with "Sphere Engine: Select Compiler for Language…".`;
  }
  return undefined;
}
