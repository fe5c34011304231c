// What this machine gives the emulator's runs, said once at start (banner and EMULATOR_READY): the
// languages whose toolchain was found, those known but missing (and how to add one), and how limits
// are enforced (the python3 supervisor, or the Node fallback when python3 is missing, which is less
// exact). The extension shows it in its log and status bar, so a person knows why a language is
// not offered and what a verdict's time means.
import { detectLanguages } from './languages';
import { LANGUAGES } from './languages/table';
import { findPython } from './runner';

export interface MachineReport {
  /** e.g. "Python 3 (CPython 3.11.7)", in the table's order. */
  languages: string[];
  /** Known languages whose compiler or interpreter is not on PATH. */
  missingLanguages: string[];
  /** How to add a language (the same words everywhere). */
  addLanguage: string;
  /** 'python3': exact CPU time and peak memory (wait4); 'node': the fallback that samples /proc. */
  limits: 'python3' | 'node';
  /** Set with the Node fallback: what differs, in plain words. */
  limitsNote?: string;
}

export const ADD_LANGUAGE =
  'to add a language, install its compiler or interpreter (for example g++, python3, node, go, rustc or a JDK) so that it is on PATH, then restart the emulator';

export const NODE_LIMITS_NOTE =
  'python3 was not found, so time and memory limits are enforced by the Node fallback: run time is wall-clock time (not CPU time) and memory is sampled every 25 ms (a short peak can pass unseen); install python3 for exact limits';

export function machineReport(): MachineReport {
  const found = detectLanguages();
  const languages: string[] = [];
  const missingLanguages: string[] = [];
  for (const language of LANGUAGES) {
    const installed = found.get(language.id);
    if (installed) languages.push(`${language.name} (${installed.toolchain.versionName})`);
    else missingLanguages.push(language.name);
  }
  const python = findPython() !== null;
  return {
    languages,
    missingLanguages,
    addLanguage: ADD_LANGUAGE,
    limits: python ? 'python3' : 'node',
    ...(python ? {} : { limitsNote: NODE_LIMITS_NOTE }),
  };
}
