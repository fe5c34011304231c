// Which lexer reads a file, by its extension: a lexer per language FAMILY, as MOSS does, rather
// than a grammar per language. Similarity only needs a token stream in which identifiers and
// literals are abstracted and keywords kept; three families cover the languages the service runs
// (C-like braces and `//` comments, Python-like `#` comments and line structure, anything else).

export type Family = 'c' | 'python' | 'generic';

const C_LIKE = [
  '.c',
  '.h',
  '.cpp',
  '.cc',
  '.cxx',
  '.c++',
  '.hpp',
  '.hh',
  '.java',
  '.js',
  '.mjs',
  '.cjs',
  '.jsx',
  '.ts',
  '.tsx',
  '.go',
  '.rs',
  '.cs',
  '.kt',
  '.kts',
  '.swift',
  '.scala',
  '.php',
  '.dart',
  '.d',
  '.groovy',
  '.m',
];
const PYTHON_LIKE = ['.py', '.pyw', '.rb', '.sh', '.bash', '.pl', '.pm', '.r', '.jl', '.nim', '.cr', '.ex', '.exs', '.coffee', '.tcl'];

export function familyOf(fileName: string): Family {
  const dot = fileName.lastIndexOf('.');
  const ext = dot < 0 ? '' : fileName.slice(dot).toLowerCase();
  if (C_LIKE.includes(ext)) return 'c';
  if (PYTHON_LIKE.includes(ext)) return 'python';
  return 'generic';
}

/**
 * Words kept as themselves (everything else that looks like a name becomes one "identifier"
 * token), per language: what is a name in a language is a name there (`val` and `map` in C,
 * `out` and `in` in Java), so renaming it changes nothing. Only reserved words (and, in C++, the
 * stream objects no one renames) are listed; a language without its own list gets its family's.
 */
const KEYWORD_LISTS: Record<string, string> = {
  c: `if else for while do switch case default break continue return goto sizeof typedef struct union enum
    static const void int long short char float double unsigned signed extern register volatile inline auto restrict
    _Bool bool true false NULL`,
  cpp: `if else for while do switch case default break continue return goto sizeof typedef struct union enum
    static const void int long short char float double unsigned signed extern register volatile inline auto
    bool true false nullptr NULL class public private protected virtual override final new delete this template
    typename namespace using operator friend try catch throw constexpr const_cast static_cast dynamic_cast
    reinterpret_cast mutable explicit noexcept decltype std cin cout cerr endl`,
  java: `if else for while do switch case default break continue return try catch finally throw throws new class
    interface enum extends implements public private protected static final abstract synchronized native void int
    long short char float double boolean byte true false null this super instanceof import package var record`,
  cs: `if else for while do switch case default break continue return try catch finally throw new class struct
    interface enum public private protected internal static readonly const sealed abstract virtual override void
    int long short char float double decimal bool byte sbyte uint ulong ushort string object true false null this
    base is as in out ref params using namespace var foreach typeof sizeof checked unchecked lock`,
  js: `if else for while do switch case default break continue return try catch finally throw new class extends
    function var let const true false null undefined this super typeof instanceof in of delete void yield async
    await import export from`,
  go: `if else for switch case default break continue return goto func var const type struct interface map chan go
    defer select range package import fallthrough true false nil`,
  rust: `if else for while loop match break continue return fn let mut const static struct enum impl trait type
    pub use mod crate self Self super where as in ref move unsafe dyn true false`,
  kotlin: `if else for while do when break continue return try catch finally throw fun val var class object
    interface is as in out null true false this super import package`,
  swift: `if else for while repeat switch case default break continue return func let var class struct enum
    protocol extension in is as nil true false self guard try catch throw import`,
  scala: `if else for while do match case break return try catch finally throw def val var class object trait
    extends with new null true false this super import package yield`,
  php: `if else elseif for foreach while do switch case default break continue return function class new echo
    print array as true false null`,
  python: `if elif else for while break continue return def class lambda try except finally raise with as import
    from pass yield global nonlocal assert del in not and or is None True False async await`,
  ruby: `if elsif else unless case when while until for in do begin rescue ensure end def class module return
    break next yield nil true false self and or not puts`,
  shell: `if then else elif fi for while until do done case esac in function return local echo`,
  generic: `if then else elif end for while do loop repeat until begin function procedure return var let const
    case of in and or not true false nil null print write read writeln readln program`,
};

/**
 * Library functions kept as themselves where they are called (`len(`, `printf(`), a name
 * anywhere else: a student's `sum = 0` or `max = 5` is a variable like any other.
 */
const CALLED: Record<string, string> = {
  c: 'printf scanf puts gets getchar putchar fgets malloc calloc realloc free memset memcpy strlen strcmp strcpy qsort abs',
  cpp: 'printf scanf puts getline malloc free memset strlen abs sort min max swap',
  java: 'println print printf parseInt parseLong',
  cs: 'WriteLine ReadLine Parse',
  js: 'parseInt parseFloat require',
  python: 'print input range len int str float list dict set tuple sorted map filter sum min max open enumerate zip abs reversed any all ord chr round',
};

const EXTENSIONS: Record<string, string> = {
  c: '.c .h',
  cpp: '.cpp .cc .cxx .c++ .hpp .hh',
  java: '.java',
  cs: '.cs',
  js: '.js .mjs .cjs .jsx .ts .tsx',
  go: '.go',
  rust: '.rs',
  kotlin: '.kt .kts',
  swift: '.swift',
  scala: '.scala',
  php: '.php',
  python: '.py .pyw',
  ruby: '.rb',
  shell: '.sh .bash',
};

/** How a file is read: its family's scanner, its language's keywords and called library functions. */
export interface Syntax {
  family: Family;
  keywords: ReadonlySet<string>;
  called: ReadonlySet<string>;
}

const words = (list = '') => new Set(list.split(/\s+/).filter(Boolean));
const syntaxes = new Map<string, Syntax>();
for (const [language, exts] of Object.entries(EXTENSIONS)) {
  const syntax: Syntax = { family: familyOf(exts.split(' ')[0]), keywords: words(KEYWORD_LISTS[language]), called: words(CALLED[language]) };
  for (const ext of exts.split(' ')) syntaxes.set(ext, syntax);
}
/** A language of a family without a list of its own. */
const FAMILY_DEFAULT: Record<Family, Syntax> = {
  c: { family: 'c', keywords: words(`${KEYWORD_LISTS.cpp} ${KEYWORD_LISTS.java}`), called: words(CALLED.c) },
  python: { family: 'python', keywords: words(`${KEYWORD_LISTS.python} ${KEYWORD_LISTS.ruby} ${KEYWORD_LISTS.shell}`), called: words(CALLED.python) },
  generic: { family: 'generic', keywords: words(KEYWORD_LISTS.generic), called: new Set() },
};

export function syntaxOf(fileName: string): Syntax {
  const dot = fileName.lastIndexOf('.');
  const ext = dot < 0 ? '' : fileName.slice(dot).toLowerCase();
  return syntaxes.get(ext) ?? FAMILY_DEFAULT[familyOf(fileName)];
}

/** Loop keywords read as one token: a `for` turned into a `while` keeps its body's fingerprints. */
export const LOOP_WORDS: ReadonlySet<string> = new Set(['for', 'while', 'foreach', 'loop', 'until', 'repeat', 'do']);
