// A start of the local emulator under way: Start Local Emulator, or the auto-start of a window that
// opened on the emulator profile and found its emulator gone. While one is under way the profile
// has no endpoint yet, so a command run then (a stress test, a run) would say "the local emulator
// is not running" beside a toast saying it is starting (issue 40, item 18), and the views would
// flash "Set … Access Token" (item 4). Instead every command waits for the start (the command
// gate, ui/commands.ts, waits for Connection.settled), and the views and the status bar say
// "starting the local emulator…" (context key EMULATOR_STARTING_KEY).
import * as vscode from 'vscode';

/** Context key: a start of the local emulator is under way (viewsWelcome: "Starting the local emulator…"). */
export const EMULATOR_STARTING_KEY = 'sphereEngine.emulatorStarting';
export const AUTO_START_SETTING = 'sphereEngine.emulator.autoStart';

/** sphereEngine.emulator.autoStart: a window that finds its emulator gone starts it (on by default). */
export function autoStartEnabled(): boolean {
  return vscode.workspace.getConfiguration('sphereEngine.emulator').get<boolean>('autoStart', true);
}

/** The starts under way; `changed` is told when the first begins and when the last ends. */
export class EmulatorStarts {
  private readonly under = new Set<Promise<void>>();

  constructor(private readonly changed: (starting: boolean) => void) {}

  get starting(): boolean {
    return this.under.size > 0;
  }

  /** A start begins now; the function returned ends it (once, whatever happens). */
  begin(): () => void {
    let end!: () => void;
    const running = new Promise<void>((resolve) => (end = resolve));
    this.under.add(running);
    if (this.under.size === 1) this.changed(true);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      end();
      this.under.delete(running);
      if (this.under.size === 0) this.changed(false);
    };
  }

  /** Resolves when no start is under way (at once when none is). */
  async settled(): Promise<void> {
    while (this.under.size) await Promise.all([...this.under]);
  }
}
