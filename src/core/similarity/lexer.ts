// Turns source text into a token stream in which what a disguise changes is abstracted away:
// every name becomes "I", every number "N", every string or character "S", comments and layout
// vanish, and the loop keywords read as one. Keywords and operators stay as themselves: they carry
// the program's structure. One hand-written scanner per family (families.ts); it never throws on
// odd input (an unclosed string ends at the line's end, an unknown character is one token).
import { LOOP_WORDS, type Family, type Syntax } from './families';

/** Receives each token: its abstracted text and its character range in the source. */
export type Emit = (kind: string, start: number, end: number) => void;

const OPERATORS = [
  '>>>=',
  '===',
  '!==',
  '<<=',
  '>>=',
  '>>>',
  '...',
  '**=',
  '//=',
  '->',
  '=>',
  '::',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '<<',
  '>>',
  ':=',
  '**',
  '??',
  '?.',
  '//',
];

const OPERATOR_STARTS = new Set(OPERATORS.map((o) => o[0]));
/** The characters a comment of any family starts with (the scanner's fast path skips the rest). */
const COMMENT_STARTS = '/#%;-';

// ASCII first (almost every character of a program), Unicode letters through the regex.
function isIdStart(c: string): boolean {
  const k = c.charCodeAt(0);
  if (k < 128) return (k >= 97 && k <= 122) || (k >= 65 && k <= 90) || k === 95 || k === 36;
  return /\p{L}/u.test(c);
}
function isIdPart(c: string): boolean {
  const k = c.charCodeAt(0);
  if (k < 128) return (k >= 97 && k <= 122) || (k >= 65 && k <= 90) || (k >= 48 && k <= 57) || k === 95 || k === 36;
  return /[\p{L}\p{N}]/u.test(c);
}
const isDigit = (c: string) => c >= '0' && c <= '9';

export function lex(text: string, syntax: Syntax, emit: Emit): void {
  const { family, keywords, called } = syntax;
  const n = text.length;
  let i = 0;
  let depth = 0; // open brackets: a Python line break inside them is not the end of a statement
  let lineHasTokens = false;
  while (i < n) {
    const c = text[i];
    if (c === '\n') {
      if (family === 'python' && depth === 0 && lineHasTokens) emit(';', i, i + 1);
      lineHasTokens = false;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
      continue;
    }
    // A Python line continued with a backslash is one statement: no token for the break.
    if (c === '\\' && family === 'python' && /^\\[ \t]*\r?\n/.test(text.slice(i, i + 40))) {
      i = text.indexOf('\n', i) + 1;
      continue;
    }
    const commentEnd = COMMENT_STARTS.includes(c) ? comment(text, i, family, lineHasTokens) : i;
    if (commentEnd > i) {
      i = commentEnd;
      continue;
    }
    lineHasTokens = true;
    const start = i;
    if (isIdStart(c)) {
      while (i < n && isIdPart(text[i])) i++;
      const word = text.slice(start, i);
      // A string prefix (r"..", b'..', f"..", u".."): the whole is one string.
      if (family === 'python' && /^[rbfuRBFU]{1,2}$/.test(word) && (text[i] === '"' || text[i] === "'")) {
        i = stringEnd(text, i, true);
        emit('S', start, i);
      } else if (keywords.has(word)) emit(LOOP_WORDS.has(word) ? 'loop' : word, start, i);
      else emit(called.has(word) && nextCharacter(text, i) === '(' ? word : 'I', start, i);
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      i++;
      while (i < n && (isIdPart(text[i]) || (text[i] === '.' && isDigit(text[i + 1] ?? '')))) i++;
      emit('N', start, i);
      continue;
    }
    if (c === '"' || c === '`' || (c === "'" && (family !== 'c' || charLiteralEnd(text, i) > 0))) {
      i = c === "'" && family === 'c' ? charLiteralEnd(text, i) : stringEnd(text, i, family !== 'generic');
      emit('S', start, i);
      continue;
    }
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth = Math.max(0, depth - 1);
    const op = OPERATOR_STARTS.has(c) && OPERATORS.find((o) => text.startsWith(o, i) && (o !== '//' || family === 'python'));
    i += op ? op.length : 1;
    emit(op || c, start, i);
  }
  // The last statement ends whether or not a line break follows it: a final newline changes nothing.
  if (family === 'python' && depth === 0 && lineHasTokens) emit(';', n, n);
}

/** The first character from `i` on that is not a space or a tab. */
function nextCharacter(text: string, i: number): string {
  while (text[i] === ' ' || text[i] === '\t') i++;
  return text[i] ?? '';
}

/** Where a comment starting at `i` ends, or `i` when none starts there. */
function comment(text: string, i: number, family: Family, lineHasTokens: boolean): number {
  const c = text[i];
  const next = text[i + 1];
  const lineEnd = () => {
    const nl = text.indexOf('\n', i);
    return nl < 0 ? text.length : nl;
  };
  if (family === 'c') {
    if (c === '/' && next === '/') return lineEnd();
    if (c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      return close < 0 ? text.length : close + 2;
    }
    return i;
  }
  if (family === 'python') return c === '#' ? lineEnd() : i;
  // Generic: the usual line-comment markers, only where a line starts (`--` or `#` mid-line may be code).
  if (!lineHasTokens && (c === '#' || c === '%' || c === ';' || (c === '/' && next === '/') || (c === '-' && next === '-'))) return lineEnd();
  return i;
}

/** The end of a string opening at `i` (triple quotes when allowed); unclosed ends at the line's end. */
function stringEnd(text: string, i: number, triple: boolean): number {
  const q = text[i];
  if (triple && text.startsWith(q.repeat(3), i)) {
    const close = text.indexOf(q.repeat(3), i + 3);
    return close < 0 ? text.length : close + 3;
  }
  const multiline = q === '`';
  let j = i + 1;
  while (j < text.length) {
    const c = text[j];
    if (c === '\\') j += 2;
    else if (c === q) return j + 1;
    else if (c === '\n' && !multiline) return j;
    else j++;
  }
  return text.length;
}

/** A C-family character literal ('a', '\n', '\u0041') ends close by; a Rust lifetime ('a) does not. */
function charLiteralEnd(text: string, i: number): number {
  for (let j = i + 1; j < Math.min(text.length, i + 12); j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === "'") return j + 1;
    else if (text[j] === '\n') return 0;
  }
  return 0;
}
