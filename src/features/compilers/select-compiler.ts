// The compiler for a language: the mapping table's default, or the user's remembered choice
// ("Select Compiler for Language…", or the prompt shown when the table does not know the language).
import * as vscode from 'vscode';
import type { Compiler } from '../../api';
import { chooseCompiler, type CompilerChoice, compilerIdForLanguageId, type CompilerOverride, describeChoice } from '../../core/languages';
import { withProgress } from '../../ui/progress';
import type { CompilersContext } from './context';
import { readOverrides, saveOverride } from '../shared/compiler-settings';
import { showQuickPick } from '../../ui/prompts';

/** The account's compilers (cached); refresh asks the service again. */
export async function compilerList(ctx: CompilersContext, refresh = false): Promise<Compiler[]> {
  const endpoint = ctx.services.connection.endpoint('compilers').baseUrl;
  if (!refresh) {
    const cached = ctx.catalog.cached(endpoint);
    if (cached) return cached;
  }
  return withProgress({ title: vscode.l10n.t('Reading the Sphere Engine compilers'), cancellable: true }, async (signal) => ctx.catalog.list(endpoint, { refresh, signal }));
}

/**
 * The compiler for a file; asks (and remembers the answer) when the table does not know the
 * language. Warms the compiler cache in the background so later runs can name the version.
 */
export async function resolveCompiler(ctx: CompilersContext, languageId: string, fileName: string): Promise<CompilerChoice | undefined> {
  const endpoint = ctx.services.connection.tryEndpoint('compilers')?.baseUrl;
  const cached = endpoint ? ctx.catalog.cached(endpoint) : undefined;
  if (endpoint && !cached) {
    // Not awaited: a run needs no extra request before its POST.
    ctx.catalog.list(endpoint).catch((err) => ctx.services.log.debug(`compilers: list not cached: ${String(err)}`));
  }
  const choice = chooseCompiler({ languageId, fileName }, readOverrides(), cached);
  if (choice) return choice;
  const picked = await pickCompiler(ctx, languageId);
  if (!picked) return undefined;
  await saveOverride(languageId, picked);
  return describeChoice(picked.compilerId, picked.versionId, 'override', await compilerList(ctx).catch(() => undefined));
}

/** The command: `(languageId?, compilerId?, versionId?)`; compilerId 0 forgets the override. */
export async function selectCompilerCommand(ctx: CompilersContext, languageId?: unknown, compilerId?: unknown, versionId?: unknown): Promise<CompilerOverride | undefined> {
  const language = typeof languageId === 'string' && languageId ? languageId : await pickLanguage();
  if (!language) return undefined;
  let override: CompilerOverride | undefined;
  if (typeof compilerId === 'number') {
    if (compilerId === 0) {
      await saveOverride(language, undefined);
      void vscode.window.showInformationMessage(vscode.l10n.t('Sphere Engine: {0} files use the default compiler again.', language));
      return undefined;
    }
    override = { compilerId, ...(typeof versionId === 'number' ? { versionId } : {}) };
  } else {
    override = await pickCompiler(ctx, language);
  }
  if (!override) return undefined;
  await saveOverride(language, override);
  const catalog = await compilerList(ctx).catch(() => undefined);
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Sphere Engine: {0} files now run with {1}.', language, describeChoice(override.compilerId, override.versionId, 'override', catalog).label),
  );
  return override;
}

async function pickLanguage(): Promise<string | undefined> {
  const active = vscode.window.activeTextEditor?.document.languageId;
  const all = await vscode.languages.getLanguages();
  const items = [...new Set([...(active ? [active] : []), ...all])].map((id) => ({ label: id, description: id === active ? 'active editor' : undefined }));
  return (await showQuickPick(items, { title: vscode.l10n.t('Select Compiler: for which language?') }))?.label;
}

async function pickCompiler(ctx: CompilersContext, languageId: string): Promise<CompilerOverride | undefined> {
  const compilers = await compilerList(ctx);
  const defaultId = compilerIdForLanguageId(languageId);
  const sorted = [...compilers].sort((a, b) => Number(b.id === defaultId) - Number(a.id === defaultId) || a.name.localeCompare(b.name));
  const chosen = await showQuickPick(
    sorted.map((c) => ({
      label: c.name,
      description: `id ${c.id}${c.id === defaultId ? ' · default for this language' : ''}`,
      detail: c.versions.map((v) => v.name).join(', '),
      compiler: c,
    })),
    { title: vscode.l10n.t('Compiler for {0} files', languageId), matchOnDescription: true, matchOnDetail: true },
  );
  if (!chosen) return undefined;
  const versions = chosen.compiler.versions;
  if (versions.length <= 1) return { compilerId: chosen.compiler.id };
  const version = await showQuickPick(
    [
      { label: vscode.l10n.t('Default version'), id: undefined as number | undefined },
      ...versions.map((v) => ({ label: v.name, description: `id ${v.id}`, id: v.id as number | undefined })),
    ],
    { title: vscode.l10n.t('{0}: which version?', chosen.compiler.name) },
  );
  if (!version) return undefined;
  return { compilerId: chosen.compiler.id, ...(version.id !== undefined ? { versionId: version.id } : {}) };
}
