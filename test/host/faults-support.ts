// Shared pieces of the host fault tests (test/host/faults-*.test.ts) and others: what the user is
// shown (notifications captured, and dismissed so nothing waits on them; progress notifications),
// the connection settings a fault test changes (timeout, endpoint), and the emulator's token list
// (revoking the token).
import * as vscode from 'vscode';
import { clearEmulatorFaults, emulatorInfo, setEmulatorTokens } from './helpers';

export interface ShownMessage {
  level: 'error' | 'warning' | 'info';
  text: string;
  buttons: string[];
}

type Show = (message: string, ...rest: unknown[]) => Thenable<unknown>;

/**
 * Records every notification the extension shows while installed, answering each one as if the
 * user closed it. The extension host hands this extension and its tests the same `vscode` object,
 * so replacing the functions on `vscode.window` reaches the extension's calls too.
 */
export class MessageCapture {
  readonly shown: ShownMessage[] = [];
  /** The button a person presses when a notification offers it (none: every message dismissed). */
  private pressing: string | undefined;
  private readonly originals: Partial<Record<'showErrorMessage' | 'showWarningMessage' | 'showInformationMessage', Show>> = {};

  install(): void {
    const win = vscode.window as unknown as Record<string, Show>;
    const levels = { showErrorMessage: 'error', showWarningMessage: 'warning', showInformationMessage: 'info' } as const;
    for (const [name, level] of Object.entries(levels) as Array<[keyof typeof levels, ShownMessage['level']]>) {
      this.originals[name] = win[name];
      win[name] = (message: string, ...rest: unknown[]) => {
        const buttons = rest.flatMap((r) => (typeof r === 'string' ? [r] : r && typeof r === 'object' && 'title' in r ? [String((r as { title: unknown }).title)] : []));
        this.shown.push({ level, text: message, buttons });
        const pressed = this.pressing !== undefined && buttons.includes(this.pressing) ? this.pressing : undefined;
        return Promise.resolve(pressed === undefined ? undefined : rest.find((r) => r === pressed || (r && typeof r === 'object' && (r as { title?: unknown }).title === pressed)));
      };
    }
  }

  uninstall(): void {
    const win = vscode.window as unknown as Record<string, Show>;
    for (const [name, fn] of Object.entries(this.originals)) if (fn) win[name] = fn;
  }

  clear(): void {
    this.shown.length = 0;
    this.pressing = undefined;
  }

  /** From now on (until clear()), press the button with this label whenever one is offered. */
  press(label: string): void {
    this.pressing = label;
  }

  /** Notifications offering to set a token: the "sign-in prompt". */
  signInPrompts(): ShownMessage[] {
    return this.shown.filter((m) => m.buttons.some((b) => /Set Access Token|Sign In/i.test(b)));
  }

  errors(): ShownMessage[] {
    return this.shown.filter((m) => m.level === 'error');
  }
}

export interface ProgressReport {
  /** The notification's title. */
  title: string;
  message?: string;
  increment?: number;
}

/** A progress notification: its title, and whether it has ended (gone from the screen). */
export interface ShownProgress {
  title: string;
  ended: boolean;
}

type WithProgress = typeof vscode.window.withProgress;

/**
 * Records every progress notification of the extension (they still show) and what each reports,
 * and can press a notification's Cancel when a report matches. Same `vscode` object as the
 * extension's, so replacing window.withProgress reaches its calls (as MessageCapture does).
 */
export class ProgressCapture {
  readonly reports: ProgressReport[] = [];
  readonly shown: ShownProgress[] = [];
  cancelWhen: ((report: ProgressReport) => boolean) | undefined;
  cancelled = false;
  private original: WithProgress | undefined;

  install(): void {
    const win = vscode.window as { withProgress: WithProgress };
    const original = (this.original = win.withProgress);
    const capture: WithProgress = (options, task) =>
      original(options, (progress, token) => {
        const shown: ShownProgress = { title: options.title ?? '', ended: false };
        this.shown.push(shown);
        const source = new vscode.CancellationTokenSource();
        const link = token.onCancellationRequested(() => source.cancel());
        const report = (value: { message?: string; increment?: number }) => {
          const seen = { title: options.title ?? '', ...value };
          this.reports.push(seen);
          progress.report(value);
          if (this.cancelWhen?.(seen)) {
            this.cancelled = true;
            source.cancel();
          }
        };
        return Promise.resolve(task({ report }, source.token)).finally(() => {
          shown.ended = true;
          link.dispose();
          source.dispose();
        });
      });
    win.withProgress = capture;
  }

  uninstall(): void {
    if (this.original) (vscode.window as { withProgress: WithProgress }).withProgress = this.original;
  }

  clear(): void {
    this.reports.length = 0;
    this.shown.length = 0;
    this.cancelWhen = undefined;
    this.cancelled = false;
  }
}

const config = () => vscode.workspace.getConfiguration('sphereEngine');

/** Small client timeouts so a slow answer turns into a timeout within the test. */
export async function useShortTimeout(seconds = 1): Promise<void> {
  await config().update('http.timeoutSeconds', seconds, vscode.ConfigurationTarget.Global);
}

export async function restoreTimeout(): Promise<void> {
  await config().update('http.timeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
}

/** Points a module at a loopback port where nothing listens: the service is unreachable. */
export async function makeUnreachable(module: 'containers' | 'compilers' | 'problems'): Promise<void> {
  await vscode.commands.executeCommand('sphereEngine.configureEndpoints', module, `http://127.0.0.1:9/${module}`);
}

/** Empties the active (emulator) profile's endpoint: the emulator's again. */
export async function restoreEndpoint(module: 'containers' | 'compilers' | 'problems'): Promise<void> {
  await vscode.commands.executeCommand('sphereEngine.configureEndpoints', module, null);
}

/** The service stops accepting our token (revoked in the client panel). */
export const revokeToken = () => setEmulatorTokens(['a-token-that-is-not-ours']);
export const restoreToken = () => setEmulatorTokens([emulatorInfo().token]);

/** Undo everything a fault test may have changed, whatever it did. */
export async function restoreAll(): Promise<void> {
  await clearEmulatorFaults();
  await restoreToken();
  await restoreTimeout();
  for (const module of ['containers', 'compilers', 'problems'] as const) await restoreEndpoint(module);
}
