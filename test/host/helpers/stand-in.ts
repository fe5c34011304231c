// Standing in for the person at a prompt, and watching what the extension asks VS Code to do. The
// extension host hands the extension and its tests the same `vscode` object, so a function
// replaced on `vscode.window` or `vscode.commands` is the one the extension calls too. Every
// replacement returns its undo: call it in a `finally` or an `after` hook.
import * as vscode from 'vscode';

/** Replaces `target[name]` with `fake` until the returned function is called. */
export function replace<T extends object, K extends keyof T>(target: T, name: K, fake: T[K]): () => void {
  const original = target[name];
  target[name] = fake;
  return () => {
    target[name] = original;
  };
}

export interface ExecutedCommand {
  id: string;
  /** Unset while running; 'ok', or the error message when it failed. */
  result?: string;
}

/** Records every command executed from now on (they still run) and how it ended, until `restore()`. */
export function recordCommands(): { executed: ExecutedCommand[]; restore: () => void } {
  const executed: ExecutedCommand[] = [];
  const original = vscode.commands.executeCommand;
  const restore = replace(vscode.commands, 'executeCommand', ((id: string, ...args: unknown[]) => {
    const entry: ExecutedCommand = { id };
    executed.push(entry);
    return original(id, ...args).then(
      (value) => {
        entry.result = 'ok';
        return value;
      },
      (err: unknown) => {
        entry.result = err instanceof Error ? err.message : String(err);
        throw err;
      },
    );
  }) as typeof vscode.commands.executeCommand);
  return { executed, restore };
}

export interface AskedModal {
  message: string;
  detail?: string;
  buttons: string[];
}

/**
 * Answers each modal warning with the next of `answers` (undefined: the person closed it) and
 * records what was asked; non-modal warnings are recorded in `notices` and dismissed. Until `restore()`.
 */
export function answerModals(answers: Array<string | undefined>): { asked: AskedModal[]; notices: AskedModal[]; restore: () => void } {
  const asked: AskedModal[] = [];
  const notices: AskedModal[] = [];
  const restore = replace(vscode.window, 'showWarningMessage', ((message: string, options: vscode.MessageOptions | string, ...items: string[]) => {
    const modal = typeof options === 'object' && options.modal;
    if (modal) asked.push({ message, detail: (options as vscode.MessageOptions).detail, buttons: items });
    else notices.push({ message, buttons: typeof options === 'string' ? [options, ...items] : items });
    return Promise.resolve(modal ? answers.shift() : undefined);
  }) as typeof vscode.window.showWarningMessage);
  return { asked, notices, restore };
}

/** Records the text of every non-modal notice of one kind (answered with no button), until `restore()`. */
export function recordNotices(kind: 'showInformationMessage' | 'showWarningMessage' | 'showErrorMessage'): { shown: string[]; restore: () => void } {
  const shown: string[] = [];
  const restore = replace(vscode.window, kind, ((message: string) => {
    shown.push(message);
    return Promise.resolve(undefined);
  }) as (typeof vscode.window)[typeof kind]);
  return { shown, restore };
}
