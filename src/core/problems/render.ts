// The problem details document (Markdown, shown in VS Code's preview), free of `vscode`.
// Problem descriptions (and names) are written by other people and may hold HTML: whatever could
// run, load or open something (scripts, styles, frames, forms, event handlers, remote images,
// links other than http(s)/mailto/# — above all `command:` and `vscode:` URIs, which could run
// commands) is removed here, and Markdown link syntax in their text is made inert, before VS
// Code's own preview sanitiser ever sees it. test/unit/problems/sanitise.test.ts renders the
// result with the preview's parser (link check off) and a standard HTML parser to prove it.
// Hand-written rather than a library, for the bundle budget (dist/extension.js under 600 KB,
// 591.7 KB before this pass): minified, `xss` 1.0.17 adds 19.6 KB and `sanitize-html` 2.18.1
// 190 KB (htmlparser2, postcss); DOMPurify needs a DOM. Measured 2026-11 with esbuild --minify.
import type { Judge, Problem, TestCase } from '../../api';
import { markdownNumber } from '../escape-markdown';

/** Tags removed together with their content. */
const DROP_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'frameset', 'frame', 'applet'];
/** Tags kept (attributes filtered); any other tag is removed but its text stays. */
const KEEP: ReadonlySet<string> = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'blockquote',
  'hr',
  'a',
  'img',
  'span',
  'div',
]);
const KEEP_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan']);

/** True when the text carries markup rather than plain prose. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^<>]*)?>/i.test(text);
}

/** Decodes the character references an attribute value may hide a URL scheme behind. */
function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|colon|tab|newline));?/gi, (all, dec?: string, hex?: string, name?: string) => {
    if (name) return NAMED_ENTITIES[name.toLowerCase()];
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n' };

/** The URL as a browser reads it (no tabs or newlines, no leading or trailing controls and spaces), or undefined when not allowed. */
function safeUrl(value: string, attribute: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- browsers strip these around a URL, so must we
  const url = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const allowed = attribute === 'src' ? /^data:image\/(png|gif|jpe?g|webp)[;,]/i : /^(https?:|mailto:|#)/i;
  return allowed.test(url) ? url : undefined;
}

function sanitiseAttributes(tag: string, raw: string): string {
  const kept: string[] = [];
  const pattern = /([a-z][a-z0-9-]*)\s*(?:=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+)))?/gi;
  for (const m of raw.matchAll(pattern)) {
    const name = m[1].toLowerCase();
    if (!KEEP_ATTRIBUTES.has(name)) continue; // drops on*, style, srcset, formaction...
    if ((name === 'href' && tag !== 'a') || (name === 'src' && tag !== 'img')) continue;
    let value: string | undefined = decodeEntities(m[3] ?? m[4] ?? m[5] ?? '');
    if (name === 'href' || name === 'src') value = safeUrl(value, name);
    if (value !== undefined) kept.push(`${name}="${escapeHtml(value)}"`);
  }
  return kept.length ? ` ${kept.join(' ')}` : '';
}

