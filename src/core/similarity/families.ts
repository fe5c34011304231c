// Which lexer reads a file, by its extension: a lexer per language FAMILY, as MOSS does, rather
// than a grammar per language. Similarity only needs a token stream in which identifiers and
// literals are abstracted and keywords kept; three families cover the languages the service runs
// (C-like braces and `//` comments, Python-like `#` comments and line structure, anything else).

export type Family = 'c' | 'python' | 'generic';

const C_LIKE = ['.c', '.h', '.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.java', '.js', '.mjs', '.cjs', '.jsx', '.ts', '.tsx', '.go', '.rs', '.cs', '.kt', '.kts', '.swift', '.scala', '.php', '.dart', '.d', '.groovy', '.m'];
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
 * token). The union over the family's languages: a word that is a keyword in one and a name in
 * another only makes the stream a little more specific.
 */
const C_KEYWORDS = `if else for while do switch case default break continue return goto try catch finally throw throws
new delete class struct union enum interface extends implements public private protected static final const void
int long short char float double bool boolean byte unsigned signed auto var let val fun func fn package import
using namespace typedef sizeof true false null nil nullptr this self super in is as typeof instanceof yield async
await match impl trait mut pub use mod where loop range go defer chan select map type when object override
virtual abstract sealed readonly out ref string function export from extern register volatile inline template
typename operator friend lambda Self usize isize i32 i64 u32 u64 f64 f32 unsafe dyn move crate elif foreach
println printf scanf cin cout endl`;

const PYTHON_KEYWORDS = `if elif else for while break continue return def class lambda try except finally raise with as
import from pass yield global nonlocal assert del in not and or is None True False async await print input
range len int str float list dict set tuple sorted map filter sum min max open enumerate zip begin end unless
until then do puts gets each my our sub local echo fi done esac case function`;

const GENERIC_KEYWORDS = `if then else elif end for while do loop repeat until begin function procedure return var let
const case of in and or not true false nil null print write read writeln readln program`;

export const KEYWORDS: Record<Family, ReadonlySet<string>> = {
  c: new Set(C_KEYWORDS.split(/\s+/)),
  python: new Set(PYTHON_KEYWORDS.split(/\s+/)),
  generic: new Set(GENERIC_KEYWORDS.split(/\s+/)),
};

/** Loop keywords read as one token: a `for` turned into a `while` keeps its body's fingerprints. */
export const LOOP_WORDS: ReadonlySet<string> = new Set(['for', 'while', 'foreach', 'loop', 'until', 'repeat', 'do']);
