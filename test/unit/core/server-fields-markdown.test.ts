// Server fields in Markdown (issue 26, item 19): a workspace tooltip and the problem page made of a
// hostile server's answer, rendered with the parser VS Code's Markdown is built on, hold no link and
// no image; only http(s) addresses are opened in the browser.
import * as assert from 'node:assert/strict';
import type { Problem, TestCase, Workspace } from '../../../src/api';
import { markdownCode, markdownNumber } from '../../../src/core/escape-markdown';
import { unsafeExternalUrl } from '../../../src/core/external-url';
import { workspaceTooltip } from '../../../src/features/containers/tree/describe';
import { renderProblemMarkdown } from '../../../src/core/problems';

// markdown-it (a devDependency, untyped): HTML on, as in the Markdown preview.
const markdownIt = require('markdown-it') as (options: object) => { render(text: string): string };
const markdown = markdownIt({ html: true, linkify: false });

const IMAGE = '![t](https://tracker.example/p.png)';
const COMMAND = '[x](command:workbench.action.quit)';
const activeHtml = (html: string) => /<(a|img)\b/i.test(html);

describe('server fields in Markdown', () => {
  it('a workspace tooltip: ids, dates and limits from the server render as text', () => {
    const ws = {
      id: `ab\`${COMMAND}`,
      project: { id: 'p', name: IMAGE },
      state: { code: 2, error_reason: COMMAND },
      created_at: IMAGE,
      last_usage: COMMAND,
      terminated_at: IMAGE,
      inactivity_timeout: COMMAND,
      retention_time_stopped: IMAGE,
      retention_time_total: 5,
    } as unknown as Workspace;
    const html = markdown.render(workspaceTooltip(ws));
    assert.ok(!activeHtml(html), html);
    assert.ok(html.includes('tracker.example'), 'the text is still shown');
  });

  it('the problem page: id, test numbers, limits and judge ids render as text', () => {
    const problem = { id: IMAGE, code: 'C', name: 'N', body: 'x', type: { id: 0 }, masterjudge: { id: COMMAND, name: 'm' } } as unknown as Problem;
    const tests = [{ number: COMMAND, timeLimit: IMAGE, judge: { id: `<img src=x>${IMAGE}` }, active: true }] as unknown as TestCase[];
    const html = markdown.render(renderProblemMarkdown(problem, tests));
    assert.ok(!activeHtml(html), html);
  });

  it('numbers stay numbers; text in a code span cannot break out', () => {
    assert.equal(markdownNumber(42), '42');
    assert.equal(markdownNumber(1.5), '1.5');
    assert.equal(markdownCode('abc123'), '`abc123`');
    assert.ok(!activeHtml(markdown.render(markdownCode(`\`${COMMAND}`))));
  });

  it('only http and https addresses are opened', () => {
    for (const ok of ['https://ws.example/ide', 'http://127.0.0.1:4000/w/1']) assert.equal(unsafeExternalUrl(ok), undefined);
    assert.equal(unsafeExternalUrl('command:workbench.action.quit'), 'command:');
    assert.equal(unsafeExternalUrl('vscode://ms-python.python/x'), 'vscode:');
    assert.equal(unsafeExternalUrl('file:///etc/passwd'), 'file:');
    assert.equal(unsafeExternalUrl('javascript:alert(1)'), 'javascript:');
    assert.equal(unsafeExternalUrl('not a url'), 'unreadable');
  });
});
