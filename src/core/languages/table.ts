// The ONE table linking VS Code language ids and file extensions to Sphere
// Engine compiler ids, with each language's entry-file rule for multi-file
// submissions (compilers-api-v4.md, "Multi-file mode") and the file name a
// single-file run is given (the `prog.<ext>` names of the official examples).
import type { DiagnosticsFamily } from '../diagnostics';

/** How a multi-file submission names the file that is executed. */
export type EntryRule =
  /** A file with exactly this name at the top level. */
  | { kind: 'named'; fileName: string }
  /** Some top-level file with this extension whose text matches `pattern`. */
  | { kind: 'containing'; extension: string; pattern: RegExp; description: string };

export interface Language {
  compilerId: number;
  /** As the service names the compiler. */
  name: string;
  /** VS Code language ids that default to this compiler (first wins when several share one). */
  languageIds: readonly string[];
  /** Lower-case, with the dot. */
  extensions: readonly string[];
  entry: EntryRule;
  /** Name for a single-file run. */
  defaultFileName: string;
  /** Parser for its compile and runtime messages, when we have one. */
  diagnostics?: DiagnosticsFamily;
}

const named = (fileName: string): EntryRule => ({ kind: 'named', fileName });
const containing = (extension: string, pattern: RegExp, description: string): EntryRule => ({
  kind: 'containing',
  extension,
  pattern,
  description,
});

