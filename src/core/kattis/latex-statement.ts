// A LaTeX problem statement turned into Markdown as far as that is honest (issue 38: converted or
// reported, never dropped silently). The statement is read in passes:
//  1. code (verbatim, lstlisting, minted, \verb) and math (\(..\), $..$, \[..\], $$..$$, equation,
//     align, …) are cut out first and replaced by placeholders, so that no later pass touches
//     what is inside them: quotes, dashes and `~` mean something else there;
//  2. environments (lists, tabular) and commands with arguments (sectioning, emphasis, \url,
//     \href, \includegraphics, problemtools' \illustration) become Markdown, braces matched;
//  3. TeX's typography (``quotes'', -- and ---, ~, accents, \%) becomes the characters it prints;
//  4. whatever command or environment is still there is left as written and counted, for the
//     import's notes. Math is Markdown math ($..$ inline, $$ on their own lines), which VS Code's
//     Markdown preview renders. The .tex file itself is kept next to the folder's statement.

export interface LatexStatementOptions {
  /** Where an image the statement shows is found: the link to write, or undefined when it is not imported. */
  image?: (name: string) => string | undefined;
  /** The value of a 2025-09 constant, `\constant{name}` or `\constant{name.variant}`; undefined leaves it as written. */
  constant?: (name: string) => string | undefined;
}

export interface LatexStatement {
  markdown: string;
  /** Commands (`\name`) and environments (`{name}`) left as written, with how often. */
  left: Map<string, number>;
}

const MARK = '\u0000';
const PIECE = new RegExp(`${MARK}(\\d+)${MARK}`, 'g');
/** A tabular left as written: a piece marked T, for counting. */
const KEPT_TABLE = new RegExp(`${MARK}T(\\d+)${MARK}`, 'g');
const FENCE_LANGUAGES: Record<string, string> = { 'c++': 'cpp', python: 'python', java: 'java', c: 'c', bash: 'bash', sh: 'sh' };

/** Cut-out pieces: code, math, tables, written back at the end. */
class Pieces {
  private readonly list: string[] = [];
  add(text: string): string {
    this.list.push(text);
    return `${MARK}${this.list.length - 1}${MARK}`;
  }
  restore(text: string): string {
    let out = text;
    // A table cell may hold math: restore until nothing is left.
    for (let i = 0; i < 5 && out.includes(MARK); i++) out = out.replace(PIECE, (_, n: string) => this.list[Number(n)]);
    return out;
  }
}

/**
 * The index just past the group that opens at `open` (a `{` or `[`), or -1 when it does not close
 * within `limit` characters. Short groups only (an optional argument, a column spec): a statement is
 * hostile, and scanning to its end from each of many unclosed groups would take quadratic time;
 * braces of any length go through braceEnds.
 */
function groupEnd(text: string, open: number, limit = 1000): number {
  const [o, c] = text[open] === '[' ? ['[', ']'] : ['{', '}'];
  let depth = 0;
  for (let i = open; i < Math.min(text.length, open + limit); i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === o) depth++;
    else if (text[i] === c && --depth === 0) return i + 1;
  }
  return -1;
}

/** Every `{` of the text and the index just past its matching `}` (none when it never closes), in one pass. */
function braceEnds(text: string): Map<number, number> {
  const ends = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') open.push(i);
    else if (text[i] === '}' && open.length) ends.set(open.pop()!, i + 1);
  }
  return ends;
}

/**
 * Replaces each `\name[optional]{arg}…` (`args` brace groups, balanced) by `to(args, optional)`;
 * an occurrence whose groups do not close is left as it is.
 */
function replaceCommand(text: string, name: string, args: number, to: (args: string[], optional?: string) => string): string {
  const re = new RegExp(`\\\\${name.replace(/\*/g, '\\*')}(?![A-Za-z])`, 'g');
  let out = '';
  let last = 0;
  let ends: Map<number, number> | undefined;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    ends ??= braceEnds(text);
    let at = m.index + m[0].length;
    const skipSpace = () => {
      while (/[ \t]/.test(text[at] ?? '')) at++;
    };
    skipSpace();
    let optional: string | undefined;
    if (text[at] === '[') {
      const end = groupEnd(text, at);
      if (end < 0) continue;
      optional = text.slice(at + 1, end - 1);
      at = end;
    }
    const values: string[] = [];
    for (let i = 0; i < args; i++) {
      skipSpace();
      if (text[at] !== '{') break;
      const end = ends.get(at) ?? -1;
      if (end < 0) break;
      values.push(text.slice(at + 1, end - 1));
      at = end;
    }
    if (values.length < args) continue;
    out += text.slice(last, m.index) + to(values, optional);
    last = at;
    re.lastIndex = at;
  }
  return out + text.slice(last);
}

