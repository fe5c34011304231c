// Service text in a MarkdownString (tree tooltips, the status bar) reads as written: a problem or
// project name cannot become a link (a `command:` link would run a command), an image or markup.
import * as assert from 'node:assert/strict';
import { escapeMarkdown } from '../../../src/core/escape-markdown';

// markdown-it (a devDependency, untyped): the parser VS Code's Markdown rendering is built on.
const markdownIt = require('markdown-it') as (options: object) => { renderInline(text: string): string };
const markdown = markdownIt({ html: false, linkify: false });

describe('escapeMarkdown', () => {
  const hostile = [
    '[run me](command:workbench.action.quit)',
    '![x](https://example.com/track.png)',
    '**bold** _it_ `code` # heading',
    '<b>html</b> [ref]: command:x',
    '1. list + item - dash | pipe \\ backslash',
  ];
  for (const text of hostile) {
    it(`renders ${JSON.stringify(text)} as its own text`, () => {
      const html = markdown.renderInline(escapeMarkdown(text));
      assert.doesNotMatch(html, /<(a|img|strong|em|code|b)\b/, html);
      // What the person sees is the text itself (HTML entities aside).
      const shown = html
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      assert.equal(shown, text);
    });
  }

  // Issue 36 item 4. Before: `https://evil` (the dots escaped, the scheme not) still became a link.
  const linkifying = markdownIt({ html: false, linkify: true });
  for (const text of ['see https://evil.example/x?y=1 now', 'www.evil.example', 'mail admin@evil.example', 'ftp://host/x', '&#104;ttps://evil.example', 'icon $(zap) ~~gone~~']) {
    it(`keeps ${JSON.stringify(text)} plain text where plain URLs become links`, () => {
      const html = linkifying.renderInline(escapeMarkdown(text));
      assert.doesNotMatch(html, /<(a|img|s|del)\b/, html);
      const shown = html
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      assert.equal(shown, text);
    });
  }
  it('escapes the $ of a theme icon, so $(zap) is no icon', () => {
    assert.match(escapeMarkdown('$(zap)'), /^\\\$\\\(zap\\\)$/);
  });
});
