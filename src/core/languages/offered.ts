// Which of the endpoint's own compilers (GET /compilers) runs a solution file, by its extension.
// The extensions are those problemtools knows (its languages.yaml: Kotlin, C#, Go, Haskell, Ruby,
// Scala, OCaml, Pascal, Prolog, …), so a Kattis package's submissions find their language
// wherever the service offers it. The compiler of src/core/languages/table.ts is preferred when the
// endpoint offers it; else the first offered compiler whose name matches the language. When none
// does, the reason names the language, so the one solution is skipped and said so.
import * as path from 'node:path';
import { compilerIdForFileName } from './table';

export interface OfferedCompiler {
  id: number;
  name: string;
}

interface KnownLanguage {
  name: string;
  extensions: string[];
  /** Matches the service's compiler names for this language. */
  names: RegExp;
}

const KNOWN: KnownLanguage[] = [
  { name: 'C', extensions: ['.c'], names: /^c$|^c \(|^c99|^c11|^clang$/i },
  { name: 'C++', extensions: ['.cc', '.cpp', '.cxx', '.c++', '.C'], names: /^c\+\+/i },
  { name: 'C#', extensions: ['.cs'], names: /^c#|^c sharp|csharp/i },
  { name: 'F#', extensions: ['.fs'], names: /^f#/i },
  { name: 'Go', extensions: ['.go'], names: /^go\b/i },
  { name: 'Haskell', extensions: ['.hs'], names: /^haskell/i },
  { name: 'Java', extensions: ['.java'], names: /^java\b(?!script)/i },
  { name: 'JavaScript', extensions: ['.js'], names: /^node|^javascript/i },
  { name: 'Kotlin', extensions: ['.kt'], names: /^kotlin/i },
  { name: 'Common Lisp', extensions: ['.lisp', '.cl'], names: /lisp/i },
  { name: 'Objective-C', extensions: ['.m'], names: /^objective-c/i },
  { name: 'OCaml', extensions: ['.ml'], names: /^ocaml/i },
  { name: 'Pascal', extensions: ['.pas'], names: /^pascal/i },
  { name: 'PHP', extensions: ['.php'], names: /^php/i },
  { name: 'Prolog', extensions: ['.pl'], names: /prolog/i },
  { name: 'Python 3', extensions: ['.py', '.py3'], names: /^python 3|^python3|^python \(pypy/i },
  { name: 'Ruby', extensions: ['.rb'], names: /^ruby/i },
  { name: 'Rust', extensions: ['.rs'], names: /^rust/i },
  { name: 'Scala', extensions: ['.scala'], names: /^scala/i },
  { name: 'Swift', extensions: ['.swift'], names: /^swift/i },
  { name: 'TypeScript', extensions: ['.ts'], names: /^typescript/i },
  { name: 'Lua', extensions: ['.lua'], names: /^lua/i },
  { name: 'Bash', extensions: ['.sh'], names: /^bash/i },
];

/** An offered compiler for a file, or why none runs it (not the person's choice: compiler-choice.ts's CompilerChoice). */
export type OfferedChoice = { compilerId: number } | { skipped: string };

/** The compiler for `file` among the offered ones, or why there is none. */
export function compilerForFile(file: string, offered: readonly OfferedCompiler[]): OfferedChoice {
  const ext = path.extname(file);
  const known = KNOWN.find((l) => l.extensions.includes(ext) || l.extensions.includes(ext.toLowerCase()));
  const tableId = compilerIdForFileName(file);
  // .pl is Perl in our table and Prolog for Kattis: the table decides, as for every other folder.
  if (tableId !== undefined && offered.some((c) => c.id === tableId)) return { compilerId: tableId };
  const byName = known && offered.find((c) => known.names.test(c.name));
  if (byName) return { compilerId: byName.id };
  const language = known?.name ?? (ext ? `${ext} files` : 'a file without extension');
  return { skipped: `the endpoint offers no compiler for ${language}` };
}
