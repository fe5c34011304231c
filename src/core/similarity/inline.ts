// Extracted functions read as the code they hold. A disguise moves an expression into a helper
// (`x = a * b + 1` → `x = compute(a, b)` and `long compute(long a, long b) { return a * b + 1; }`),
// which edits the statement and adds a function: a few tokens, but a k-gram broken on every side.
// A helper whose body is one statement (`return e;`, or one call) is read where it is called:
// the call becomes its body with each parameter replaced by its argument, and the definition
// reads as nothing. Longer helpers stay as they are: they are structure, not a one-line disguise.
// Recursive helpers, overloaded names and calls with the wrong number of arguments are left alone.
// Tokens keep their character ranges, so regions still point at code (an inlined body at the helper).
import { matchBrackets, splitArguments, type Token } from './normalise';

interface Helper {
  params: string[];
  /** The body without its `return` and `;`. */
  body: Token[];
  /** The definition's token range, read as nothing. */
  from: number;
  to: number;
}

/** Words and marks a C-like definition's header may hold before the name (types, modifiers, generics). */
const HEADER = /^[A-Za-z_]|^[<>,*&[\]]$|^::$/;
/** A helper whose body is longer than this many tokens is not inlined (it is structure, and hostile input stays cheap). */
const MAX_BODY = 64;
/** A call whose arguments span more tokens than this is left as it is (nested calls in hostile input stay linear). */
const MAX_CALL = 256;

export function inlineHelpers(tokens: Token[], text: string, python: boolean): Token[] {
  const match = matchBrackets(tokens);
  const name = (t: Token) => text.slice(t.start, t.end);
  const helpers = python ? pythonHelpers(tokens, text, match) : cHelpers(tokens, text, match);
  const defined = new Map<string, Helper | undefined>();
  for (const [at, h] of helpers) {
    const n = name(tokens[at]);
    const recursive = h.body.some((t) => t.kind === 'I' && name(t) === n);
    defined.set(n, defined.has(n) || recursive ? undefined : h);
  }
  if (![...defined.values()].some(Boolean)) return tokens;
  // A call: a helper's name before `(`, not a field, not a definition's own head, with as many
  // arguments as the helper has parameters.
  const heads = new Set(helpers.map(([at]) => at));
  const callAt = (i: number): { h: Helper; close: number; args: Token[][] } | undefined => {
    const t = tokens[i];
    if (t.kind !== 'I' || tokens[i + 1]?.kind !== '(' || tokens[i - 1]?.kind === '.' || heads.has(i)) return undefined;
    const h = defined.get(name(t));
    const close = h ? match[i + 1] : -1;
    if (!h || close < 0 || close - i > MAX_CALL) return undefined;
    const args = splitArguments(tokens, i + 2, close, match);
    return args.length === h.params.length ? { h, close, args } : undefined;
  };
  // A definition reads as nothing only where the file calls it (`main`, or a method called from
  // elsewhere, is the program itself).
  const calls = new Map<number, NonNullable<ReturnType<typeof callAt>>>();
  const called = new Set<Helper>();
  for (let i = 0; i < tokens.length; i++) {
    const c = callAt(i);
    if (!c) continue;
    calls.set(i, c);
    called.add(c.h);
  }
  const removed = new Uint8Array(tokens.length);
  for (const h of called) removed.fill(1, h.from, h.to);

  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (removed[i]) continue;
    const c = calls.get(i);
    if (!c) {
      out.push(tokens[i]);
      continue;
    }
    for (const b of c.h.body) {
      const p = b.kind === 'I' ? c.h.params.indexOf(name(b)) : -1;
      if (p >= 0) out.push(...c.args[p]);
      else out.push(b);
    }
    i = c.close;
  }
  return out;
}

/** `type name ( params ) { return e ; }` or `{ call ( … ) ; }`, at any depth (methods of a class too). */
function cHelpers(tokens: Token[], text: string, match: Int32Array): Array<[number, Helper]> {
  const found: Array<[number, Helper]> = [];
  const opener = new Int32Array(tokens.length).fill(-1);
  for (let i = 0; i < tokens.length; i++) if (match[i] > i) opener[match[i]] = i;
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].kind !== '{' || tokens[i - 1].kind !== ')' || match[i] < 0) continue;
    const open = opener[i - 1];
    const at = open - 1;
    if (at < 1 || tokens[at].kind !== 'I' || !HEADER.test(tokens[at - 1].kind) || tokens[at - 1].kind === 'new') continue;
    if (match[i] - i - 1 > MAX_BODY) continue;
    const body = tokens.slice(i + 1, match[i]);
    const helper = oneStatement(body);
    if (!helper) continue;
    let from = at;
    while (from > 0 && HEADER.test(tokens[from - 1].kind) && !['return', 'else', 'new'].includes(tokens[from - 1].kind)) from--;
    found.push([at, { params: parameterNames(tokens, open, i - 1, match, text), body: helper, from, to: match[i] + 1 }]);
  }
  return found;
}

/** `def name ( params ) : ;` then one statement, the next line back at the `def`'s indentation. */
function pythonHelpers(tokens: Token[], text: string, match: Int32Array): Array<[number, Helper]> {
  const found: Array<[number, Helper]> = [];
  const column = (t: Token) => t.start - (text.lastIndexOf('\n', t.start - 1) + 1);
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i].kind !== 'def' || tokens[i + 1].kind !== 'I' || tokens[i + 2].kind !== '(') continue;
    const close = match[i + 2];
    if (close < 0 || tokens[close + 1]?.kind !== ':' || tokens[close + 2]?.kind !== ';') continue;
    let end = close + 3;
    while (end < tokens.length && tokens[end].kind !== ';') end = match[end] > end ? match[end] + 1 : end + 1;
    const after = tokens[end + 1];
    if (end >= tokens.length || (after && column(after) > column(tokens[i]))) continue;
    const helper = oneStatement(tokens.slice(close + 3, end + 1));
    if (helper) found.push([i + 1, { params: parameterNames(tokens, i + 2, close, match, text), body: helper, from: i, to: end + 1 }]);
  }
  return found;
}

/** A body of one statement ending in `;`: its tokens without `return` and `;`, or undefined. */
function oneStatement(body: Token[]): Token[] | undefined {
  if (body.length < 2 || body.length > MAX_BODY || body[body.length - 1].kind !== ';') return undefined;
  if (body.slice(0, -1).some((t) => t.kind === ';' || t.kind === '{' || t.kind === '}')) return undefined;
  const rest = body[0].kind === 'return' ? body.slice(1, -1) : body.slice(0, -1);
  // A statement body other than a return is inlined only when it is a call (a helper that prints, say).
  if (body[0].kind !== 'return' && !rest.some((t) => t.kind === '(')) return undefined;
  return rest.length > 0 ? rest : undefined;
}

/** Each parameter's name: the last name of each comma-separated part between the brackets. */
function parameterNames(tokens: Token[], open: number, close: number, match: Int32Array, text: string): string[] {
  return splitArguments(tokens, open + 1, close, match).map((part) => {
    const names = part.filter((t) => t.kind === 'I' || t.kind === 'self');
    const last = names[names.length - 1];
    return last ? text.slice(last.start, last.end) : '';
  });
}
