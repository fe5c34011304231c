// Rewrites of a file's token list that undo what structural disguises change, each measured on
// its own on the leveled corpus (BENCHMARKS.md, "Similarity: structural disguises"):
// - increments: `x++`, `++x`, `x += 1`, `x = x + 1` are one statement, so all read `I += N`
//   (likewise `--`/`-=`, and `x = x op e` reads `x op= e` when both names are the same name);
// - loops: a C-like `for (a; b; c) body` reads as `a; while (b) { body c; }`, the shape a student
//   who rewrites the loop by hand gives it (the loop keyword already reads the same);
// - ranges: Python's `for i in range(a, b):` reads as `i = a; while i < b:`, likewise.
// Statement-level rewrites (unused assignments, statement order) are in statements.ts, helpers
// read where they are called in inline.ts.
// Each token keeps a character range of the source, so matched regions still point at real code.

export interface Token {
  kind: string;
  start: number;
  end: number;
}

export interface NormaliseOptions {
  increments?: boolean;
  loops?: boolean;
  /** Statements that only set a name the file never mentions again are dropped (statements.ts). */
  unused?: boolean;
  /** Runs of adjacent simple statements read in one order (statements.ts). */
  order?: boolean;
  /** Helpers of one statement read where they are called (inline.ts). */
  inline?: boolean;
  /** Python's `for i in range(a, b)` reads as the `while` it becomes by hand. */
  ranges?: boolean;
}

const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);

/** `x++`/`++x` → `x += N`; `x = x op …` → `x op= …` (the names compared in the source text). */
export function normaliseIncrements(tokens: Token[], text: string): Token[] {
  const out: Token[] = [];
  const name = (t: Token) => text.slice(t.start, t.end);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const next = tokens[i + 1];
    if ((t.kind === '++' || t.kind === '--') && next?.kind === 'I' && out[out.length - 1]?.kind !== 'I') {
      out.push(next, { kind: t.kind === '++' ? '+=' : '-=', start: t.start, end: t.end }, { kind: 'N', start: t.start, end: t.end });
      i++;
      continue;
    }
    if ((t.kind === '++' || t.kind === '--') && out[out.length - 1]?.kind === 'I') {
      out.push({ kind: t.kind === '++' ? '+=' : '-=', start: t.start, end: t.end }, { kind: 'N', start: t.start, end: t.end });
      continue;
    }
    // `x = x op e` where op binds no looser than what follows would matter: only when the next
    // operator after e's first token is not tighter-binding is this exact, but for a token stream
    // the reading `x op= e` is what matters; `x = x * y + z` is rare enough to read the same way.
    const after = tokens[i + 2];
    const op = tokens[i + 3];
    if (t.kind === 'I' && next?.kind === '=' && after?.kind === 'I' && op && ARITHMETIC.has(op.kind) && name(t) === name(after) && out[out.length - 1]?.kind !== '.') {
      out.push(t, { kind: `${op.kind}=`, start: next.start, end: op.end });
      i += 3;
      continue;
    }
    out.push(t);
  }
  return out;
}

/** A header longer than this many tokens is left as it is (no student writes one; hostile input might). */
const MAX_HEADER = 256;

/**
 * `loop ( a ; b ; c ) { body }` → `a ; loop ( b ) { body c ; }` (a braced body only). One pass
 * over the tokens with the brackets matched beforehand, no recursion: ten thousand nested loops in
 * a hostile file cost what ten thousand flat ones do.
 */
export function normaliseForLoops(tokens: Token[]): Token[] {
  const match = matchBrackets(tokens);
  const insertBefore = new Map<number, Token[]>();
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const pending = insertBefore.get(i);
    if (pending) out.push(...pending);
    const t = tokens[i];
    const close = t.kind === 'loop' && tokens[i + 1]?.kind === '(' ? match[i + 1] : -1;
    const bodyEnd = close > 0 && close - i <= MAX_HEADER && tokens[close + 1]?.kind === '{' ? match[close + 1] : -1;
    const semis: number[] = [];
    for (let j = i + 2; bodyEnd > 0 && j < close && semis.length < 3; j++) {
      if (tokens[j].kind === ';') semis.push(j);
      else if (match[j] > j) j = match[j]; // skip a nested bracket pair
    }
    if (bodyEnd < 0 || semis.length !== 2) {
      out.push(t);
      continue;
    }
    const [s1, s2] = semis;
    if (s1 > i + 2) out.push(...tokens.slice(i + 2, s1), tokens[s1]);
    out.push(t, tokens[i + 1], ...tokens.slice(s1 + 1, s2), tokens[close]);
    if (close > s2 + 1) insertBefore.set(bodyEnd, [...tokens.slice(s2 + 1, close), tokens[s2], ...(insertBefore.get(bodyEnd) ?? [])]);
    i = close; // the body follows as it is; its closing brace gets the step
  }
  return out;
}

/**
 * Python: `for i in range(b):` / `for i in range(a, b):` → `i = a ; while i < b :` (`a` 0 when not
 * given), the header a student who rewrites the loop by hand writes. The step they add at the end
 * of the body stays one statement more: Python's tokens carry no block end to put it at.
 */
export function normalisePythonRanges(tokens: Token[]): Token[] {
  const match = matchBrackets(tokens);
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const v = tokens[i + 1];
    const close = t.kind === 'loop' && v?.kind === 'I' && tokens[i + 2]?.kind === 'in' && tokens[i + 3]?.kind === 'range' && tokens[i + 4]?.kind === '(' ? match[i + 4] : -1;
    if (close < 0 || close - i > MAX_HEADER || tokens[close + 1]?.kind !== ':') {
      out.push(t);
      continue;
    }
    const args = splitArguments(tokens, i + 5, close, match);
    if (args.length > 2 || close === i + 5) {
      out.push(t);
      continue;
    }
    const from = args.length === 2 ? args[0] : [{ kind: 'N', start: tokens[i + 3].start, end: tokens[i + 4].end }];
    const to = args[args.length - 1];
    const at = (kind: string, from: Token): Token => ({ kind, start: from.start, end: from.end });
    out.push(v, at('=', tokens[i + 2]), ...from, at(';', tokens[i + 2]), t, v, at('<', tokens[i + 2]), ...to);
    i = close; // the `:` follows as it is
  }
  return out;
}

/** For each opening bracket, the index of its partner (-1 when unclosed or not a bracket). */
export function matchBrackets(tokens: Token[]): Int32Array {
  const match = new Int32Array(tokens.length).fill(-1);
  const open: number[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < tokens.length; i++) {
    const k = tokens[i].kind;
    if (k === '(' || k === '[' || k === '{') open.push(i);
    else if (k in pairs) {
      // A stray closer pops nothing; a mismatched one leaves its opener unmatched.
      if (open.length > 0 && tokens[open[open.length - 1]].kind === pairs[k]) match[open.pop()!] = i;
    }
  }
  return match;
}

/** The comma-separated parts between `from` and `close` (brackets skipped whole). */
export function splitArguments(tokens: Token[], from: number, close: number, match: Int32Array): Token[][] {
  const parts: Token[][] = [];
  let part: Token[] = [];
  for (let i = from; i < close; i++) {
    if (tokens[i].kind === ',') {
      parts.push(part);
      part = [];
      continue;
    }
    const end = match[i] > i && match[i] < close ? match[i] : i;
    for (let j = i; j <= end; j++) part.push(tokens[j]);
    i = end;
  }
  if (part.length > 0 || parts.length > 0) parts.push(part);
  return parts;
}
