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
      const shown = html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
      assert.equal(shown, text);
    });
  }
});
