// "Run Active File": the program in the editor (unsaved edits included) runs remotely in its
// language, with input from `<name>.in`, a chosen file, typed text, or nothing.
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkChoice, type CompilerChoice, describeChoice, languageForCompiler } from '../../core/languages';
import type { CompilersContext, RunReport } from './context';
import { checkPayloadSizes, OUTPUT_DIR_NAME, parseOutputFilenames, type RunLimits, siblingInputFile } from '../../core/compilers';
import { presentRun, RefusedLocally, refusedReport } from './run-presenter';
import { readOutputFilenames, readRunLimits } from '../shared/compiler-settings';
import { resolveCompiler } from './select-compiler';
import { showInputBox, showQuickPick } from '../../ui/prompts';

/** Arguments tests (and keybindings) can pass instead of answering prompts. */
export interface RunOptions {
  /** Input text. */
  input?: string;
  /** Input file (absolute path). */
  inputFile?: string;
  /** Run without input even when `<name>.in` exists. */
  noInput?: boolean;
  /** Ask where the input comes from (Run Active File With Input…). */
  askInput?: boolean;
  /** Ask for output file names (Run Active File With Output Files…). */
  askOutputFiles?: boolean;
  timeLimit?: number;
  memoryLimit?: number;
  outputFilenames?: string[] | string;
  compilerId?: number;
  versionId?: number;
}

export interface ResolvedInput {
  text?: string;
  label?: string;
}

export async function runActiveFile(ctx: CompilersContext, target?: unknown, options: RunOptions = {}): Promise<RunReport | undefined> {
  const document = await documentFor(target);
  if (!document) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a source file to run it on Sphere Engine.'));
    return undefined;
  }
  const fileName = path.basename(document.uri.fsPath || document.uri.path);
  try {
    const choice = await compilerFor(ctx, document, options);
    if (!choice) return undefined;
    const input = await resolveInput(document.uri, options);
    if (input === undefined) return undefined;
    const { limits, problems: limitProblems } = effectiveLimits(document.uri, options);
    const outputFilenames = await effectiveOutputFilenames(document.uri, options);
    if (outputFilenames === undefined) return undefined;

    const source = document.getText();
    const problems = [...limitProblems, ...checkPayloadSizes({ sourceBytes: Buffer.byteLength(source), inputBytes: input.text === undefined ? 0 : Buffer.byteLength(input.text) })];
    if (problems.length)
      throw new RefusedLocally(
        problems.join(' '),
        problems.some((p) => p.includes('setting')),
      );
    if (!source.trim()) throw new RefusedLocally(`${fileName} is empty: there is nothing to run.`);

    const language = languageForCompiler(choice.compilerId);
    // Untitled editors have no folder: their output files go to the extension's storage and
    // their diagnostics have no file to land on.
    const onDisk = document.uri.scheme === 'file';
    const dir = onDisk ? path.dirname(document.uri.fsPath) : path.join(ctx.services.context.globalStorageUri.fsPath, 'untitled');
    const remoteName = language?.defaultFileName;
    return await presentRun(ctx, {
      what: fileName,
      choice,
      inputLabel: input.label,
      params: {
        source,
        compilerId: choice.compilerId,
        compilerVersionId: choice.versionId,
        input: input.text,
        ...limits,
        outputFilenames: outputFilenames.length ? outputFilenames : undefined,
      },
      outputRoot: path.join(dir, OUTPUT_DIR_NAME),
      outputName: path.parse(fileName).name,
      diagnostics: {
        localRoot: dir,
        localFiles: onDisk ? [fileName] : [],
        // The service saves a single source under its own name (prog.cpp...).
        aliases: remoteName && remoteName !== fileName ? { [remoteName]: fileName } : undefined,
      },
      family: language?.diagnostics,
      file: document.uri,
    });
  } catch (err) {
    return refusedReport(ctx, fileName, err);
  }
}

/** The file to run: an explorer/editor-title URI, else the active editor. */
async function documentFor(target: unknown): Promise<vscode.TextDocument | undefined> {
  if (target instanceof vscode.Uri) return vscode.workspace.openTextDocument(target);
  if (typeof target === 'string' && target) return vscode.workspace.openTextDocument(vscode.Uri.file(target));
  return vscode.window.activeTextEditor?.document;
}

