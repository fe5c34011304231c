// "Run Folder (Multi-File)": the folder's files as one submission, after checking the spec's
// entry-file rule for the language so a missing `prog.py` or `main()` costs no submission.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkChoice, chooseCompiler, describeChoice, languageForCompiler, LANGUAGES } from '../../core/languages';
import { PackError, scanFolder } from '../../core/packer';
import type { CompilersContext, RunReport } from './context';
import { checkPayloadSizes, guessFolderCompiler, OUTPUT_DIR_NAME, prepareFolderSource, withoutOutputDir } from '../../core/compilers';
import { effectiveLimits, effectiveOutputFilenames, resolveInput, type RunOptions } from './run-file';
import { presentRun, RefusedLocally, refusedReport } from './run-presenter';
import { readOverrides } from '../shared/compiler-settings';

export interface RunFolderOptions extends RunOptions {
  /** Send a tar.gz even for few files. */
  forceArchive?: boolean;
}

export async function runFolder(ctx: CompilersContext, target?: unknown, options: RunFolderOptions = {}): Promise<RunReport | undefined> {
  const folder = await folderFor(target);
  if (!folder) return undefined;
  const what = `folder ${path.basename(folder)}/`;
  let dispose: (() => Promise<void>) | undefined;
  try {
    const scan = withoutOutputDir(await scanFolder(folder));
    const files = scan.included.filter((e) => e.kind !== 'directory').map((e) => e.path);
    const catalog = ctx.catalog.cached(ctx.services.connection.tryEndpoint('compilers')?.baseUrl ?? '');
    let choice;
    if (options.compilerId !== undefined) {
      choice = describeChoice(options.compilerId, options.versionId, 'argument', catalog);
    } else {
      const guessed = guessFolderCompiler(files);
      const language = guessed !== undefined ? languageForCompiler(guessed) : undefined;
      choice = language ? chooseCompiler({ languageId: language.languageIds[0] ?? '', fileName: `x${language.extensions[0] ?? ''}` }, readOverrides(), catalog) : undefined;
    }
    if (!choice) {
      const known = [...new Set(LANGUAGES.flatMap((l) => l.extensions))].slice(0, 12).join(' ');
      throw new RefusedLocally(`No source file of a known language at the top level of ${what} (looked for ${known} ...). Put the entry file at the top level.`);
    }
    const choiceProblem = choice.source === 'argument' ? undefined : checkChoice(choice, catalog);
    if (choiceProblem) throw new RefusedLocally(choiceProblem);

    const { limits, problems: limitProblems } = effectiveLimits(vscode.Uri.file(folder), options);
    const outputFilenames = await effectiveOutputFilenames(vscode.Uri.file(folder), options);
    if (outputFilenames === undefined) return undefined;
    const input = await resolveInput(vscode.Uri.file(path.join(folder, 'input')), options);
    if (input === undefined) return undefined;
    const problems = [...limitProblems, ...checkPayloadSizes({ inputBytes: input.text === undefined ? 0 : Buffer.byteLength(input.text) })];
    if (problems.length) throw new RefusedLocally(problems.join(' '), true);

    // Entry-file rule and size are checked here, before anything is sent.
    const source = await prepareFolderSource(folder, choice.compilerId, { forceArchive: options.forceArchive });
    dispose = source.dispose;
    const language = languageForCompiler(choice.compilerId);
    return await presentRun(ctx, {
      what: `${what} (${source.files.length} file${source.files.length === 1 ? '' : 's'} as ${source.mode === 'parts' ? 'files' : 'tar.gz'})`,
      choice,
      inputLabel: input.label,
      params: {
        compilerId: choice.compilerId,
        compilerVersionId: choice.versionId,
        input: input.text,
        ...limits,
        files: source.parts,
        sourceArchivePath: source.archivePath,
        outputFilenames: outputFilenames.length ? outputFilenames : undefined,
      },
      outputRoot: path.join(folder, OUTPUT_DIR_NAME),
      outputName: path.basename(folder),
      diagnostics: { localRoot: folder, localFiles: files },
      family: language?.diagnostics,
    });
  } catch (err) {
    const reason = err instanceof PackError ? new RefusedLocally(err.message) : err;
    return refusedReport(ctx, what, reason);
  } finally {
    await dispose?.().catch(() => undefined);
  }
}

/** The folder: an explorer URI, the active file's folder, or one the user picks. */
async function folderFor(target: unknown): Promise<string | undefined> {
  const candidate = target instanceof vscode.Uri ? target.fsPath : typeof target === 'string' && target ? target : undefined;
  if (candidate) {
    const stat = await fsp.stat(candidate).catch(() => undefined);
    return stat?.isDirectory() ? candidate : stat ? path.dirname(candidate) : undefined;
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    defaultUri: active?.scheme === 'file' ? vscode.Uri.file(path.dirname(active.fsPath)) : vscode.workspace.workspaceFolders?.[0]?.uri,
    openLabel: vscode.l10n.t('Run on Sphere Engine'),
  });
  return picked?.[0]?.fsPath;
}
