// What the Markdown preview would show for a details document, and what in it could run, load
// or open something. The Markdown is rendered with markdown-it (the preview's own parser) with
// raw HTML on and its link check switched off, so our sanitiser has to be safe on its own; the
// HTML is then read with parse5, which parses as the HTML standard (and so a browser) does.
// Both are devDependencies.
import { parse } from 'parse5';

interface MarkdownIt {
  render(markdown: string): string;
  validateLink: (url: string) => boolean;
}
const markdownIt = require('markdown-it') as (options: object) => MarkdownIt;

export function renderLikePreview(markdown: string): string {
  const md = markdownIt({ html: true, linkify: true });
  md.validateLink = () => true;
  return md.render(markdown);
}

/** Elements that only format text (html/head/body are the parser's own). */
const HARMLESS_ELEMENTS = new Set([
  'html',
  'head',
  'body',
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
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
const HARMLESS_ATTRIBUTES = new Set(['alt', 'title', 'colspan', 'rowspan', 'start']);
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);

/** The scheme a browser would read in an attribute's URL (after entity decoding by the parser). */
function urlScheme(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- the same rule as the product: browsers strip these
  const url = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase();
}

function urlProblem(element: string, name: string, value: string): string | undefined {
  const scheme = urlScheme(value);
  if (name === 'href' && element === 'a') {
    if (scheme ? LINK_SCHEMES.has(scheme) : value.trim().startsWith('#')) return undefined;
  } else if (name === 'src' && element === 'img') {
    if (/^data:image\/(png|gif|jpe?g|webp)[;,]/i.test(value.trim())) return undefined;
  }
  return `<${element} ${name}="${value}">`;
}

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

/** Everything in the rendered HTML that is not plain formatting, described for a failure message. */
export function unsafeParts(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node): void => {
    const tag = node.tagName;
    if (tag !== undefined) {
      if (!HARMLESS_ELEMENTS.has(tag)) found.push(`element <${tag}>`);
      for (const { name, value } of node.attrs ?? []) {
        if (/^on/i.test(name)) found.push(`event handler ${name}="${value}"`);
        else if (name === 'href' || name === 'src') {
          const problem = urlProblem(tag, name, value);
          if (problem) found.push(`URL ${problem}`);
        } else if (name === 'style') {
          if (!/^text-align:\s*(left|right|center)$/.test(value)) found.push(`style="${value}"`);
        } else if (!HARMLESS_ATTRIBUTES.has(name)) found.push(`attribute ${name}="${value}" on <${tag}>`);
      }
    }
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parse(html) as unknown as Node);
  if (/<script/i.test(html)) found.push('the text "<script"');
  return found;
}
