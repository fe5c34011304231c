// What both "many at once" commands take: the folder (an Explorer Uri, a `folder` argument, or a
// pick) and plain-object arguments a test or another command passes instead of the prompts; and
// their one error report.
import * as vscode from 'vscode';
import type { Services } from '../../services';
import { showError } from '../../ui/errors';
import { pickFolder } from '../../ui/pick-folder';

/**
 * The plain-object arguments among the command's two. From the Explorer the second argument is the
 * selection (an array), from a tree an item (with `kind`): neither counts.
 */
export function plainArgs<T extends object>(first: unknown, extra: unknown): T {
  const isArgs = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof vscode.Uri) && !('kind' in v);
  return { ...(isArgs(first) ? (first as T) : {}), ...(isArgs(extra) ? (extra as T) : {}) } as T;
}

/** The folder: the Explorer's, the argument's, else a folder picked in a dialog titled with the command's name. */
export async function folderOf(first: unknown, args: { folder?: string }, openLabel: string, title: string): Promise<string | undefined> {
  if (first instanceof vscode.Uri) return first.fsPath;
  if (args.folder) return args.folder;
  return pickFolder(title, openLabel);
}

/** Runs the command's steps; an error is shown with its context and the command resolves undefined. */
export async function reportingErrors<T>(services: Services, context: string, steps: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await steps();
  } catch (err) {
    void showError(services.log, err, { context });
    return undefined;
  }
}
