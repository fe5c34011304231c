// Which local emulator a window uses, and whose it is (issue 40, item 2). A window may know two:
// the one `npm start` runs on port 8400 (announced by SPHERE_ENGINE_EMULATOR; the CLI hint points
// there) and one Start Local Emulator started for this window on another port, with other data.
// The status bar, Stop Local Emulator and the message after a reload name the one in use, whose
// it is, and how it is stopped: npm start's with Ctrl-C in its terminal, this window's with Stop
// Local Emulator.
import * as vscode from 'vscode';

/**
 * 'npmStart': announced by SPHERE_ENGINE_EMULATOR; 'window': Start Local Emulator in this window;
 * 'otherWindow': the same, in another window, reused here; 'elsewhere': typed in (Use Local Emulator).
 */
export type EmulatorOwner = 'npmStart' | 'window' | 'otherWindow' | 'elsewhere';

export interface EmulatorInUse {
  origin: string;
  owner: EmulatorOwner;
}

/** One sentence: which emulator, whose, and how to stop it. */
export function describeEmulatorInUse(inUse: EmulatorInUse): string {
  switch (inUse.owner) {
    case 'npmStart':
      return vscode.l10n.t('This window uses the local emulator at {0} that `npm start` runs: stop it with Ctrl-C in the terminal where npm start runs.', inUse.origin);
    case 'window':
      return vscode.l10n.t('This window uses the local emulator at {0} that it started (Start Local Emulator): "Sphere Engine: Stop Local Emulator" stops it.', inUse.origin);
    case 'otherWindow':
      return vscode.l10n.t(
        'This window uses the local emulator at {0} that another VS Code window started (Start Local Emulator): "Sphere Engine: Stop Local Emulator" stops it for every window.',
        inUse.origin,
      );
    case 'elsewhere':
      return vscode.l10n.t('This window uses the local emulator at {0}, started outside VS Code: stop it where it was started.', inUse.origin);
  }
}
