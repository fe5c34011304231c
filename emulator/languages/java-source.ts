// What the Java rules need to know of a source file without compiling it: the class whose body
// declares `static void main(` (the class the JVM starts), and the public top-level class (the name
// javac requires for the file). A regex over the text cannot tell a helper class, a nested class or
// the word "class" in a string from the class that holds main, so this walks the tokens with the
// braces counted: comments, strings, text blocks and char literals are blanked first.
//
// The class started is the first top-level class declaring main (a contest judge starts the class
// with main, whatever other classes the file declares); a main only in a nested class starts it as
// Outer$Inner, as the JVM names it.

interface TypeDecl {
  name: string;
  /** Brace depth of its body. */
  depth: number;
}

interface Scan {
  /** Binary names (Outer$Inner) of the classes declaring `static void main(`, in source order, top-level first. */
  mains: string[];
  /** Top-level types declared public, in source order. */
  publicTypes: string[];
  pkg?: string;
}

const TYPE_KEYWORDS = new Set(['class', 'interface', 'enum', 'record']);
const IDENT = /^[A-Za-z_$][\w$]*$/;

/** The source with comments, strings, text blocks and char literals replaced by spaces. */
export function blankJavaLiterals(text: string): string {
  return text.replace(/\/\*[\s\S]*?(?:\*\/|$)|\/\/[^\n]*|"""[\s\S]*?(?:"""|$)|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) => m.replace(/[^\n]/g, ' '));
}

export function scanJava(text: string): Scan {
  const tokens = blankJavaLiterals(text).match(/[A-Za-z_$][\w$]*|[{};()=.]/g) ?? [];
  const stack: TypeDecl[] = [];
  const topMains: string[] = [];
  const nestedMains: string[] = [];
  const publicTypes: string[] = [];
  let depth = 0;
  let pending: string | undefined;
  /** Modifiers and words since the last `;`, `{` or `}`: the declaration being read. */
  let words: string[] = [];
  let pkg: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === '{') {
      depth++;
      if (pending !== undefined) stack.push({ name: pending, depth });
      pending = undefined;
      words = [];
    } else if (t === '}') {
      if (stack.length && stack[stack.length - 1].depth === depth) stack.pop();
      depth = Math.max(0, depth - 1);
      words = [];
    } else if (t === ';') {
      words = [];
    } else if (
      TYPE_KEYWORDS.has(t) &&
      tokens[i - 1] !== '.' &&
      IDENT.test(tokens[i + 1] ?? '') &&
      pending === undefined &&
      depth === (stack.length ? stack[stack.length - 1].depth : 0)
    ) {
      pending = tokens[i + 1];
      if (depth === 0 && words.includes('public')) publicTypes.push(pending);
      i++;
    } else if (t === 'package' && depth === 0 && pkg === undefined) {
      const parts: string[] = [];
      while (IDENT.test(tokens[i + 1] ?? '') || tokens[i + 1] === '.') parts.push(tokens[++i]);
      pkg = parts.join('') || undefined;
    } else if (t === 'main' && tokens[i + 1] === '(' && stack.length && depth === stack[stack.length - 1].depth && words.includes('static') && words.includes('void')) {
      (stack.length === 1 ? topMains : nestedMains).push(stack.map((s) => s.name).join('$'));
    } else {
      words.push(t);
    }
  }
  return { mains: [...topMains, ...nestedMains], publicTypes, pkg };
}
