// The one question before many submissions go out (Judge Solutions in Folder, Submit Each Folder
// to Project, Check Problem Folder): how many, to what, where, and only what is true of that
// endpoint: billing on the service (never "billed" against a local emulator), the entries left
// out only when there are some, and, where the local emulator runs programs unsandboxed, what
// running a class's code there means and how to get the sandbox.
import * as vscode from 'vscode';
import { isLoopbackHost } from '../../api';
import type { Services } from '../../services';

export interface SendingQuestion {
  /** The question: "Send 12 submissions to problem ECHO?" */
  message: string;
  /** The button, e.g. "Submit 12". */
  button: string;
  endpoint: string;
  folder: string;
  /** Extra lines about what is sent (packing rules…). */
  lines?: string[];
  /** Entries of the folder that cannot be sent (each is listed in the results). */
  unsendable?: number;
  /** Whether the code sent is someone else's (a class's): asks more sharply on an unsandboxed emulator. */
  othersCode?: boolean;
}

/** Whether the endpoint is a local emulator (loopback): nothing there is billed. */
export function isLocalEndpoint(endpoint: string): boolean {
  try {
    return isLoopbackHost(new URL(endpoint).hostname);
  } catch {
    return false;
  }
}

/** Why the emulator at `endpoint` runs programs without a sandbox, when it does; undefined otherwise. */
export function unsandboxedAt(services: Services, endpoint: string): string | undefined {
  const emulator = services.connection.localEmulator;
  if (emulator?.sandboxed !== false || !endpoint.startsWith(`${emulator.origin}/`)) return undefined;
  return emulator.warning ?? vscode.l10n.t('programs run unsandboxed, as you');
}

/** Asks once (modal); true when the person chose to send. */
export async function confirmSending(services: Services, q: SendingQuestion): Promise<boolean> {
  const local = isLocalEndpoint(q.endpoint);
  const detail = [vscode.l10n.t('Endpoint: {0}', q.endpoint), vscode.l10n.t('Folder: {0}', q.folder), ...(q.lines ?? [])];
  detail.push(local ? vscode.l10n.t('This is a local emulator: nothing is billed.') : vscode.l10n.t('Each submission is billed: it uses one submission of your account.'));
  if (q.unsendable) detail.push(vscode.l10n.t('{0} entries cannot be sent; the results list each with the reason.', q.unsendable));
  const unsandboxed = q.othersCode ? unsandboxedAt(services, q.endpoint) : undefined;
  if (unsandboxed) {
    detail.push(
      '',
      vscode.l10n.t(
        'Warning: this emulator runs programs without a sandbox ({0}). Each solution runs as you, on this machine: it can read and change your files and use the network. Run only code you trust, or install bubblewrap (the "bubblewrap" package on Debian, Ubuntu and Fedora) and restart the emulator to run it sandboxed.',
        unsandboxed,
      ),
    );
  }
  const button = unsandboxed ? vscode.l10n.t('{0} Unsandboxed', q.button) : q.button;
  const choice = await vscode.window.showWarningMessage(q.message, { modal: true, detail: detail.join('\n') }, button);
  return choice === button;
}
