// The compilers feature: run the active file, a folder, or a file with all its inputs on Sphere
// Engine Compilers; choose the compiler per language; test hooks under exports.compilers.
import * as vscode from 'vscode';
import { LANGUAGES } from '../../core/languages';
import type { Services } from '../../services';
import { Commands, registerCommand } from '../../ui/commands';
import { showError } from '../../ui/errors';
import { CompilerCatalog } from './catalog';
import type { BatchReport, CompilersContext, RunReport } from './context';
import { ProblemsPanel } from './problems-panel';
import { ResultDocuments } from './result-documents';
import { runActiveFile, type RunOptions } from './run-file';
import { runFolder, type RunFolderOptions } from './run-folder';
import { runWithAllInputs } from './run-inputs';
import { RunOutput } from './run-output';
import { compilerList, selectCompilerCommand } from './select-compiler';
import { affectsCompilers, readOverrides } from '../shared/compiler-settings';

/** Context key: the language ids the run button shows for (table + the user's overrides). */
export const SUPPORTED_LANGUAGES_KEY = 'sphereEngine.compilers.languageIds';

declare module '../../test-api' {
  interface TestHooks {
    compilers: CompilersTestApi;
  }
}

/** Test hooks: what the user would see, never a token. */
export interface CompilersTestApi {
  /** Text written to the "Sphere Engine Run" channel (bounded). */
  outputText(): string;
  clearOutput(): void;
  lastReport(): RunReport | undefined;
  lastBatch(): BatchReport | undefined;
  supportedLanguageIds(): string[];
}

export function registerCompilersFeature(services: Services): void {
  const { context } = services;
  const output = new RunOutput(services.testHooks !== undefined);
  const problems = new ProblemsPanel();
  const results = new ResultDocuments();
  const catalog = new CompilerCatalog(async (signal) => (await (await services.connection.compilers()).listCompilers(signal)).items, context.globalState);
  const ctx: CompilersContext = { services, output, problems, catalog, results };
  context.subscriptions.push(output, problems, results);

  // Arguments: (uri?, options?) from menus and tests, or just (options) from a keybinding's `args`.
  // Explorer menus pass (uri, selectedUris[]): the array is not options.
  const isOptions = (value: unknown): value is RunOptions & RunFolderOptions => !!value && typeof value === 'object' && !(value instanceof vscode.Uri) && !Array.isArray(value);
  const command =
    <R>(run: (target: unknown, opts: RunOptions & RunFolderOptions) => R, preset: RunOptions = {}) =>
    (target?: unknown, opts?: unknown): R =>
      isOptions(target) ? run(undefined, { ...preset, ...target }) : run(target, { ...preset, ...(isOptions(opts) ? opts : {}) });
  context.subscriptions.push(
    registerCommand(
      Commands.compilersRunActiveFile,
      command((t, o) => runActiveFile(ctx, t, o)),
    ),
    registerCommand(
      Commands.compilersRunActiveFileWithInput,
      command((t, o) => runActiveFile(ctx, t, o), { askInput: true }),
    ),
    registerCommand(
      Commands.compilersRunWithOutputFiles,
      command((t, o) => runActiveFile(ctx, t, o), { askOutputFiles: true }),
    ),
    registerCommand(
      Commands.compilersRunFolder,
      command((t, o) => runFolder(ctx, t, o)),
    ),
    registerCommand(
      Commands.compilersRunWithAllInputs,
      command((t, o) => runWithAllInputs(ctx, t, o)),
    ),
    registerCommand(Commands.compilersSelectCompiler, (languageId?: unknown, compilerId?: unknown, versionId?: unknown) =>
      selectCompilerCommand(ctx, languageId, compilerId, versionId),
    ),
    registerCommand(Commands.compilersRefreshCompilers, async () => {
      try {
        const list = await compilerList(ctx, true);
        void vscode.window.showInformationMessage(vscode.l10n.t('Sphere Engine: {0} compilers available.', list.length));
        return list;
      } catch (err) {
        void showError(services.log, err, { context: 'Could not read the list of compilers' });
        return undefined;
      }
    }),
  );

  // A new endpoint or token may mean other compilers: forget the cached list.
  context.subscriptions.push(
    services.connection.onDidChange((module) => {
      if (module === 'compilers') catalog.forget();
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsCompilers(event)) void updateLanguageContext();
    }),
  );
  void updateLanguageContext();

  const api: CompilersTestApi = {
    outputText: () => output.text(),
    clearOutput: () => output.clear(),
    lastReport: () => ctx.lastReport,
    lastBatch: () => ctx.lastBatch,
    supportedLanguageIds,
  };
  if (services.testHooks) services.testHooks.compilers = api;
}

function supportedLanguageIds(): string[] {
  const overrides = readOverrides();
  const fromOverrides = overrides && typeof overrides === 'object' ? Object.keys(overrides) : [];
  return [...new Set([...LANGUAGES.flatMap((l) => l.languageIds), ...fromOverrides])];
}

async function updateLanguageContext(): Promise<void> {
  await vscode.commands.executeCommand('setContext', SUPPORTED_LANGUAGES_KEY, supportedLanguageIds());
}
