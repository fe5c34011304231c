// Math in a plain-text statement (a Kattis LaTeX statement becomes $..$ and $$ blocks, issue 38)
// reaches the details document as written, for the preview's math renderer; the rest of the line
// is escaped as before. Math is written by other people too: with math switched off
// (markdown.math.enabled) the preview reads it as Markdown, so it must render to plain formatting.
import * as assert from 'node:assert/strict';
import type { Problem } from '../../../src/api';
import { descriptionMarkdown, renderProblemMarkdown } from '../../../src/core/problems/render';
import { renderLikePreview, unsafeParts } from './preview-safety';

const RUN = 'workbench.action.terminal.new';

describe('problems render: math in a plain-text statement', () => {
  it('keeps $..$ and $$ blocks as written and escapes the text around them', () => {
    const md = descriptionMarkdown('Let $a_i \\le 10^{9}$ and *b* be $$\\sum_{i} a_i$$, for $5 or $10.\n\n$$\n\\frac{a_i}{b} \\cdot [0, 1]\n$$\n\nDone_ok');
    assert.equal(md, 'Let $a_i \\le 10^{9}$ and \\*b\\* be $$\\sum_{i} a_i$$, for $5 or $10.\n\n$$\n\\frac{a_i}{b} \\cdot [0, 1]\n$$\n\nDone\\_ok');
  });

  it('writes < and > in math as \\lt and \\gt, so that no tag can start', () => {
    assert.equal(descriptionMarkdown('$a<b$ and $b > c$'), '$a\\lt b$ and $b \\gt  c$');
  });

  const HOSTILE: Array<[string, string]> = [
    ['a command: link in inline math', `$[x](command:${RUN})$`],
    ['a command: link in a math block', `$$\n[x](command:${RUN})\n$$`],
    ['a link definition in a math block, used outside it', `$$\n[r]: command:${RUN}\n$$\n\n[r]`],
    ['a link definition in a math block, used in math', `$$\n[r]: command:${RUN}\n$$\n\n$[r]$ and $[r][r]$`],
    ['an image tag in inline math', '$<img src=x onerror=alert(1)>$'],
    ['a script in a math block', '$$\n<script>alert(1)</script>\n$$'],
    ['an autolink in math', `$<command:${RUN}>$`],
    ['math then a link', `$x$[y](command:${RUN})`],
    ['a link split by math', `[y$](command:${RUN})$`],
    ['an entity in math', '$&#60;img src=x onerror=alert(1)&#62;$'],
  ];
  for (const [what, body] of HOSTILE) {
    it(`renders to plain formatting with math off: ${what}`, () => {
      const problem = { id: 1, code: 'M', name: 'M', body, shortBody: null, type: { id: 0, name: 'binary' } } as Problem;
      const html = renderLikePreview(renderProblemMarkdown(problem, []));
      assert.deepEqual(unsafeParts(html), [], html);
      assert.doesNotMatch(html, /<a /, html);
    });
  }
});
