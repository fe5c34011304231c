// What the started emulator is, in words: for the log (once per start) and the status bar tooltip.
// Sandboxed or not (unsandboxed, programs run as the user), which languages this machine can run
// and how to add one, and how limits are enforced when python3 is missing.
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../core/local-emulator';

export interface Described {
  level: 'info' | 'warn';
  text: string;
}

export function sandboxText(emulator: RunningEmulator): string {
  return emulator.sandboxed
    ? vscode.l10n.t('Programs run sandboxed with bubblewrap (no network, read-only system).')
    : vscode.l10n.t('Programs run UNSANDBOXED, as you, with your files and network ({0}). Install bubblewrap (bwrap) to isolate them.', emulator.warning ?? 'no sandbox');
}

export function languagesText(emulator: RunningEmulator): string {
  return emulator.languages.length
    ? vscode.l10n.t('Languages this machine can run: {0}.', emulator.languages.join(', '))
    : vscode.l10n.t('No language toolchain was found on this machine.');
}

export function addLanguageText(emulator: RunningEmulator): string | undefined {
  if (!emulator.missingLanguages.length) return undefined;
  // addLanguage is a clause ("install python2 (Python) … then restart the emulator"): said once.
  return vscode.l10n.t(
    'Not found: {0}. To add one, {1}.',
    emulator.missingLanguages.join(', '),
    emulator.addLanguage ?? 'install it so that it is on PATH, then restart the emulator',
  );
}

/** The log lines of one start (or reuse). */
export function describeForLog(emulator: RunningEmulator): Described[] {
  const lines: Described[] = [
    {
      level: 'info',
      text: emulator.reused
        ? `Reusing the local emulator at ${emulator.origin} started by another window (pid ${emulator.pid}, data in ${emulator.dataDir})`
        : `Local emulator started at ${emulator.origin} (pid ${emulator.pid}, data in ${emulator.dataDir})`,
    },
    { level: emulator.sandboxed ? 'info' : 'warn', text: sandboxText(emulator) },
    { level: 'info', text: languagesText(emulator) },
  ];
  const add = addLanguageText(emulator);
  if (add) lines.push({ level: 'info', text: add });
  if (emulator.limitsNote) lines.push({ level: 'warn', text: `${emulator.limitsNote}.` });
  return lines;
}
