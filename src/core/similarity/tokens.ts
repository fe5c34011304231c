// A solution's token stream in typed arrays (a class of 1,000 solutions is about a million
// tokens: objects per token would cost ten times the memory). Each token keeps its file and its
// character range, so a matched region can be shown in the source it came from.
import { syntaxOf } from './families';
import { lex } from './lexer';
import { normaliseForLoops, normaliseIncrements, normalisePythonRanges, type NormaliseOptions, type Token } from './normalise';
import { inlineHelpers } from './inline';
import { dropUnusedAssignments, orderStatementRuns } from './statements';

export interface SourceFile {
  /** Relative to the solution (its own name for a one-file solution). */
  path: string;
  text: string;
}

export interface TokenStream {
  /** Each token's kind as a well-mixed 32-bit value (see kindValue). */
  kinds: Uint32Array;
  starts: Uint32Array;
  ends: Uint32Array;
  /** Index into the solution's files. */
  files: Uint16Array;
  length: number;
}

const kindValues = new Map<string, number>();

/** A fixed pseudo-random value per token kind (FNV-1a, then mixed): k-gram hashes spread well. */
function kindValue(kind: string): number {
  let v = kindValues.get(kind);
  if (v === undefined) {
    let h = 0x811c9dc5;
    for (let i = 0; i < kind.length; i++) h = Math.imul(h ^ kind.charCodeAt(i), 0x01000193);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    v = h >>> 0;
    kindValues.set(kind, v);
  }
  return v;
}

export function tokenize(files: readonly SourceFile[], normalise: NormaliseOptions = {}): TokenStream {
  let cap = 256;
  let kinds = new Uint32Array(cap);
  let starts = new Uint32Array(cap);
  let ends = new Uint32Array(cap);
  let fileOf = new Uint16Array(cap);
  let length = 0;
  files.forEach((file, index) => {
    const syntax = syntaxOf(file.path);
    let list: Token[] = [];
    lex(file.text, syntax, (kind, start, end) => list.push({ kind, start, end }));
    if (normalise.inline && (syntax.family === 'c' || syntax.family === 'python')) list = inlineHelpers(list, file.text, syntax.family === 'python');
    if (normalise.increments) list = normaliseIncrements(list, file.text);
    if (normalise.loops && syntax.family === 'c') list = normaliseForLoops(list);
    if (normalise.ranges && syntax.family === 'python') list = normalisePythonRanges(list);
    const statements = syntax.family === 'c' || syntax.family === 'python';
    if (normalise.unused && statements) list = dropUnusedAssignments(list, file.text, syntax.family === 'python');
    if (normalise.order && statements) list = orderStatementRuns(list, file.text, syntax.family === 'python');
    for (const { kind, start, end } of list) {
      if (length === cap) {
        cap *= 2;
        kinds = grow(kinds, new Uint32Array(cap));
        starts = grow(starts, new Uint32Array(cap));
        ends = grow(ends, new Uint32Array(cap));
        fileOf = grow(fileOf, new Uint16Array(cap));
      }
      kinds[length] = kindValue(kind);
      starts[length] = start;
      ends[length] = end;
      fileOf[length] = index;
      length++;
    }
  });
  return { kinds, starts, ends, files: fileOf, length };
}

function grow<T extends Uint32Array | Uint16Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
