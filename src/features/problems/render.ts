// The problem details document (Markdown, shown in VS Code's preview), free of `vscode`.
// Problem descriptions are written by other people and may hold HTML: whatever could run or
// load something (scripts, frames, forms, event handlers, javascript: links, remote images)
// is removed here before VS Code's own preview sanitiser ever sees it.
import type { Judge, Problem, TestCase } from '../../api';

/** Tags removed together with their content. */
const DROP_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'frameset', 'frame', 'applet'];
/** Tags kept (attributes filtered); any other tag is removed but its text stays. */
const KEEP = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'code', 'pre', 'ul', 'ol', 'li', 'sub', 'sup', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'blockquote', 'hr', 'a', 'img', 'span', 'div']);
const KEEP_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan']);

/** True when the text carries markup rather than plain prose. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^<>]*)?>/i.test(text);
}

function safeUrl(value: string, attribute: string): boolean {
  const v = value.trim().replace(/[\u0000-\u001f\s]+/g, '').toLowerCase();
  if (attribute === 'src') return v.startsWith('data:image/') && !v.startsWith('data:image/svg');
  return v.startsWith('https:') || v.startsWith('http:') || v.startsWith('#') || v.startsWith('mailto:');
}

function sanitiseAttributes(tag: string, raw: string): string {
  const kept: string[] = [];
  const pattern = /([a-z][a-z0-9-]*)\s*(?:=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+)))?/gi;
  for (const m of raw.matchAll(pattern)) {
    const name = m[1].toLowerCase();
    if (!KEEP_ATTRIBUTES.has(name)) continue; // drops on*, style, srcset, formaction...
    const value = m[3] ?? m[4] ?? m[5] ?? '';
    if ((name === 'href' || name === 'src') && !safeUrl(value, name)) continue;
    if (name === 'href' && tag !== 'a') continue;
    if (name === 'src' && tag !== 'img') continue;
    kept.push(`${name}="${escapeHtml(value)}"`);
  }
  return kept.length ? ` ${kept.join(' ')}` : '';
}

/** Keeps harmless formatting; removes active content, unknown tags and dangerous attributes. */
export function sanitiseHtml(html: string): string {
  let text = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const tag of DROP_WITH_CONTENT) {
    text = text.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(?:<\\/${tag}\\s*>|$)`, 'gi'), '');
  }
  return text.replace(/<(\/?)([a-z][a-z0-9]*)\b([^>]*)>/gi, (_all, slash: string, name: string, attrs: string) => {
    const tag = name.toLowerCase();
    if (!KEEP.has(tag)) return '';
    return slash ? `</${tag}>` : `<${tag}${sanitiseAttributes(tag, attrs)}>`;
  }).replace(/<(?![a-z/])/gi, '&lt;');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text keeps its lines: each becomes a Markdown hard break, special characters escaped. */
export function plainTextToMarkdown(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .split('\n\n')
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => escapeMarkdown(line))
        .join('  \n'),
    )
    .join('\n\n');
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
  return problem.type?.name || (problem.type ? TYPE_NAMES[problem.type.id] ?? `type ${problem.type.id}` : 'unknown type');
}

function cell(text: string): string {
  return escapeHtml(text).replace(/\|/g, '\\|');
}

/**
 * The whole details page: title, type, description, test cases (number, active, time limit,
 * judge) and master judge. `judges` fills in judge names the test case answers leave out.
 */
export function renderProblemMarkdown(problem: Problem, testCases: readonly TestCase[], judges: ReadonlyMap<number, Judge> = new Map()): string {
  const lines: string[] = [];
  lines.push(`# ${cell(problem.code)} — ${cell(problem.name)}`, '');
  lines.push(`**Type:** ${cell(problemTypeName(problem))}${problem.interactive ? ' (interactive)' : ''} · **Id:** ${problem.id}`, '');
  lines.push('## Description', '', descriptionMarkdown(problem.body), '');
  lines.push('## Test cases', '');
  if (testCases.length === 0) {
    lines.push('_This problem has no test cases yet._', '');
  } else {
    lines.push('| # | Active | Time limit | Judge |', '|---|---|---|---|');
    for (const t of testCases) {
      const judgeId = t.judge?.id;
      const judgeName = t.judge?.name || (judgeId !== undefined ? judges.get(judgeId)?.name : undefined) || '';
      const judge = judgeId === undefined ? '—' : `${judgeName ? `${cell(judgeName)} ` : ''}(${judgeId})`;
      const limit = t.timeLimit === undefined ? '—' : `${t.timeLimit} s`;
      lines.push(`| ${t.number} | ${t.active === false ? 'no' : 'yes'} | ${limit} | ${judge} |`);
    }
    lines.push('');
  }
  lines.push('## Master judge', '');
  const master = problem.masterjudge;
  lines.push(master ? `${cell(master.name || judges.get(master.id)?.name || 'master judge')} (${master.id})` : '_none_', '');
  return lines.join('\n');
}