const C_MAIN = /\b(?:int|void|auto)\s+main\s*\(/;
const JAVA_MAIN = /\bstatic\b[^;{}]*\bvoid\s+main\s*\(/;

// Order matters: when a language id or extension appears twice, the first row
// is the default (e.g. `.py` → Python 3, not Python 2; `.js` → Node.js).
export const LANGUAGES: readonly Language[] = [
  {
    compilerId: 1,
    name: 'C++',
    languageIds: ['cpp'],
    extensions: ['.cpp', '.cc', '.cxx', '.c++'],
    entry: containing('.cpp', C_MAIN, 'a .cpp file containing function main'),
    defaultFileName: 'prog.cpp',
    diagnostics: 'gcc',
  },
  {
    compilerId: 11,
    name: 'C',
    languageIds: ['c'],
    extensions: ['.c'],
    entry: containing('.c', C_MAIN, 'a .c file containing function main'),
    defaultFileName: 'prog.c',
    diagnostics: 'gcc',
  },
  { compilerId: 116, name: 'Python 3', languageIds: ['python'], extensions: ['.py'], entry: named('prog.py'), defaultFileName: 'prog.py', diagnostics: 'python' },
  { compilerId: 4, name: 'Python 2', languageIds: [], extensions: [], entry: named('prog.py'), defaultFileName: 'prog.py', diagnostics: 'python' },
  { compilerId: 99, name: 'Python (PyPy)', languageIds: [], extensions: [], entry: named('prog.py'), defaultFileName: 'prog.py', diagnostics: 'python' },
  { compilerId: 126, name: 'Python 3 nbc', languageIds: [], extensions: [], entry: named('prog.py'), defaultFileName: 'prog.py', diagnostics: 'python' },
  { compilerId: 56, name: 'Node.js', languageIds: ['javascript'], extensions: ['.js', '.mjs', '.cjs'], entry: named('prog.js'), defaultFileName: 'prog.js', diagnostics: 'node' },
  { compilerId: 35, name: 'JavaScript (rhino)', languageIds: [], extensions: [], entry: named('prog.js'), defaultFileName: 'prog.js' },
  { compilerId: 57, name: 'TypeScript', languageIds: ['typescript'], extensions: ['.ts'], entry: named('prog.ts'), defaultFileName: 'prog.ts' },
  { compilerId: 28, name: 'Bash', languageIds: ['shellscript'], extensions: ['.sh', '.bash'], entry: named('prog.sh'), defaultFileName: 'prog.sh' },
  {
    compilerId: 10,
    name: 'Java',
    languageIds: ['java'],
    extensions: ['.java'],
    entry: containing('.java', JAVA_MAIN, 'a .java file with a class having method main'),
    defaultFileName: 'Main.java',
    diagnostics: 'java',
  },
  {
    compilerId: 55,
    name: 'Java - legacy',
    languageIds: [],
    extensions: [],
    entry: containing('.java', JAVA_MAIN, 'a .java file with a class having method main'),
    defaultFileName: 'Main.java',
    diagnostics: 'java',
  },
  { compilerId: 3, name: 'Perl', languageIds: ['perl'], extensions: ['.pl', '.pm'], entry: named('prog.pl'), defaultFileName: 'prog.pl' },
  { compilerId: 54, name: 'Perl 6', languageIds: ['raku', 'perl6'], extensions: ['.raku', '.p6'], entry: named('prog.pl'), defaultFileName: 'prog.pl' },
  { compilerId: 17, name: 'Ruby', languageIds: ['ruby'], extensions: ['.rb'], entry: named('prog.rb'), defaultFileName: 'prog.rb' },
  { compilerId: 29, name: 'PHP', languageIds: ['php'], extensions: ['.php'], entry: named('prog.php'), defaultFileName: 'prog.php' },
  {
    compilerId: 114,
    name: 'Go',
    languageIds: ['go'],
    extensions: ['.go'],
    entry: containing('.go', /^\s*package\s+main\b[\s\S]*\bfunc\s+main\s*\(\s*\)/m, 'a .go file with function main in package main'),
    defaultFileName: 'prog.go',
  },
  // Not in the spec's multi-file table: prog.rs, as the emulator runs it (`rustc prog.rs`, whose
  // `mod` lines find the other files), the spec's rule for every language without a main to find.
  { compilerId: 93, name: 'Rust', languageIds: ['rust'], extensions: ['.rs'], entry: named('prog.rs'), defaultFileName: 'prog.rs' },
  { compilerId: 21, name: 'Haskell', languageIds: ['haskell'], extensions: ['.hs'], entry: named('prog.hs'), defaultFileName: 'prog.hs' },
  { compilerId: 26, name: 'Lua', languageIds: ['lua'], extensions: ['.lua'], entry: named('prog.lua'), defaultFileName: 'prog.lua' },
  {
    compilerId: 27,
    name: 'C#',
    languageIds: ['csharp'],
    extensions: ['.cs'],
    entry: containing('.cs', /\bstatic\b[^;{}]*\bMain\s*\(/, 'a .cs file with a class having method Main'),
    defaultFileName: 'prog.cs',
  },
  { compilerId: 22, name: 'Pascal (fpc)', languageIds: ['pascal', 'objectpascal'], extensions: ['.pas', '.pp'], entry: named('prog.pas'), defaultFileName: 'prog.pas' },
  { compilerId: 2, name: 'Pascal (gpc)', languageIds: [], extensions: [], entry: named('prog.pas'), defaultFileName: 'prog.pas' },
  { compilerId: 117, name: 'R', languageIds: ['r'], extensions: ['.r'], entry: named('prog.r'), defaultFileName: 'prog.r' },
  {
    compilerId: 39,
    name: 'Scala',
    languageIds: ['scala'],
    extensions: ['.scala'],
    entry: containing('.scala', /\b(?:object|class)\s+Main\b/, 'a .scala file with a global class named Main'),
    defaultFileName: 'prog.scala',
  },
  { compilerId: 43, name: 'Objective-C', languageIds: ['objective-c'], extensions: ['.m'], entry: named('prog.m'), defaultFileName: 'prog.m' },
  { compilerId: 48, name: 'Dart', languageIds: ['dart'], extensions: ['.dart'], entry: named('prog.dart'), defaultFileName: 'prog.dart' },
  {
    compilerId: 50,
    name: 'VB.net',
    languageIds: ['vb'],
    extensions: ['.vb'],
    entry: containing('.vb', /\bModule\b[\s\S]*\b(?:Sub|Function)\s+Main\s*\(/i, 'a .vb file with a module having function Main'),
    defaultFileName: 'prog.vb',
  },
  { compilerId: 104, name: 'AWK (gawk)', languageIds: ['awk'], extensions: ['.awk'], entry: named('prog.awk'), defaultFileName: 'prog.awk' },
  { compilerId: 15, name: 'Prolog', languageIds: ['prolog'], extensions: [], entry: named('prog'), defaultFileName: 'prog' },
  { compilerId: 19, name: 'Pike', languageIds: ['pike'], extensions: ['.pike'], entry: named('prog'), defaultFileName: 'prog' },
];

const byCompilerId = new Map(LANGUAGES.map((l) => [l.compilerId, l]));

export function languageForCompiler(compilerId: number): Language | undefined {
  return byCompilerId.get(compilerId);
}

export function compilerIdForLanguageId(languageId: string): number | undefined {
  return LANGUAGES.find((l) => l.languageIds.includes(languageId))?.compilerId;
}

/** The language of a file by its extension (case-insensitive); `.R` and `.r` are both R. */
export function languageForFileName(fileName: string): Language | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot <= fileName.lastIndexOf('/')) return undefined;
  const ext = fileName.slice(dot).toLowerCase();
  return LANGUAGES.find((l) => l.extensions.includes(ext));
}

/** By extension (case-insensitive); `.R` and `.r` are both R. */
export function compilerIdForFileName(fileName: string): number | undefined {
  return languageForFileName(fileName)?.compilerId;
}

/** The name a single-file run gives its source; `prog.<ext>` when the compiler is unknown. */
export function defaultFileName(compilerId: number): string | undefined {
  return byCompilerId.get(compilerId)?.defaultFileName;
}

export function describeEntryRule(rule: EntryRule): string {
  return rule.kind === 'named' ? rule.fileName : rule.description;
}

/**
 * Checks a multi-file submission has the entry file its compiler executes.
 * `files` are posix paths relative to the submitted folder; `readFile` reads
 * one of them (only called for candidate files of `containing` rules).
 * Returns null when fine, or a message naming what is missing.
 */
export async function checkEntryFile(compilerId: number, files: readonly string[], readFile: (relativePath: string) => Promise<string> | string): Promise<string | null> {
  const language = byCompilerId.get(compilerId);
  if (!language) return null; // Unknown compilers: let the service decide.
  const topLevel = files.filter((f) => !f.includes('/'));
  const rule = language.entry;
  if (rule.kind === 'named') {
    if (topLevel.includes(rule.fileName)) return null;
    const nested = files.find((f) => f.endsWith(`/${rule.fileName}`));
    const hint = nested ? ` (found ${nested}, which is not at the top level)` : '';
    return `${language.name} needs ${rule.fileName} at the top level of the folder${hint}`;
  }
  for (const f of topLevel) {
    if (!f.toLowerCase().endsWith(rule.extension)) continue;
    if (rule.pattern.test(await readFile(f))) return null;
  }
  return `${language.name} needs ${rule.description} at the top level of the folder`;
}
