// Rewrites of a file's token list at the level of its statements, each undoing a structural
// disguise that edits the code every few tokens (so that no k-gram survives it), each measured on
// its own on both corpora of the similarity bench (BENCHMARKS.md, issue 41):
// - unused: a statement that only gives a value to a name the file never mentions again (`int
//   spare1 = 1;`, `mark = 2`) does nothing a reader of the program could see: it is dropped. Honest
//   solutions rarely hold one; a disguised copy holds one every few lines.
// - order: within a run of adjacent simple statements (assignments and declarations, no block, no
//   control flow), the order of independent statements is the author's choice, not the program's
//   structure: the run is read in one canonical order that keeps every dependent statement after
//   what it depends on, so swapping two independent declarations changes no k-gram beyond the run.
// A statement here is what lies between two statement boundaries of the token stream: `;` `{`
// `}` at bracket depth 0 in the C family, the end of a line (the lexer's `;`) in Python, where a
// block header ends with `:`. Tokens keep their character ranges, so regions still point at code.
import type { Token } from './normalise';

/** Statements starting with one of these are control flow or structure: never dropped or moved. */
const CONTROL = new Set(
  'if else elif loop return break continue switch case default throw raise goto try catch except finally def class import from with yield assert del global nonlocal pass package using namespace template typedef struct enum'.split(
    ' ',
  ),
);
const ASSIGN = new Set(['=', '+=', '-=', '*=', '/=', '%=', '//=', '**=', '&=', '|=', '^=', '<<=', '>>=', '>>>=', ':=']);
/** A run longer than this is left in its order (hostile input: sorting stays cheap). */
const MAX_RUN = 64;

interface Statement {
  from: number;
  /** One past the last token (the `;`). */
  to: number;
  /** Index of the assignment operator at depth 0, or -1. */
  assign: number;
  /**
   * Index of the token naming what it sets, or -1: the token before its assignment (`x = …`, a
   * name when the target is one), or, without one, its last token before the `;` (`int x;`).
   */
  sets: number;
  simple: boolean;
  /** It calls something (a name or a word before `(`): it may read input or print, so its place is the program's. */
  calls: boolean;
}

/** The statements of a token list, boundaries included as one-token non-simple statements. */
function statementsOf(tokens: readonly Token[], python: boolean): Statement[] {
  const out: Statement[] = [];
  let from = 0;
  let depth = 0;
  let assign = -1;
  let calls = false;
  let named = false;
  let colon = false;
  const close = (to: number, endsWithSemicolon: boolean) => {
    if (to > from) {
      const first = tokens[from].kind;
      const simple = endsWithSemicolon && to - from >= 2 && !CONTROL.has(first) && !colon && (assign >= 0 || !calls);
      const sets = assign > from ? assign - 1 : assign < 0 && tokens[to - 2]?.kind === 'I' ? to - 2 : -1;
      out.push({ from, to, assign, sets, simple, calls: named });
    }
    from = to;
    assign = -1;
    calls = false;
    named = false;
    colon = false;
  };
  for (let i = 0; i < tokens.length; i++) {
    const k = tokens[i].kind;
    if (python || (k !== '{' && k !== '}')) {
      if (k === '(' || k === '[' || (python && k === '{')) {
        depth++;
        if (k === '(') calls = true;
        if (k === '(' && i > 0 && /^[A-Za-z_]/.test(tokens[i - 1].kind)) named = true;
        continue;
      }
      if (k === ')' || k === ']' || (python && k === '}')) {
        depth = Math.max(0, depth - 1);
        continue;
      }
    }
    if (depth > 0) continue;
    if (k === ';') close(i + 1, true);
    else if (!python && (k === '{' || k === '}')) {
      close(i, false);
      close(i + 1, false);
    } else if (assign < 0 && ASSIGN.has(k)) assign = i;
    else if (k === ':' || k === '?') colon = true;
  }
  close(tokens.length, false);
  return out;
}

/** Drops statements that only give a value to a name mentioned nowhere else in the file. */
export function dropUnusedAssignments(tokens: Token[], text: string, python: boolean): Token[] {
  const mentions = new Map<string, number>();
  for (const t of tokens) {
    if (t.kind !== 'I') continue;
    const n = text.slice(t.start, t.end);
    mentions.set(n, (mentions.get(n) ?? 0) + 1);
  }
  const out: Token[] = [];
  for (const s of statementsOf(tokens, python)) {
    const target = s.sets >= 0 ? tokens[s.sets] : undefined;
    const rhsCalls = s.assign >= 0 && tokens.slice(s.assign + 1, s.to).some((t) => t.kind === '(');
    const unused = s.simple && target?.kind === 'I' && tokens[s.assign - 2]?.kind !== '.' && mentions.get(text.slice(target.start, target.end)) === 1 && !rhsCalls;
    if (!unused) for (let i = s.from; i < s.to; i++) out.push(tokens[i]);
  }
  return out;
}

/**
 * Reads every run of adjacent simple statements in one order that keeps the program's: a
 * statement that reads or sets a name an earlier one sets (or sets a name it reads) stays after
 * it, and statements that call something (reading input, printing) keep their order among
 * themselves. Among those free to go next, one that calls goes first (so the idioms a class
 * shares, mostly calls, stay in one piece), then the smallest by token kinds. Any order of the
 * run an author could choose without changing the program (swapping independent statements)
 * reads the same.
 */
export function orderStatementRuns(tokens: Token[], text: string, python: boolean): Token[] {
  const out: Token[] = [];
  const statements = statementsOf(tokens, python);
  const nameAt = (i: number) => text.slice(tokens[i].start, tokens[i].end);
  for (let i = 0; i < statements.length;) {
    let j = i;
    while (j < statements.length && statements[j].simple && j - i < MAX_RUN) j++;
    if (j - i < 2) {
      for (let t = statements[i].from; t < statements[i].to; t++) out.push(tokens[t]);
      i = Math.max(j, i + 1);
      continue;
    }
    const run = statements.slice(i, j).map((s) => {
      const at = s.sets;
      const sets = at >= 0 && tokens[at].kind === 'I' ? nameAt(at) : undefined;
      const reads = new Set<string>();
      let key = '';
      for (let t = s.from; t < s.to; t++) {
        key += `${tokens[t].kind} `;
        if (tokens[t].kind === 'I' && t !== at) reads.add(nameAt(t));
      }
      return { s, sets, reads, key, after: 0, placed: false };
    });
    const dependsOn = (b: (typeof run)[number], a: (typeof run)[number]) =>
      (a.s.calls && b.s.calls) || (a.sets !== undefined && (b.reads.has(a.sets) || b.sets === a.sets)) || (b.sets !== undefined && a.reads.has(b.sets));
    for (let b = 0; b < run.length; b++) for (let a = 0; a < b; a++) if (dependsOn(run[b], run[a])) run[b].after++;
    for (let placed = 0; placed < run.length; placed++) {
      let next = -1;
      const before = (c: number, d: number) => (run[c].s.calls !== run[d].s.calls ? run[c].s.calls : run[c].key < run[d].key);
      for (let c = 0; c < run.length; c++) if (!run[c].placed && run[c].after === 0 && (next < 0 || before(c, next))) next = c;
      run[next].placed = true;
      for (let t = run[next].s.from; t < run[next].s.to; t++) out.push(tokens[t]);
      for (let c = next + 1; c < run.length; c++) if (!run[c].placed && dependsOn(run[c], run[next])) run[c].after--;
    }
    i = j;
  }
  return out;
}
