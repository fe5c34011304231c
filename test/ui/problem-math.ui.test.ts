// A problem whose statement holds math (as a Kattis LaTeX statement becomes: $..$ inline, a $$
// block on its own lines) shows it typeset on the problem's page: VS Code's Markdown preview renders
// the math (its built-in KaTeX) from what the page passes on as written (issue 38). The problem is
// made behind the workbench's back with the extension's own compiled client; the person clicks it.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { emulatorEnv } from './containers-api';
import { useWorkbench } from './suite';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

interface ProblemsApi {
  createProblem(params: { name: string; body: string; code: string; masterjudgeId: number }): Promise<{ id: number }>;
  close?(): Promise<void>;
}

describe('problem page math (UI)', function () {
  this.timeout(150_000);
  const workbench = useWorkbench();

  it("shows a statement's $..$ and $$ math typeset on the problem's page", async () => {
    const emulator = emulatorEnv();
    const api = require(path.join(REPO_ROOT, 'out', 'src', 'api', 'index.js')) as { ProblemsClient: new (options: object) => ProblemsApi };
    const client = new api.ProblemsClient({ endpoint: `${emulator.origin}/problems`, token: emulator.token });
    await client.createProblem({
      name: 'Cave math',
      code: 'CAVEMATH',
      masterjudgeId: 1000,
      body: 'Shout “echo”, then wait $a_i \\le 10^{9}$ seconds.\n\n$$\n\\sum_{i=1}^{n} a_i\n$$\n',
    });
    await client.close?.();

    await workbench().openView('Sphere Engine');
    // The list was read before the problem existed: Refresh, as a person would.
    await workbench().runCommand('Sphere Engine: Refresh Problems');
    const row = await workbench().waitForTreeRow(/CAVEMATH/, 30_000);
    await row.click();
    const page = workbench().page.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
    await page.locator('h1').filter({ hasText: 'CAVEMATH' }).first().waitFor({ timeout: 30_000 });
    // KaTeX's output: one inline and one display formula, and no $ left in the text around them.
    await page.locator('.katex').first().waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.katex-display').count(), 1);
    assert.equal(await page.locator('.katex').count(), 2);
    // KaTeX keeps the TeX it typeset: exactly the statement's, nothing escaped on the way.
    const typeset = (await page.locator('annotation[encoding="application/x-tex"]').allTextContents()).map((t) => t.trim());
    assert.deepEqual(typeset, ['a_i \\le 10^{9}', '\\sum_{i=1}^{n} a_i']);
    const text = await page.locator('body').innerText();
    assert.doesNotMatch(text, /\$/, text);
    assert.match(text, /Shout “echo”, then wait/);
    await workbench().screenshot('problem-page-math');
  });
});
