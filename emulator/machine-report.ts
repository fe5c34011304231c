// What this machine gives the emulator's runs, said once at start (banner and EMULATOR_READY): the
// languages whose toolchain was found, those known but missing (and how to add one), and how limits
// are enforced (a supervisor with exact limits: the C one when cc compiled it, else python3; or the
// Node fallback when neither is there, which is less exact). The extension shows it in its log and status bar, so a person knows why a language is
// not offered and what a verdict's time means.
import { detectLanguages } from './languages';
import { LANGUAGES } from './languages/table';
import type { LanguageDefinition } from './languages/types';
import { cpuWaitReported, cSupervisorExpected, findPython } from './runner';

export interface MachineReport {
  /** e.g. "Python 3 (CPython 3.11.7)", in the table's order. */
  languages: string[];
  /** Known languages whose compiler or interpreter is not on PATH. */
  missingLanguages: string[];
  /**
   * How to add one of the missing languages, naming only what is missing ("install python2 (Python)
   * or go (Go) so that it is on PATH, then restart the emulator"); a clause that callers put after
   * their own "To add one," or "not found: …;" (never a second "to add a language").
   */
  addLanguage: string;
  /**
   * 'python3': a supervisor gives exact CPU time and peak memory (wait4): the C one compiled with cc
   * where there is a C compiler, else python3's (the wire keeps the one name); 'node': the
   * fallback that samples /proc.
   */
  limits: 'python3' | 'node';
  /** Set with the Node fallback, or a kernel that hides CPU waits: what differs, in plain words. */
  limitsNote?: string;
}

const ON_PATH = 'so that it is on PATH, then restart the emulator';

/**
 * The service calls compiler 4 "Python"; printed beside the found "Python 3" it reads as a
 * mistake, so what the emulator says of this machine names it "Python 2" (issue 40 item 10).
 */
const SHOWN_NAMES: Readonly<Record<number, string>> = { 4: 'Python 2' };

export function shownName(language: Pick<LanguageDefinition, 'id' | 'name'>): string {
  return SHOWN_NAMES[language.id] ?? language.name;
}

/** "install python2 (Python), ruby (Ruby) or go (Go) so that it is on PATH, then restart the emulator". */
export function addLanguageAdvice(missing: ReadonlyArray<Pick<LanguageDefinition, 'id' | 'name' | 'install'>>): string {
  // Two dialects on one tool (C++ and C++14 on g++) name it once.
  const tools = new Map<string, string[]>();
  for (const language of missing) tools.set(language.install, [...(tools.get(language.install) ?? []), shownName(language)]);
  const named = [...tools].map(([tool, names]) => `${tool} (${names.join(', ')})`);
  if (!named.length) return `install its compiler or interpreter ${ON_PATH}`;
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}`;
  return `install ${list} ${ON_PATH}`;
}

export const NODE_LIMITS_NOTE =
  'python3 was not found (nor a C compiler, cc), so time and memory limits are enforced by the Node fallback: CPU time is sampled every 25 ms from /proc (the last moments of a run, and processes that ended and were reaped by a parent, can go uncounted) and resident memory likewise (a short peak can pass unseen), while an allocation over the limit still fails (RLIMIT_DATA); install python3 or cc for exact limits';

export const CPU_WAIT_NOTE =
  'this kernel does not report the time a process waits for a CPU (/proc/<pid>/schedstat), so the wall-clock guard counts it: on a busy machine a run can be ended by the guard (time limit exceeded) before its CPU time reaches the limit';

/** What differs from exact limits on this machine, in plain words; undefined when nothing does. */
export function limitsNote(exact: boolean, waitsReported: boolean): string | undefined {
  const notes = [...(exact ? [] : [NODE_LIMITS_NOTE]), ...(waitsReported ? [] : [CPU_WAIT_NOTE])];
  return notes.length ? notes.join('; ') : undefined;
}

export function machineReport(): MachineReport {
  const found = detectLanguages();
  const languages: string[] = [];
  const missing: LanguageDefinition[] = [];
  for (const language of LANGUAGES) {
    const installed = found.get(language.id);
    if (installed) languages.push(`${shownName(language)} (${installed.toolchain.versionName})`);
    else missing.push(language);
  }
  const exact = cSupervisorExpected() || findPython() !== null;
  const note = limitsNote(exact, cpuWaitReported());
  return {
    languages,
    missingLanguages: missing.map(shownName),
    addLanguage: addLanguageAdvice(missing),
    limits: exact ? 'python3' : 'node',
    ...(note ? { limitsNote: note } : {}),
  };
}
