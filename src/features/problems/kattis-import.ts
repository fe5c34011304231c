// "Import Kattis Package as Problem Folder…": a thin VS Code shell over src/core/kattis. The
// package stays untouched; the problem folder is written next to it (or where the person picks)
// and can then be pushed. What the folder cannot hold is reported, each part with its reason,
// because a silent partial import would let an author publish a problem missing its checker.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isInside } from '../../core/is-inside';
import type { KattisImportResult } from '../../core/kattis';
import { isProblemFolderError, SETTINGS_FILE } from '../../core/problem-folder';
import type { Services } from '../../services';
import { showError } from '../../ui/errors';
import { Commands } from '../../ui/commands';
import { pickFolder } from '../../ui/pick-folder';

export const KATTIS_FILE = 'problem.yaml';

export interface KattisImportArgs {
  /** The package folder, or its problem.yaml. */
  package?: string | vscode.Uri;
  /** The problem folder to write; default: <picked parent>/<package name>-sphere-engine. */
  folder?: string;
}

/** What the command did, for tests and scripts. */
export interface KattisImportOutcome {
  folder: string;
  tests: number;
  solutions: number;
  notes: string[];
  notImported: string[];
  ignored: string[];
  validator?: KattisImportResult['validator'];
}

const fsPath = (p: string | vscode.Uri) => (p instanceof vscode.Uri ? p.fsPath : p);

async function packageFrom(arg: unknown): Promise<string | undefined> {
  const given = arg instanceof vscode.Uri ? arg : (arg as KattisImportArgs | undefined)?.package;
  if (given) {
    const p = fsPath(given);
    return path.basename(p) === KATTIS_FILE ? path.dirname(p) : p;
  }
  return pickFolder(vscode.l10n.t('Import Kattis Package: the package folder (holding problem.yaml)'), vscode.l10n.t('Import This Package'));
}

/** Where the folder dialog starts: the workspace, where the person keeps their problems; the package's parent outside one. */
function targetStart(pkg: string): vscode.Uri {
  return vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(path.dirname(pkg));
}

/**
 * `<parent>/<short name>-sphere-engine`, or with -2, -3, … when that name is taken: an existing
 * folder is never written into from the dialog, so nothing of what it holds can be replaced.
 */
export function freeTargetName(parent: string, pkg: string): string {
  const base = `${path.basename(path.resolve(pkg))}-sphere-engine`;
  for (let n = 1; ; n++) {
    const candidate = path.join(parent, n === 1 ? base : `${base}-${n}`);
    if (!fs.existsSync(candidate) && !isLink(candidate)) return candidate;
  }
}

const isLink = (p: string) => fs.lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;

async function targetFor(pkg: string, arg: unknown): Promise<string | undefined> {
  const given = arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) ? (arg as KattisImportArgs).folder : undefined;
  if (given) return given;
  const parent = await pickFolder(vscode.l10n.t('Import Kattis Package: where to put the problem folder'), vscode.l10n.t('Import Here'), targetStart(pkg));
  if (!parent) return undefined;
  // The package stays untouched: a problem folder inside it would also become part of the package.
  if (isInside(path.resolve(parent), path.resolve(pkg))) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('The Kattis package was not imported: {0} is inside the package {1}, which the import leaves untouched. Pick a folder outside the package.', parent, pkg),
    );
    return undefined;
  }
  return freeTargetName(parent, pkg);
}

export async function importKattisPackage(services: Services, arg?: unknown): Promise<KattisImportOutcome | undefined> {
  const pkg = await packageFrom(arg);
  if (!pkg) return undefined;
  const folder = await targetFor(pkg, arg);
  if (!folder) return undefined;
  const existed = fs.existsSync(folder);
  let result: KattisImportResult;
  try {
    // Loaded on the first import only: esbuild.js bundles it apart (dist/kattis-import.js), which
    // keeps dist/extension.js under its 600 KB budget and out of activation.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { importKattis } = require('../../core/kattis/import') as typeof import('../../core/kattis/import');
    result = importKattis(pkg, folder);
  } catch (err) {
    // A refused package leaves no half-written folder behind (one that existed is not ours to remove).
    if (!existed && !fs.existsSync(path.join(folder, SETTINGS_FILE))) fs.rmSync(folder, { recursive: true, force: true });
    if (isProblemFolderError(err)) {
      services.log.error(err);
      void vscode.window.showErrorMessage(vscode.l10n.t('The Kattis package was not imported: {0}', err.message), { modal: err.problems.length > 1 });
      return undefined;
    }
    void showError(services.log, err, { context: vscode.l10n.t('Could not import the Kattis package') });
    return undefined;
  }
  for (const note of result.notes) services.log.info(`Kattis import ${pkg}: ${note}`);
  for (const part of result.notImported) services.log.warn(`Kattis import ${pkg}: not imported: ${part}`);
  for (const part of result.ignored) services.log.info(`Kattis import ${pkg}: ignored: ${part}`);
  const imported = vscode.l10n.t('Imported {0} into {1}: {2} test cases, {3} reference solutions.', path.basename(pkg), folder, result.tests, result.solutions);
  const v = result.validator;
  const withValidator = v ? `${imported} ${vscode.l10n.t('Its output validator {0} ({1}) runs as the custom judge {2}.', v.from, v.language, v.judges.join(', '))}` : imported;
  // Harmless files (a README, .gitkeep, submissions problemtools does not judge) are named, never a warning.
  const ignoredNames = result.ignored.map((p) => p.split(': ')[0]);
  const summary = ignoredNames.length && !result.notImported.length ? `${withValidator} ${vscode.l10n.t('Ignored as harmless: {0}.', ignoredNames.join(', '))}` : withValidator;
  const push = vscode.l10n.t('Push Problem Folder');
  const choice = result.notImported.length
    ? await vscode.window.showWarningMessage(
        summary,
        {
          modal: true,
          detail: [
            vscode.l10n.t('Not imported:'),
            ...result.notImported.map((p) => `• ${p}`),
            ...(result.ignored.length ? [vscode.l10n.t('Ignored (harmless):'), ...result.ignored.map((p) => `• ${p}`)] : []),
          ].join('\n'),
        },
        push,
      )
    : await vscode.window.showInformationMessage(summary, push);
  if (choice === push) void vscode.commands.executeCommand(Commands.problemsPushFolder, { folder });
  return { folder, ...result };
}

/**
 * Keeps `sphereEngine.problems.kattisPackages` (the workspace folders holding a problem.yaml) up to
 * date, so that the Explorer offers the import on such a folder: a `when` clause cannot look inside
 * a folder itself.
 */
export function trackKattisPackages(): vscode.Disposable {
  const found = new Set<string>();
  const publish = () => void vscode.commands.executeCommand('setContext', 'sphereEngine.problems.kattisPackages', [...found]);
  const add = (uri: vscode.Uri) => {
    found.add(path.dirname(uri.fsPath));
    publish();
  };
  const watcher = vscode.workspace.createFileSystemWatcher(`**/${KATTIS_FILE}`);
  watcher.onDidCreate(add);
  watcher.onDidDelete((uri) => {
    found.delete(path.dirname(uri.fsPath));
    publish();
  });
  void vscode.workspace.findFiles(`**/${KATTIS_FILE}`, '**/node_modules/**', 1000).then(
    (uris) => uris.forEach(add),
    () => undefined,
  );
  return watcher;
}
