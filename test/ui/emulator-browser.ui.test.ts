// The local attack surface seen from a real browser: a page the user visits, served from another
// local origin, tries what any web page can do without a CORS preflight: submit a form that would
// run code on the emulator, and a no-cors POST that would swap its tokens. The emulator must do
// neither (RELIABILITY.md, "Local attack surface"). The page is given the real token, so what
// stops it is the browser check itself, not an unknown token.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { emulatorInfo, emulatorRequests } from '../host/helpers/emulator';
import { launchChromium } from './workbench';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function attackerPage(emulatorOrigin: string, token: string): string {
  const submissions = `${emulatorOrigin}/compilers/api/v4/submissions?access_token=${encodeURIComponent(token)}`;
  const hook = `${emulatorOrigin}/__emulator/tokens?access_token=${encodeURIComponent(token)}`;
  return `<!doctype html><html><body>
<form id="run" method="POST" action="${escapeAttr(submissions)}">
  <input name="compilerId" value="116"><input name="source" value="import os; print(os.getuid())">
</form>
<script>
  fetch(${JSON.stringify(hook)}, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ tokens: ['attacker'] }) })
    .catch(() => undefined)
    .finally(() => document.getElementById('run').submit());
</script></body></html>`;
}

describe('a web page in the browser cannot drive the emulator', function () {
  this.timeout(60_000);
  let browser: Browser;
  let site: http.Server;
  before(async () => {
    const { origin, token } = emulatorInfo();
    site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(attackerPage(origin, token)));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it('a form POST and a no-cors hook call from another local origin are refused; nothing is created or changed', async () => {
    const { origin, token } = emulatorInfo();
    const started = Date.now();
    const page = await browser.newPage();
    const attackerUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    const answered = page.waitForURL((url) => url.toString().startsWith(`${origin}/compilers/`), { timeout: 30_000 });
    await page.goto(attackerUrl);
    await answered;
    // What the user's browser shows after the form went off: the emulator's refusal.
    assert.match(await page.locator('body').innerText(), /refused: a web page \(Origin http:\/\/127\.0\.0\.1:\d+\) may not use the local emulator/);
    await page.close();

    const posts = (await emulatorRequests()).filter((r) => r.at >= started && r.method === 'POST' && r.url.startsWith('/compilers/api/v4/submissions'));
    assert.deepEqual(
      posts.map((r) => r.status),
      [403],
      'the one form POST was refused, and no submission was created',
    );
    assert.equal((await fetch(`${origin}/compilers/api/v4/test`, { headers: { authorization: `Bearer ${token}` } })).status, 200, 'our token still works');
    assert.equal((await fetch(`${origin}/compilers/api/v4/test?access_token=attacker`)).status, 401, "the page's token was not installed");
  });
});
