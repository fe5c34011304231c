// Start / Stop Local Emulator in a window: starts (or reuses) the emulator bundled with the
// extension, says what it is, signs all three modules in to it, and reports a crash with Restart.
// Created on the first command, so activation pays nothing for it; bundled, it is a file of its own
// (dist/local-emulator.js, see esbuild.js), loaded then. Signing in is handed in (useLocalEmulator,
// which lives in the extension's bundle) so that no connection code is bundled twice.
import * as vscode from 'vscode';
import { type EmulatorExit, LocalEmulator, type RunningEmulator } from '../../core/local-emulator';
import type { Services } from '../../services';
import { Commands, executeCommand } from '../../ui/commands';
import { withProgress } from '../../ui/progress';
import { describeEmulatorInUse } from '../../connection/emulator-in-use';
import { describeForLog } from './describe';
import { createEmulatorStatusBar } from './status-bar';

export interface StartOutcome {
  origin: string;
  pid: number;
  reused: boolean;
  /** All three modules accepted the emulator's token. */
  signedIn: boolean;
}

/** Signs all three modules in to the emulator at origin (useLocalEmulator); undefined when it did not run. */
export type SignIn = (origin: string, token: string) => Promise<Array<{ ok: boolean }> | undefined>;

export class EmulatorController implements vscode.Disposable {
  readonly storageDir: string;
  readonly script: string;
  private readonly emulator: LocalEmulator;
  private readonly statusBar = createEmulatorStatusBar();

  constructor(
    private readonly services: Services,
    private readonly signIn: SignIn,
  ) {
    const { context, log } = services;
    this.script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'emulator.js').fsPath;
    this.storageDir = vscode.Uri.joinPath(context.globalStorageUri, 'local-emulator').fsPath;
    this.emulator = new LocalEmulator({
      script: this.script,
      storageDir: this.storageDir,
      onUnexpectedExit: (exit) => void this.exited(exit),
      onStderr: (line) => log.warn(`local emulator: ${line}`),
    });
  }

  current(): RunningEmulator | undefined {
    return this.emulator.current();
  }

  statusBarSnapshot() {
    return this.statusBar.snapshot();
  }

  async start(): Promise<StartOutcome | undefined> {
    if (!(await this.secondOneWanted())) return undefined;
    // Until it runs and the modules are signed in to it, commands wait and the views say "starting".
    const end = this.services.connection.emulatorStartBegins();
    try {
      return await this.startAndSignIn();
    } finally {
      end();
    }
  }

  private async startAndSignIn(): Promise<StartOutcome | undefined> {
    const { log } = this.services;
    let running: RunningEmulator;
    try {
      running = await withProgress({ title: vscode.l10n.t('Starting the local Sphere Engine emulator…'), cancellable: false }, () => this.emulator.start());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.error(`The local emulator did not start: ${message}`);
      void this.offerLog(vscode.window.showErrorMessage(vscode.l10n.t('The local Sphere Engine emulator did not start: {0}', message), vscode.l10n.t('Show Log')));
      return undefined;
    }
    for (const line of describeForLog(running)) log[line.level](line.text);
    this.statusBar.show(running);
    this.services.connection.emulatorStarted(running);
    const outcomes = await this.signIn(running.origin, running.token);
    return { origin: running.origin, pid: running.pid, reused: running.reused, signedIn: !!outcomes?.every((outcome) => outcome.ok) };
  }

  async stop(): Promise<boolean> {
    const stopped = await this.emulator.stop();
    this.statusBar.hide();
    if (stopped) {
      this.services.log.info('Local emulator stopped');
      // Its profile forgets it: the views empty and the status bar says "not running" (issue 31).
      await this.services.connection.emulatorStopped(stopped.origin);
      void vscode.window.showInformationMessage(vscode.l10n.t('Sphere Engine: the local emulator has stopped.'));
      return true;
    }
    // Not this window's to stop (npm start's, or one started outside VS Code), yet in use: never
    // "no local emulator is running" beside a status bar and views that show one (issue 40, item 2).
    const inUse = this.services.connection.emulatorInUse();
    if (inUse && (inUse.owner === 'npmStart' || inUse.owner === 'elsewhere'))
      void vscode.window.showInformationMessage(vscode.l10n.t('Sphere Engine: {0}', describeEmulatorInUse(inUse)));
    else void vscode.window.showInformationMessage(vscode.l10n.t('Sphere Engine: no local emulator is running.'));
    return false;
  }

  /**
   * Start Local Emulator in a window that uses npm start's emulator (the one its CLI hint points
   * at) would start a second one, with other data: the problems pushed with the CLI would vanish
   * from the views. Never unasked: true when the person chose to.
   */
  private async secondOneWanted(): Promise<boolean> {
    const inUse = this.services.connection.emulatorInUse();
    if (inUse?.owner !== 'npmStart' || this.emulator.current()) return true;
    const another = vscode.l10n.t('Start Another');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('This window already uses the local emulator `npm start` runs at {0}.', inUse.origin),
      {
        modal: true,
        detail: vscode.l10n.t(
          "Start another one for this window? It runs on another port with data of its own: what you pushed with the problems CLI to {0} is not in it. Stop npm start's with Ctrl-C in its terminal.",
          inUse.origin,
        ),
      },
      another,
    );
    if (choice === another) return true;
    this.services.log.info(`Start Local Emulator: kept the emulator npm start runs at ${inUse.origin}`);
    return false;
  }

  private async exited(exit: EmulatorExit): Promise<void> {
    this.statusBar.hide();
    await this.services.connection.emulatorStopped(exit.origin);
    if (!exit.crashed) {
      this.services.log.info('The local emulator was stopped (from another window, or by hand)');
      return;
    }
    const how = exit.signal ?? `exit code ${exit.code}`;
    this.services.log.error(`The local emulator stopped unexpectedly (${how})${exit.stderr ? `: ${exit.stderr}` : ''}`);
    const restart = vscode.l10n.t('Restart');
    const choice = await vscode.window.showErrorMessage(
      vscode.l10n.t('The local Sphere Engine emulator stopped unexpectedly ({0}). Its data is kept: restart it to go on.', how),
      restart,
      vscode.l10n.t('Show Log'),
    );
    if (choice === restart) await executeCommand(Commands.startLocalEmulator);
    else if (choice) this.services.log.show();
  }

  private async offerLog(choice: Thenable<string | undefined>): Promise<void> {
    if (await choice) this.services.log.show();
  }

  dispose(): void {
    this.emulator.dispose();
    this.statusBar.dispose();
  }
}
