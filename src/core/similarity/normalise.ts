// Rewrites of a file's token list that undo what structural disguises change, each measured on
// its own on the leveled corpus (BENCHMARKS.md, "Similarity: structural disguises"):
// - increments: `x++`, `++x`, `x += 1`, `x = x + 1` are one statement, so all read `I += N`
//   (likewise `--`/`-=`, and `x = x op e` reads `x op= e` when both names are the same name);
// - loops: a C-like `for (a; b; c) body` reads as `a; while (b) { body c; }`, the shape a student
//   who rewrites the loop by hand gives it (the loop keyword already reads the same).
// Each token keeps a character range of the source, so matched regions still point at real code.

export interface Token {
  kind: string;
  start: number;
  end: number;
}

export interface NormaliseOptions {
  increments?: boolean;
  loops?: boolean;
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

/** `loop ( a ; b ; c ) { body }` → `a ; loop ( b ) { body c ; }` (a braced body only). */
export function normaliseForLoops(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'loop' || tokens[i + 1]?.kind !== '(') {
      out.push(t);
      continue;
    }
    // The header's two semicolons at depth 1, its closing parenthesis, the body's braces.
    let depth = 0;
    const semis: number[] = [];
    let close = -1;
    for (let j = i + 1; j < tokens.length; j++) {
      const k = tokens[j].kind;
      if (k === '(' || k === '[' || k === '{') depth++;
      else if (k === ')' || k === ']' || k === '}') depth--;
      else if (k === ';' && depth === 1) semis.push(j);
      if (depth === 0) {
        close = j;
        break;
      }
    }
    if (close < 0 || semis.length !== 2 || tokens[close + 1]?.kind !== '{') {
      out.push(t);
      continue;
    }
    let bodyEnd = -1;
    depth = 0;
    for (let j = close + 1; j < tokens.length; j++) {
      const k = tokens[j].kind;
      if (k === '{') depth++;
      else if (k === '}' && --depth === 0) {
        bodyEnd = j;
        break;
      }
    }
    if (bodyEnd < 0) {
      out.push(t);
      continue;
    }
    const [s1, s2] = semis;
    const init = tokens.slice(i + 2, s1);
    if (init.length > 0) out.push(...init, tokens[s1]);
    out.push(t, tokens[i + 1], ...tokens.slice(s1 + 1, s2), tokens[close]);
    const body = normaliseForLoops(tokens.slice(close + 1, bodyEnd));
    const step = tokens.slice(s2 + 1, close);
    out.push(...body, ...(step.length > 0 ? [...step, tokens[s2]] : []), tokens[bodyEnd]);
    i = bodyEnd;
  }
  return out;
}
