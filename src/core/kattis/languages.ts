// A Kattis package's submission as the service must receive it. Kattis decides a submission's
// language from its files, not from our extension table (problemtools' languages.yaml, "Language
// detection"): each language counts the files matching its globs that are evidence for it (a `.py`
// is evidence for Python 2 only with a `#!…python2` first line), the most evidence wins, ties go
// to the higher priority; `.pl` is Prolog. The language must then exist on the endpoint (its own
// GET /compilers list), else the submission is skipped with that reason. A multi-file submission
// is sent with its entry file named as the service runs it (docs/problem-folder.md, "Entry files"):
// the entry is submissions.yaml's `entrypoint`, else problemtools' {mainfile} (the only source, a
// `main.*`, or the smallest name), renamed to the compiler's fixed name (prog.py, prog.js, …) or
// given the extension the compiler looks for (a C++ `main.cc` becomes `main.cpp`).
import * as path from 'node:path';
import { languageForCompiler, type OfferedCompiler } from '../languages';
import { readInside, type LocalSolution, type PreparedSolution } from '../problem-folder';

interface KattisLanguage {
  id: string;
  name: string;
  priority: number;
  files: string[];
  /** A file matching `shebangFiles` is evidence only when its first line matches `shebang`. */
  shebangFiles?: string[];
  shebang?: RegExp;
  /** The service's compiler ids, best first, then its compiler names. */
  ids: number[];
  names: RegExp;
}