/** Removes comments and active elements with their content, again while a removal joins the pieces around it into a new one. */
function dropActiveContent(html: string): string {
  let text = html;
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(/<!--[\s\S]*?-->/g, '');
    for (const tag of DROP_WITH_CONTENT) {
      text = text.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(?:<\\/${tag}\\s*>|$)`, 'gi'), '');
    }
  }
  return text;
}

/**
 * Text between tags, made inert both as HTML and as Markdown: the preview reads the text around
 * raw HTML as Markdown, where `[x](command:...)` would be a link. Character references stay,
 * since they can only ever stand for text.
 */
function escapeText(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\[/g, '&#91;').replace(/\]/g, '&#93;');
}

/**
 * Keeps harmless formatting; removes active content, unknown tags and dangerous attributes.
 * One pass over the tags: every `<` in the result starts a tag written here, so removing a tag
 * can never join its neighbours into a new one (`<<x>script>`).
 */
export function sanitiseHtml(html: string): string {
  const text = dropActiveContent(html);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/<(\/?)([a-z][a-z0-9]*)\b([^>]*)>/gi)) {
    const tag = m[2].toLowerCase();
    out += escapeText(text.slice(last, m.index));
    if (KEEP.has(tag)) out += m[1] ? `</${tag}>` : `<${tag}${sanitiseAttributes(tag, m[3])}>`;
    last = m.index + m[0].length;
  }
  return out + escapeText(text.slice(last));
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Plain text keeps its lines: each becomes a Markdown hard break, special characters escaped.
 * Math (`$..$`, `$$..$$`, a paragraph that is a `$$` block, as a Kattis LaTeX statement becomes)
 * is kept for the preview's math renderer (issue 38): see mathSource.
 */
export function plainTextToMarkdown(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split('\n\n')
    .map((paragraph) =>
      /^\s*\$\$[\s\S]*\$\$\s*$/.test(paragraph)
        ? mathSource(paragraph)
        : paragraph
            .split('\n')
            .map((line) => escapeLine(line))
            .join('  \n'),
    )
    .join('\n\n');
}

/**
 * `$..$` as the preview's math plugin reads it: no space inside the dollars, no digit after the
 * closing one (so "$5 and $10" stays text); `$$..$$` on one line.
 */
const INLINE_MATH = /\$\$(?=\S)(?:\\.|[^$\\])+?\$\$|\$(?=[^\s$])(?:\\.|[^$\\])*?(?<=[^\s\\])\$(?!\d)/g;

function escapeLine(line: string): string {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(INLINE_MATH)) {
    out += escapeMarkdown(line.slice(last, m.index)) + mathSource(m[0]);
    last = m.index + m[0].length;
  }
  return last ? out + escapeMarkdown(line.slice(last)) : escapeMarkdown(line);
}

/**
 * Math source for the preview's renderer (KaTeX, which makes no links: VS Code does not trust it),
 * left as written but for what would be markup were math switched off (markdown.math.enabled):
 * `<` and `>` become KaTeX's \lt and \gt (no HTML tag can start), and `]` before `(`, `[` or `:`
 * gets an empty group (no link, nor link definition, can form). `&` stays: it aligns, and an
 * entity only ever stands for text.
 */
function mathSource(math: string): string {
  return math
    .replace(/</g, '\\lt ')
    .replace(/>/g, '\\gt ')
    .replace(/\](?=\s*[([:])/g, ']{}');
}

// Inline markers anywhere; block markers (headings, lists, quotes) only where they would start one.
function escapeMarkdown(line: string): string {
  return escapeHtml(line)
    .replace(/([\\`*_[\]|~])/g, '\\$1')
    .replace(/^(\s*)([#+-])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** The description as Markdown: sanitised HTML when it is HTML, escaped text otherwise. */
export function descriptionMarkdown(body: string | undefined): string {
  if (!body || !body.trim()) return '_No description._';
  return looksLikeHtml(body) ? sanitiseHtml(body) : plainTextToMarkdown(body);
}

const TYPE_NAMES: Record<number, string> = { 0: 'binary', 1: 'minimize', 2: 'maximize' };

export function problemTypeName(problem: Pick<Problem, 'type'>): string {
  return problem.type?.name || (problem.type ? (TYPE_NAMES[problem.type.id] ?? `type ${problem.type.id}`) : 'unknown type');
}

/** Names come from other people too: escaped as Markdown (no links), `|` included for table cells. */
const cell = escapeMarkdown;

/**
 * The whole details page: title, type, description, test cases (number, active, time limit,
 * judge) and master judge. `judges` fills in judge names the test case answers leave out.
 */
export function renderProblemMarkdown(problem: Problem, testCases: readonly TestCase[], judges: ReadonlyMap<number, Judge> = new Map()): string {
  const lines: string[] = [];
  lines.push(`# ${cell(problem.code)} — ${cell(problem.name)}`, '');
  lines.push(`**Type:** ${cell(problemTypeName(problem))}${problem.interactive ? ' (interactive)' : ''} · **Id:** ${markdownNumber(problem.id)}`, '');
  lines.push('## Description', '', descriptionMarkdown(problem.body), '');
  lines.push('## Test cases', '');
  if (testCases.length === 0) {
    lines.push('_This problem has no test cases yet._', '');
  } else {
    lines.push('| # | Active | Time limit | Judge |', '|---|---|---|---|');
    for (const t of testCases) {
      const judgeId = t.judge?.id;
      const judgeName = t.judge?.name || (judgeId !== undefined ? judges.get(judgeId)?.name : undefined) || '';
      const judge = judgeId === undefined ? '—' : `${judgeName ? `${cell(judgeName)} ` : ''}(${markdownNumber(judgeId)})`;
      const limit = t.timeLimit === undefined ? '—' : `${markdownNumber(t.timeLimit)} s`;
      lines.push(`| ${markdownNumber(t.number)} | ${t.active === false ? 'no' : 'yes'} | ${limit} | ${judge} |`);
    }
    lines.push('');
  }
  lines.push('## Master judge', '');
  const master = problem.masterjudge;
  lines.push(master ? `${cell(master.name || judges.get(master.id)?.name || 'master judge')} (${markdownNumber(master.id)})` : '_none_', '');
  return lines.join('\n');
}
