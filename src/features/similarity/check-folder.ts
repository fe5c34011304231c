// "Check Similarity in Folder…": the folder (Explorer, argument or dialog), the base code to use
// (an argument sets or clears what is remembered for the folder), then the check itself in the
// session loaded on first use (session.ts). Nothing is sent anywhere.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SimilarityReport } from '../../core/similarity';
import type { Services } from '../../services';
import { folderOf, plainArgs, reportingErrors } from '../shared/command-args';
import type { BaseCodeMemory } from './base-code';
import type { SimilaritySession } from './session';

/** Arguments a caller (a test, the judge results page) may pass instead of the prompts. */
export interface CheckSimilarityArgs {
  folder?: string;
  /** A file or folder to use as base code (remembered for the folder); null forgets it. */
  base?: string | null;
}

export interface CheckDeps {
  services: Services;
  memory: BaseCodeMemory;
  session: () => SimilaritySession;
}

/** Resolves with the report shown, or undefined when the person cancelled. */
export function checkSimilarity(deps: CheckDeps, uriOrArgs?: unknown, extra?: unknown): Promise<SimilarityReport | undefined> {
  return reportingErrors(deps.services, vscode.l10n.t('Could not check similarity'), async () => {
    const args = plainArgs<CheckSimilarityArgs>(uriOrArgs, extra);
    const folder = await folderOf(uriOrArgs, args, vscode.l10n.t('Check Similarity in This Folder'), vscode.l10n.t('Check Similarity in Folder: the folder of solutions'));
    if (!folder) return undefined;
    if (args.base !== undefined) await deps.memory.set(folder, args.base ?? undefined);
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking similarity in {0}…', path.basename(folder)) }, () =>
      deps.session().run(folder),
    );
  });
}