// problemtools' table (its priorities and globs), with the service's compilers for each.
const KATTIS_LANGUAGES: KattisLanguage[] = [
  { id: 'c', name: 'C', priority: 950, files: ['*.c'], ids: [11], names: /^c$|^c \(|^c99|^c11|^clang$/i },
  { id: 'cpp', name: 'C++', priority: 1000, files: ['*.cc', '*.C', '*.cpp', '*.cxx', '*.c++'], ids: [1, 44], names: /^c\+\+/i },
  { id: 'csharp', name: 'C#', priority: 700, files: ['*.cs'], ids: [27], names: /^c#|csharp/i },
  { id: 'cobol', name: 'Cobol', priority: 50, files: ['*.cob'], ids: [], names: /^cobol/i },
  { id: 'fsharp', name: 'F#', priority: 675, files: ['*.fs'], ids: [], names: /^f#/i },
  { id: 'go', name: 'Go', priority: 400, files: ['*.go'], ids: [114], names: /^go\b/i },
  { id: 'haskell', name: 'Haskell', priority: 600, files: ['*.hs', '*.c'], ids: [21], names: /^haskell/i },
  { id: 'java', name: 'Java', priority: 800, files: ['*.java'], ids: [10], names: /^java\b(?!script)/i },
  { id: 'javascript', name: 'JavaScript', priority: 500, files: ['*.js'], ids: [56], names: /^node|^javascript/i },
  { id: 'kotlin', name: 'Kotlin', priority: 250, files: ['*.kt'], ids: [], names: /^kotlin/i },
  { id: 'lisp', name: 'Common Lisp', priority: 200, files: ['*.lisp', '*.cl'], ids: [], names: /lisp/i },
  { id: 'ocaml', name: 'OCaml', priority: 375, files: ['*.ml'], ids: [], names: /^ocaml/i },
  { id: 'objectivec', name: 'Objective-C', priority: 300, files: ['*.m', '*.c'], ids: [43], names: /^objective-c/i },
  { id: 'pascal', name: 'Pascal', priority: 350, files: ['*.pas'], ids: [22, 2], names: /^pascal/i },
  { id: 'php', name: 'PHP', priority: 450, files: ['*.php'], ids: [29], names: /^php/i },
  { id: 'prolog', name: 'Prolog', priority: 100, files: ['*.pl'], ids: [15], names: /prolog/i },
  { id: 'python2', name: 'Python 2', priority: 860, files: ['*.py', '*.py2'], shebangFiles: ['*.py'], shebang: /^#!.*python2\b/, ids: [4], names: /^python ?2|^python$/i },
  { id: 'python3', name: 'Python 3', priority: 850, files: ['*.py', '*.py3'], ids: [116, 99], names: /^python ?3|^python \(pypy/i },
  { id: 'ruby', name: 'Ruby', priority: 650, files: ['*.rb'], ids: [17], names: /^ruby/i },
  { id: 'rust', name: 'Rust', priority: 575, files: ['*.rs'], ids: [93], names: /^rust/i },
  { id: 'scala', name: 'Scala', priority: 550, files: ['*.sc', '*.scala'], ids: [39], names: /^scala/i },
];

/** fnmatch on a file's name, as problemtools matches globs (case-sensitive: `*.C` is C++, `*.c` is C). */
const globMatch = (glob: string, name: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(name);
const matchesAny = (globs: readonly string[], name: string) => globs.some((g) => globMatch(g, name));

/** problemtools' language of a program: the files (names relative to it) and their first lines. */
export function detectKattisLanguage(files: ReadonlyArray<{ name: string; firstLine: string }>): { id: string; name: string } | undefined {
  let best: { lang: KattisLanguage; evidence: number } | undefined;
  for (const lang of KATTIS_LANGUAGES) {
    const evidence = files.filter((f) => {
      const base = path.posix.basename(f.name);
      if (!matchesAny(lang.files, base)) return false;
      return !lang.shebangFiles || !matchesAny(lang.shebangFiles, base) || lang.shebang!.test(f.firstLine);
    }).length;
    if (evidence && (!best || evidence > best.evidence || (evidence === best.evidence && lang.priority > best.lang.priority))) best = { lang, evidence };
  }
  return best && { id: best.lang.id, name: best.lang.name };
}

/** problemtools' {mainfile}: the only source, else a `main.*` one, else the smallest name. */
export function kattisMainFile(sources: readonly string[]): string | undefined {
  if (sources.length <= 1) return sources[0];
  return sources.find((s) => /^main\./i.test(path.posix.basename(s))) ?? [...sources].sort()[0];
}

/** The offered compiler with one of `want.ids` (in their order), else the first whose name `want.names` matches. */
export function offeredMatching(want: { ids: readonly number[]; names: RegExp }, offered: readonly OfferedCompiler[]): OfferedCompiler | undefined {
  return want.ids.map((i) => offered.find((c) => c.id === i)).find(Boolean) ?? offered.find((c) => want.names.test(c.name));
}

/** The offered compiler for a Kattis language, or undefined. */
function offeredFor(id: string, offered: readonly OfferedCompiler[]): OfferedCompiler | undefined {
  return offeredMatching(
    KATTIS_LANGUAGES.find((l) => l.id === id)!,
    offered,
  );
}

/** The files renamed so that the compiler finds the entry, or why they cannot be. */
export function nameEntry(files: Record<string, Buffer>, entry: string, compilerId: number): { files: Record<string, Buffer> } | { skipped: string } {
  const rule = languageForCompiler(compilerId)?.entry;
  if (!rule) return { files };
  let target = entry;
  if (rule.kind === 'named') target = rule.fileName;
  else if (!entry.endsWith(rule.extension)) target = entry.replace(/\.[^./]*$/, '') + rule.extension;
  if (target === entry) return { files };
  if (files[target] !== undefined) return { skipped: `its entry file ${entry} must be named ${target} for the service, and the submission already has a file of that name` };
  const out: Record<string, Buffer> = {};
  for (const [name, data] of Object.entries(files)) out[name === entry ? target : name] = data;
  return { files: out };
}

/**
 * How check sends a Kattis submission: its problemtools language on one of the endpoint's
 * compilers, its entry file named as that compiler expects. `entrypointOf` gives submissions.yaml's
 * `entrypoint` for a solution, when it has one (or its own file, when include/ files joined it);
 * `languageOf` the language detected at import, before include/<language>/ files were added.
 */
export const prepareKattis =
  (dir: string, entrypointOf: (file: string) => string | undefined = () => undefined, languageOf: (file: string) => string | undefined = () => undefined) =>
  (s: LocalSolution, offered: readonly OfferedCompiler[]): PreparedSolution => {
    const names = s.files ?? [path.posix.basename(s.file)];
    const read = (name: string) => readInside(dir, s.files ? `${s.file}/${name}` : s.file, `Solution ${s.files ? `${s.file}/${name}` : s.file}`);
    const contents = Object.fromEntries(names.map((n) => [n, read(n)]));
    // Detected at import, before include/<language>/ files were added, when they were (they are no evidence).
    const known = KATTIS_LANGUAGES.find((l) => l.id === languageOf(s.file));
    const lang = known ?? detectKattisLanguage(names.map((name) => ({ name, firstLine: contents[name].subarray(0, 200).toString('utf8').split('\n')[0] })));
    if (!lang) return { skipped: `problemtools knows no language for ${names.join(', ')}` };
    const compiler = offeredFor(lang.id, offered);
    if (!compiler) return { skipped: `the endpoint offers no compiler for ${lang.name} (problemtools' language of ${names.length === 1 ? names[0] : 'its files'})` };
    if (!s.files) return { compilerId: compiler.id, source: contents[names[0]].toString('utf8') };
    const kattisLang = KATTIS_LANGUAGES.find((l) => l.id === lang.id)!;
    const given = entrypointOf(s.file);
    const entry =
      given !== undefined
        ? names.find((n) => n === given || n.replace(/\.[^./]*$/, '') === given)
        : kattisMainFile(names.filter((n) => matchesAny(kattisLang.files, path.posix.basename(n))));
    if (!entry) return { skipped: `its entrypoint "${given}" (submissions.yaml) is none of its files` };
    const named = nameEntry(contents, entry, compiler.id);
    return 'skipped' in named ? named : { compilerId: compiler.id, files: named.files };
  };