/** Every `\begin{env}…\end{env}` (not nested in one of the same name) replaced by `to(body, arguments)`. */
function replaceEnvironment(text: string, env: string, to: (body: string, after: string) => string, argument = /^/): string {
  const name = env.replace(/\*/g, '\\*');
  const re = new RegExp(`\\\\begin\\{${name}\\}`, 'g');
  const close = `\\end{${env}}`;
  let out = '';
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const rest = text.slice(m.index + m[0].length);
    const arg = argument.exec(rest)?.[0] ?? '';
    const end = text.indexOf(close, m.index + m[0].length + arg.length);
    if (end < 0) break;
    out += text.slice(last, m.index) + to(text.slice(m.index + m[0].length + arg.length, end), arg);
    last = end + close.length;
    re.lastIndex = last;
  }
  return out + text.slice(last);
}

const block = (text: string) => `\n\n${text}\n\n`;

function fenced(code: string, language = ''): string {
  const body = code.replace(/^[ \t]*\n/, '').replace(/\n[ \t]*$/, '');
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${body}\n${fence}`;
}

/** Inline code: backticks longer than any run inside, as CommonMark wants. */
function inlineCode(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return longest ? `${ticks} ${code} ${ticks}` : `${ticks}${code}${ticks}`;
}

function cutCode(tex: string, pieces: Pieces): string {
  let text = replaceEnvironment(tex, 'verbatim', (body) => block(pieces.add(fenced(body))));
  text = replaceEnvironment(
    text,
    'lstlisting',
    (body, options) => block(pieces.add(fenced(body, FENCE_LANGUAGES[/language\s*=\s*\{?([\w+]+)/i.exec(options)?.[1].toLowerCase() ?? ''] ?? ''))),
    /^\[[^\]]*\]/,
  );
  text = replaceEnvironment(text, 'minted', (body, lang) => block(pieces.add(fenced(body, FENCE_LANGUAGES[lang.slice(1, -1).toLowerCase()] ?? lang.slice(1, -1)))), /^\{[^}]*\}/);
  // \verb|x| and \lstinline|x|: any delimiter character.
  text = text.replace(/\\(?:verb|lstinline)\*?([^\sA-Za-z{])(.*?)\1/g, (_, _d: string, code: string) => pieces.add(inlineCode(code)));
  // A % in a URL is no comment: escaped here, so that dropping comments leaves it.
  return text.replace(/\\(url|href)\s*\{([^{}]*)\}/g, (_, cmd: string, url: string) => `\\${cmd}{${url.replace(/(?<!\\)%/g, '\\%')}}`);
}

/** TeX comments: a line holding only one goes whole (it joins no paragraphs); a trailing one goes from the %. */
function dropComments(tex: string): string {
  return tex.replace(/^[ \t]*(?<!\\)%.*\n/gm, '').replace(/(?<!\\)%.*$/gm, '');
}

const MATH_ENVIRONMENTS: Array<[string, string | undefined]> = [
  ['equation', undefined],
  ['equation*', undefined],
  ['displaymath', undefined],
  ['align', 'aligned'],
  ['align*', 'aligned'],
  ['eqnarray', 'aligned'],
  ['eqnarray*', 'aligned'],
  ['gather', 'gathered'],
  ['gather*', 'gathered'],
  ['multline', undefined],
  ['multline*', undefined],
];

function displayMath(body: string, wrap?: string): string {
  const math = body.replace(/\\(?:label\{[^}]*\}|nonumber|notag)/g, '').trim();
  return `$$\n${wrap ? `\\begin{${wrap}}\n${math}\n\\end{${wrap}}` : math}\n$$`;
}

/** Inline math as Markdown wants it: on one line, no space inside the dollars. */
const inlineMath = (body: string) => `$${body.replace(/\s*\n\s*/g, ' ').trim()}$`;

const escaped = (text: string, at: number) => {
  let n = 0;
  while (at - n - 1 >= 0 && text[at - n - 1] === '\\') n++;
  return n % 2 === 1;
};

/**
 * Each `open…close` (neither escaped by a backslash, the body not empty) replaced by `to(body)`, in
 * one pass: once a closer is missing, none follows, so the rest is left as it is.
 */
function replaceDelimited(text: string, open: string, close: string, to: (body: string) => string): string {
  let out = '';
  let last = 0;
  let from = 0;
  for (;;) {
    const start = text.indexOf(open, from);
    if (start < 0) break;
    if (escaped(text, start)) {
      from = start + 1;
      continue;
    }
    let end = text.indexOf(close, start + open.length + 1);
    while (end >= 0 && escaped(text, end)) end = text.indexOf(close, end + 1);
    if (end < 0) break;
    out += text.slice(last, start) + to(text.slice(start + open.length, end));
    last = from = end + close.length;
  }
  return out + text.slice(last);
}

function cutMath(tex: string, pieces: Pieces): string {
  let text = tex;
  for (const [env, wrap] of MATH_ENVIRONMENTS) text = replaceEnvironment(text, env, (body) => block(pieces.add(displayMath(body, wrap))));
  text = replaceDelimited(text, '$$', '$$', (body) => block(pieces.add(displayMath(body))));
  text = replaceDelimited(text, '\\[', '\\]', (body) => block(pieces.add(displayMath(body))));
  text = replaceDelimited(text, '\\(', '\\)', (body) => pieces.add(inlineMath(body)));
  return text.replace(/(?<!\\)\$((?:\\.|[^$\\])+?)\$/g, (_, body: string) => pieces.add(inlineMath(body)));
}

/**
 * The statement's own macros (\newcommand, \renewcommand, \def; with #1… arguments) expanded
 * where they are used, math included, and the 2025-09 \constant{name} replaced by its value: the
 * Markdown has no macros, and a bare \maxn would mean nothing to a reader or to KaTeX.
 */
/** The statement's own macros expanded, at most: more is no statement a person wrote. */
const MAX_MACROS = 200;

function expandMacros(tex: string, o: LatexStatementOptions): string {
  const macros: Array<{ name: string; args: number; body: string }> = [];
  const define = /\\(?:re)?newcommand\*?\s*\{?\\([A-Za-z]+)\}?\s*(?:\[(\d)\])?\s*\{|\\def\s*\\([A-Za-z]+)((?:#\d)*)\s*\{/g;
  let text = '';
  let last = 0;
  const ends = braceEnds(tex);
  for (let m = define.exec(tex); m; m = define.exec(tex)) {
    const open = m.index + m[0].length - 1;
    const end = ends.get(open) ?? -1;
    if (end < 0) break;
    macros.push({ name: m[1] ?? m[3], args: m[2] ? Number(m[2]) : (m[4] ?? '').length / 2, body: tex.slice(open + 1, end - 1) });
    text += tex.slice(last, m.index);
    last = end;
    define.lastIndex = end;
  }
  text += tex.slice(last);
  if (o.constant) text = replaceCommand(text, 'constant', 1, ([name]) => o.constant!(name.trim()) ?? `\\constant{${name}}`);
  // A macro may use one defined before it: a few rounds, never for ever (\def\a{\a}), and never
  // past a bound on the text's growth (\def\b{\a\a} over \def\a{…} doubles it each time).
  const most = 4 * text.length + 65536;
  for (let round = 0; round < 5 && macros.length; round++) {
    const before = text;
    for (const { name, args, body } of macros.slice(0, MAX_MACROS)) {
      if (text.length > most) break;
      text = args
        ? replaceCommand(text, name, args, (values) => body.replace(/#(\d)/g, (all, n: string) => values[Number(n) - 1] ?? all))
        : text.replace(new RegExp(`\\\\${name}(?![A-Za-z])(?:\\{\\})?`, 'g'), () => body);
    }
    if (text === before) break;
  }
  return text;
}

/** Lists, nested ones indented: itemize → -, enumerate → 1., description → - **term**. */
function lists(tex: string): string {
  const stack: string[] = [];
  return tex.replace(
    /\n?[ \t]*\\(begin|end)\{(itemize|enumerate|description)\}[ \t]*|\n?[ \t]*\\item(?:\[([^\]]*)\])?[ \t]*/g,
    (all, verb?: string, kind?: string, term?: string) => {
      if (verb === 'begin') {
        stack.push(kind!);
        return stack.length === 1 ? '\n' : '';
      }
      if (verb === 'end') {
        stack.pop();
        return stack.length === 0 ? '\n' : '';
      }
      if (!stack.length) return all;
      const indent = '  '.repeat(stack.length - 1);
      const kindNow = stack[stack.length - 1];
      const marker = kindNow === 'enumerate' ? '1. ' : '- ';
      return `\n${indent}${marker}${term !== undefined ? `**${term}** ` : ''}`;
    },
  );
}

const cellText = (cell: string) =>
  cell
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .replace(/\|/g, '\\|');

/** A tabular whose rows all have as many cells as its column spec, none spanning: a Markdown table (the first row its header). */
function table(body: string, spec: string, pieces: Pieces): string | undefined {
  if (/\\(?:multicolumn|multirow|begin\{tabular)/.test(body)) return undefined;
  const columns = spec.replace(/[|{}\s]|@\{[^}]*\}|[pmb]\{[^}]*\}/g, (m) => (/^[pmb]\{/.test(m) ? 'l' : '')).length;
  const rows = body
    .replace(/\\(?:hline|toprule|midrule|bottomrule)|\\cline\{[^}]*\}/g, '')
    .split(/\\\\(?:\[[^\]]*\])?/)
    .map((row) => row.trim())
    .filter(Boolean)
    .map((row) => row.split(/(?<!\\)&/).map(cellText));
  if (!rows.length || rows.some((r) => r.length !== columns)) return undefined;
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  // The separator row is cut out: the dash pass would turn its --- into an em dash.
  return block([line(rows[0]), pieces.add(line(rows[0].map(() => '---'))), ...rows.slice(1).map(line)].join('\n'));
}

function tables(tex: string, pieces: Pieces): string {
  let text = '';
  let rest = tex;
  for (let at = rest.indexOf('\\begin{tabular}'); at >= 0; at = rest.indexOf('\\begin{tabular}')) {
    const specStart = at + '\\begin{tabular}'.length;
    const specEnd = rest[specStart] === '{' ? groupEnd(rest, specStart) : -1;
    const end = rest.indexOf('\\end{tabular}', specStart);
    if (specEnd < 0 || end < 0) break;
    const converted = table(rest.slice(specEnd, end), rest.slice(specStart + 1, specEnd - 1), pieces);
    // Not simple: left as written (counted as the environment tabular), since a wrong table is worse than none.
    text += rest.slice(0, at) + (converted ?? pieces.add(`\\begin{tabular}${rest.slice(specStart, end)}\\end{tabular}`).replace(MARK, `${MARK}T`));
    rest = rest.slice(end + '\\end{tabular}'.length);
  }
  return text + rest;
}

const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '"': '\u0308',
  '^': '\u0302',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  c: '\u0327',
  v: '\u030c',
  u: '\u0306',
  H: '\u030b',
  r: '\u030a',
};
const LETTERS: Record<string, string> = { aa: 'å', AA: 'Å', o: 'ø', O: 'Ø', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ', ss: 'ß', l: 'ł', L: 'Ł', i: 'ı' };
const SYMBOLS: Array<[RegExp, string]> = [
  [/\\(?:ldots|dots|textellipsis)(?![A-Za-z])(?:\{\})?/g, '…'],
  [/\\LaTeX(?![A-Za-z])(?:\{\})?/g, 'LaTeX'],
  [/\\TeX(?![A-Za-z])(?:\{\})?/g, 'TeX'],
  [/\\(?:textbackslash)(?![A-Za-z])(?:\{\})?/g, '\\\\'],
  [/\\textasciitilde(?![A-Za-z])(?:\{\})?/g, '\\~'],
  [/\\(?:textless)(?![A-Za-z])(?:\{\})?/g, '&lt;'],
  [/\\(?:textgreater)(?![A-Za-z])(?:\{\})?/g, '&gt;'],
];

/** TeX typography: quotes, dashes, ties, accents and escaped characters become what they print. */
function typography(tex: string): string {
  let text = tex.replace(/\\(['`"^~=.]|[cvuHr](?![A-Za-z]))\s*(?:\{(\\?[A-Za-z])\}|(\\?[A-Za-z]))/g, (all, accent: string, braced?: string, bare?: string) => {
    const base = (braced ?? bare)!.replace(/^\\i$/, 'i').replace(/^\\j$/, 'j');
    return base.length === 1 && ACCENTS[accent] ? (base + ACCENTS[accent]).normalize('NFC') : all;
  });
  text = text
    .replace(/``/g, '“')
    .replace(/''/g, '”')
    .replace(/`/g, '‘')
    .replace(/'/g, '’')
    .replace(/---/g, '—')
    .replace(/--/g, '–')
    .replace(/(?<!\\)~/g, '\u00a0');
  text = text.replace(/\\([A-Za-z]{1,2})(?![A-Za-z])(?:\{\})?/g, (all, name: string) => LETTERS[name] ?? all);
  for (const [re, to] of SYMBOLS) text = text.replace(re, to);
  // Escaped characters: those Markdown gives a meaning keep a Markdown escape.
  return text
    .replace(/\\([%&{}])/g, '$1')
    .replace(/\\([$#_])/g, '\\$1')
    .replace(/\\ /g, ' ')
    .replace(/\\-/g, '');
}

/** A URL as \url and \href take it: `%` and `#` are characters there (escaped or not), not a comment. */
const urlText = (raw: string) => raw.trim().replace(/\\([%#&_~$])/g, '$1');
const webLink = (url: string) => /^(?:https?|mailto|ftp):[^\s<>]*$/i.test(url.trim());

/** The text of \texttt{…}: TeX's escapes undone, quotes left straight as a typewriter font prints them. */
function codeText(tex: string): string {
  return tex
    .replace(/\\textbackslash(?![A-Za-z])(?:\{\})?/g, '\\')
    .replace(/\\(?:textasciitilde|~)(?![A-Za-z])(?:\{\})?/g, '~')
    .replace(/\\([%&{}$#_ ])/g, '$1')
    .replace(/\s*\n\s*/g, ' ');
}

function commands(tex: string, pieces: Pieces, o: LatexStatementOptions): string {
  let text = tex;
  const image = (name: string, caption: string) => {
    const link = o.image ? o.image(name) : name;
    const alt = typography(caption).replace(/[[\]]/g, '');
    return pieces.add(link === undefined ? `*(image ${inlineCode(name)} not imported${caption ? `: ${alt}` : ''})*` : `![${alt}](<${link}>)`);
  };
  // The outer command first: what it holds is another pass's work, so nested ones come out too.
  for (let pass = 0; pass < 4; pass++) {
    const before = text;
    // An empty \problemname{} takes the name from problem.yaml in problemtools; the folder has it in problem.json.
    text = replaceCommand(text, 'problemname', 1, ([t]) => (t.trim() ? `# ${t.trim()}` : ''));
    for (const [cmd, level] of [
      ['section', '##'],
      ['subsection', '###'],
      ['subsubsection', '####'],
    ] as const) {
      text = replaceCommand(text, `${cmd}*`, 1, ([t]) => `\n\n${level} ${t.trim()}\n\n`);
      text = replaceCommand(text, cmd, 1, ([t]) => `\n\n${level} ${t.trim()}\n\n`);
    }
    text = replaceCommand(text, 'paragraph', 1, ([t]) => `\n\n**${t.trim()}** `);
    text = replaceCommand(text, 'textbf', 1, ([t]) => `**${t}**`);
    for (const cmd of ['emph', 'textit', 'textsl']) text = replaceCommand(text, cmd, 1, ([t]) => `*${t}*`);
    text = replaceCommand(text, 'texttt', 1, ([t]) => pieces.add(inlineCode(codeText(t))));
    for (const cmd of ['textrm', 'textsf', 'textsc', 'textup', 'textnormal', 'mbox', 'text', 'underline']) text = replaceCommand(text, cmd, 1, ([t]) => t);
    // Links only to the web or mail: a package is hostile, and a command: link in a statement could run something.
    text = replaceCommand(text, 'url', 1, ([raw]) => {
      const u = urlText(raw);
      return pieces.add(webLink(u) ? `<${u}>` : inlineCode(u));
    });
    text = replaceCommand(text, 'href', 2, ([raw, t]) => {
      const u = urlText(raw);
      return webLink(u) ? `[${t}](${pieces.add(`<${u}>`)})` : `${t} (${pieces.add(inlineCode(u))})`;
    });
    text = replaceCommand(text, 'footnote', 1, ([t]) => ` (${t.trim()})`);
    text = replaceCommand(text, 'includegraphics', 1, ([f]) => image(f.trim(), ''));
    // problemtools' \illustration{width}{file}{caption}: a figure beside the text.
    text = replaceCommand(text, 'illustration', 3, ([, f, caption]) => `${image(f.trim(), caption.trim())}${caption.trim() ? `\n*${caption.trim()}*` : ''}\n`);
    text = replaceCommand(text, 'caption', 1, ([t]) => `\n*${t.trim()}*\n`);
    text = replaceCommand(text, 'label', 1, () => '');
    // Old-style switches in a group: {\bf x}, {\em x}.
    text = text.replace(/\{\\(bf|em|it|sl|tt)\s+([^{}]*)\}/g, (_, kind: string, t: string) => (kind === 'bf' ? `**${t}**` : kind === 'tt' ? pieces.add(inlineCode(t)) : `*${t}*`));
    if (text === before) break;
  }
  // The sections of the BAPC statement class: \begin{Input}…\end{Input}.
  text = text.replace(/\\begin\{(Input|Output|Interaction|Scoring|Explanation)\}/g, '\n\n## $1\n\n').replace(/\\end\{(?:Input|Output|Interaction|Scoring|Explanation)\}/g, '\n\n');
  // problemtools puts the samples where these stand; the folder keeps them as sample test cases.
  text = text.replace(/\\nextsample(?![A-Za-z])(?:\{\})?/g, '\n\n*(The next sample test case is shown here.)*\n\n');
  text = text.replace(/\\remainingsamples(?![A-Za-z])(?:\{\})?/g, '\n\n*(The remaining sample test cases are shown here.)*\n\n');
  return text;
}

/** Layout only, with no meaning in Markdown: removed. */
const LAYOUT: Array<[RegExp, string]> = [
  [/\\(?:begin|end)\{(?:center|flushleft|flushright|figure\*?|minipage|quote|quotation|samepage)\}(?:\[[^\]]*\])?(?:\{[^}]*\})?/g, '\n'],
  [/\\(?:noindent|centering|medskip|bigskip|smallskip|clearpage|newpage|pagebreak|hfill|vfill|raggedright|raggedleft|indent|protect)(?![A-Za-z])/g, ''],
  [/\\[vh]space\*?\{[^}]*\}/g, ' '],
  [/\\par(?![A-Za-z])/g, '\n\n'],
  // A line break (\\, \newline) becomes CommonMark's backslash hard break.
  [/[ \t]*(?:\\\\(?:\[[^\]]*\])?|\\newline(?![A-Za-z]))[ \t]*\n?/g, '\\\n'],
];

function leftOver(text: string): Map<string, number> {
  const left = new Map<string, number>();
  const count = (key: string) => left.set(key, (left.get(key) ?? 0) + 1);
  for (const m of text.matchAll(/\\begin\{([^}]*)\}/g)) count(`{${m[1]}}`);
  for (const m of text.matchAll(KEPT_TABLE)) if (m) count('{tabular}');
  for (const m of text.matchAll(/\\([A-Za-z]+)/g)) if (m[1] !== 'begin' && m[1] !== 'end') count(`\\${m[1]}`);
  return left;
}

export function convertLatexStatement(tex: string, o: LatexStatementOptions = {}): LatexStatement {
  const pieces = new Pieces();
  let text = cutCode(tex.replace(/\r\n?/g, '\n'), pieces);
  text = cutMath(expandMacros(dropComments(text), o), pieces);
  text = tables(text, pieces);
  text = lists(text);
  text = commands(text, pieces, o);
  for (const [re, to] of LAYOUT) text = text.replace(re, to);
  text = typography(text);
  const left = leftOver(text);
  // Layout before the pieces come back, so that code keeps its indentation: TeX ignores a line's
  // leading spaces, Markdown reads four as code (nested list items keep theirs).
  const laid = text
    .replace(/[ \t]+$/gm, '')
    .replace(/^[ \t]+(?=[^ \t\-\d*\n])/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(KEPT_TABLE, `${MARK}$1${MARK}`);
  const markdown = pieces.restore(laid);
  return {
    markdown: `${markdown.trim()}\n`,
    left,
  };
}

export function latexToMarkdown(tex: string): string {
  return convertLatexStatement(tex).markdown;
}

/** What was left as written, for the import's notes: "\foo (2), {bar} (1)". */
export function describeLeft(left: ReadonlyMap<string, number>): string {
  return [...left]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, n]) => `${name.startsWith('{') ? `environment ${name.slice(1, -1)}` : name} (${n})`)
    .join(', ');
}
