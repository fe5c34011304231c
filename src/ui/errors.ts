// Showing a failure to the user: the api layer's plain-words explanation plus one button for
// its suggested action. Shared by every feature so errors look and behave the same everywhere.
import * as vscode from 'vscode';
import { isAbortError, MODULE_LABELS, SphereApiError, type SuggestedAction } from '../api';
import { Commands, executeCommand } from './commands';
import { checkHistorySentence, showSubmissionHistory } from './history';
import type { Log } from './log';

/** Feature-specific handlers for actions the generic code cannot perform (resume a workspace...). */
export type ActionHandlers = Partial<Record<SuggestedAction, () => unknown>>;

export interface ShowErrorOptions {
  /** What was being attempted, e.g. "Could not start the workspace". */
  context?: string;
  handlers?: ActionHandlers;
}

const SHOW_LOG = 'Show Log';

/**
 * Logs the error in full and shows it in a notification. Resolves when the notification is
 * dismissed or its button has run; callers that must not wait (commands driven by tests) `void` it.
 * Cancellation is not an error: it is logged at debug level and nothing is shown.
 */
export async function showError(log: Log, error: unknown, options: ShowErrorOptions = {}): Promise<void> {
  if (isAbortError(error)) {
    log.debug(`${options.context ?? 'Operation'} cancelled`);
    return;
  }
  log.error(error instanceof Error ? error : String(error));
  const text = userMessage(error, options.context);
  const action = error instanceof SphereApiError ? actionFor(error, options.handlers, options.context) : undefined;
  const buttons = action ? [action.label, SHOW_LOG] : [SHOW_LOG];
  const choice = await vscode.window.showErrorMessage(text, ...buttons);
  if (choice === SHOW_LOG) log.show();
  else if (action && choice === action.label) await action.run();
}

/** One line for a notification: "<context>: <Module>: <explanation> (HTTP 401)". */
export function userMessage(error: unknown, context?: string): string {
  let body: string;
  if (error instanceof SphereApiError) {
    const status = error.status !== undefined ? ` (HTTP ${error.status})` : '';
    body = `${MODULE_LABELS[error.module]}: ${error.explanation}${status}`;
    // The request may have been created (and billed) although it failed: say so before anything
    // invites the user to try again.
    if (error.action === 'checkHistoryBeforeResubmit') body += ` ${checkHistorySentence(error.module)}`;
  } else {
    body = error instanceof Error ? error.message : String(error);
  }
  return context ? `${context}: ${body}` : body;
}

interface ResolvedAction {
  label: string;
  run: () => unknown;
}

/** The button for the error's suggested action, or undefined when nobody can perform it here. */
export function actionFor(error: SphereApiError, handlers: ActionHandlers = {}, context?: string): ResolvedAction | undefined {
  const custom = handlers[error.action];
  if (custom) return { label: error.actionLabel, run: custom };
  switch (error.action) {
    case 'setToken':
      return { label: error.actionLabel, run: () => executeCommand(Commands.setAccessToken, error.module) };
    case 'openSettings':
      return { label: error.actionLabel, run: () => executeCommand(Commands.configureEndpoints) };
    case 'checkHistoryBeforeResubmit':
      return { label: error.actionLabel, run: () => showSubmissionHistory(error.module) };
    case 'startLocalEmulator':
      return { label: error.actionLabel, run: () => startThenSayRunAgain(context) };
    default:
      return undefined;
  }
}

/**
 * Start Local Emulator pressed on an error: what failed is not run again behind the person's back
 * (it may have been a submission, which costs), so once the emulator runs they are told to run it
 * again, naming what failed (issue 40, item 3). A feature that can safely retry passes a handler.
 */
async function startThenSayRunAgain(context: string | undefined): Promise<void> {
  const started = await executeCommand<{ signedIn?: boolean } | undefined>(Commands.startLocalEmulator);
  if (!started?.signedIn) return; // it did not start: the command has said why
  void vscode.window.showInformationMessage(
    context
      ? vscode.l10n.t('Sphere Engine: the local emulator runs now. Run again what failed ({0}).', context)
      : vscode.l10n.t('Sphere Engine: the local emulator runs now. Run again what failed.'),
  );
}