async function compilerFor(ctx: CompilersContext, document: vscode.TextDocument, options: RunOptions): Promise<CompilerChoice | undefined> {
  const endpoint = ctx.services.connection.tryEndpoint('compilers')?.baseUrl ?? '';
  const catalog = ctx.catalog.cached(endpoint);
  const choice =
    options.compilerId !== undefined
      ? describeChoice(options.compilerId, options.versionId, 'argument', catalog)
      : await resolveCompiler(ctx, document.languageId, path.basename(document.fileName));
  if (!choice) return undefined;
  // Explicit arguments go to the service as given (it answers 201101/201201 itself).
  const problem = choice.source === 'argument' ? undefined : checkChoice(choice, catalog);
  if (problem) throw new RefusedLocally(problem);
  return choice;
}

export async function resolveInput(source: vscode.Uri, options: RunOptions): Promise<ResolvedInput | undefined> {
  if (options.input !== undefined) return { text: options.input, label: 'the given text' };
  if (options.inputFile) return readInputFile(options.inputFile);
  if (options.noInput) return {};
  const sibling = source.scheme === 'file' ? await siblingInputFile(source.fsPath) : undefined;
  if (!options.askInput) return sibling ? readInputFile(sibling) : {};

  type Item = vscode.QuickPickItem & { pick: () => Promise<ResolvedInput | undefined> };
  const items: Item[] = [];
  if (sibling) items.push({ label: `$(file) ${path.basename(sibling)}`, description: 'beside the source', pick: () => readInputFile(sibling) });
  items.push(
    {
      label: `$(edit) ${vscode.l10n.t('Type input…')}`,
      pick: async () => {
        const text = await showInputBox({ title: vscode.l10n.t('Input for the program'), prompt: vscode.l10n.t('Use \\n for a new line') });
        return text === undefined ? undefined : { text: text.replace(/\\n/g, '\n'), label: 'typed text' };
      },
    },
    {
      label: `$(folder-opened) ${vscode.l10n.t('Choose input file…')}`,
      pick: async () => {
        const picked = await vscode.window.showOpenDialog({
          canSelectMany: false,
          defaultUri: vscode.Uri.file(path.dirname(source.fsPath)),
          openLabel: vscode.l10n.t('Use as input'),
        });
        return picked?.[0] ? readInputFile(picked[0].fsPath) : undefined;
      },
    },
    { label: `$(circle-slash) ${vscode.l10n.t('No input')}`, pick: async () => ({}) },
  );
  const chosen = await showQuickPick(items, { title: vscode.l10n.t('Input for the program'), placeHolder: vscode.l10n.t('Where does standard input come from?') });
  return chosen?.pick();
}

async function readInputFile(file: string): Promise<ResolvedInput> {
  try {
    return { text: await fsp.readFile(file, 'utf8'), label: path.basename(file) };
  } catch (err) {
    throw new RefusedLocally(`Cannot read the input file ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}.`);
  }
}

/** A run's limits: the command's arguments over the settings, checked (readRunLimits). */
export function effectiveLimits(scope: vscode.Uri, options: RunOptions): { limits: RunLimits; problems: string[] } {
  return readRunLimits(scope, { timeLimit: options.timeLimit, memoryLimit: options.memoryLimit }, "the command's arguments");
}

/** Names from the arguments, else a prompt when asked, else the setting; undefined when the prompt was dismissed. */
export async function effectiveOutputFilenames(scope: vscode.Uri, options: RunOptions): Promise<string[] | undefined> {
  if (options.outputFilenames !== undefined) return parseOutputFilenames(options.outputFilenames);
  const fromSettings = readOutputFilenames(scope);
  if (!options.askOutputFiles) return fromSettings;
  const text = await showInputBox({
    title: vscode.l10n.t('Output files to bring back (beta)'),
    prompt: vscode.l10n.t('File names relative to the program, separated by ";" (e.g. result.txt; out/plot.png)'),
    value: fromSettings.join('; '),
  });
  return text === undefined ? undefined : parseOutputFilenames(text);
}
