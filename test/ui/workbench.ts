// Page object for the UI tests: the VS Code workbench in headless Chromium, driven the way a person
// uses it (activity bar, tree rows, command palette, notifications, Output panel). Assert on text in
// the DOM, never on pixels; screenshots are for the record (test-output/screenshots/, ignored).
//
// scripts/test-host.js (or `npm run test:ui`) starts code-server with the extension installed and
// passes SPHERE_UI_URL / SPHERE_UI_CHROMIUM / SPHERE_ENGINE_EMULATOR to the tests.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-output', 'screenshots');

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface WorkbenchOptions {
  /** Workbench address; default SPHERE_UI_URL. */
  url?: string;
  /** Larger than the default so the side bar, editor and panel all have room. */
  viewport?: { width: number; height: number };
}

/** The UI run's headless Chromium (Debian's, or SPHERE_UI_CHROMIUM). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.SPHERE_UI_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run UI tests with \`npm run test:ui\` or \`npm run test:host\``);
  return value;
}

export class Workbench {
  /** Messages the page logged as errors, for diagnosing a failed test. */
  readonly errors: string[] = [];
  /** Loads of the page's main frame so far (the first goto included): a rise means it reloaded. */
  private mainFrameLoads = 0;

  private constructor(
    private readonly browser: Browser,
    readonly page: Page,
  ) {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.mainFrameLoads++;
    });
    page.on('pageerror', (err) => this.errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.errors.push(msg.text());
    });
  }

  /** Launches a browser, opens the workbench and waits until it is laid out. */
  static async open(options: WorkbenchOptions = {}): Promise<Workbench> {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: options.viewport ?? { width: 1400, height: 900 } });
      const workbench = new Workbench(browser, page);
      await page.goto(options.url ?? requiredEnv('SPHERE_UI_URL'));
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await page.locator('.activitybar').waitFor({ timeout: 30_000 });
      return workbench;
    } catch (err) {
      await browser.close();
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }

  /** How often the page has loaded so far; compare two readings to see whether it reloaded between them. */
  get loads(): number {
    return this.mainFrameLoads;
  }

  /**
   * Waits until `ready` holds and the page then stays put for `quietMs`. A workbench opened at a
   * .code-workspace can reload itself on its own shortly after it first shows (code-server under
   * load reads the file late, the folders then change and VS Code's relauncher reloads the page):
   * an action begun before that is lost with the page. `ready` runs again after each reload; if
   * it fails on a page that did not reload, the page is reloaded once, as a person would.
   */
  async settle(ready: () => Promise<void>, quietMs = 3_000): Promise<void> {
    let reloadedByUs = false;
    for (let attempt = 0; attempt < 4; attempt++) {
      const loadsBefore = this.mainFrameLoads;
      await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      try {
        await ready();
      } catch (err) {
        if (this.mainFrameLoads !== loadsBefore) continue;
        if (reloadedByUs) throw err;
        console.log('    the workbench did not show what was expected: reloading it once');
        reloadedByUs = true;
        await this.page.reload();
        continue;
      }
      await this.page.waitForTimeout(quietMs);
      if (this.mainFrameLoads === loadsBefore) return;
      console.log('    the workbench reloaded itself while settling: waiting for it again');
    }
    throw new Error('the workbench kept reloading itself');
  }

  // ---- activity bar and views ---------------------------------------------------------------

  /** The activity-bar entry of a view container, by (part of) its title. */
  activityBarEntry(title: string): Locator {
    return this.page.locator(`.activitybar [aria-label*="${title}"]`).first();
  }

  /**
   * Opens a view container from the activity bar (the extension contributes it once activated
   * or from its manifest; waits for it to appear). Clicking an open container would close it.
   */
  async openView(title = 'Sphere Engine'): Promise<void> {
    const entry = this.activityBarEntry(title);
    await entry.waitFor({ timeout: 30_000 });
    if (!(await this.isSideBarShowing(title))) await entry.click();
    await this.page
      .locator('.part.sidebar .composite.title')
      .filter({ hasText: new RegExp(title, 'i') })
      .waitFor({ timeout: 15_000 });
  }

  /** True when the side bar shows the container titled `title`. */
  async isSideBarShowing(title: string): Promise<boolean> {
    const heading = this.page.locator('.part.sidebar .composite.title');
    if (!(await heading.isVisible())) return false;
    return ((await heading.textContent()) ?? '').toLowerCase().includes(title.toLowerCase());
  }

  // ---- trees ----------------------------------------------------------------------------------

  /** The text of every visible tree/list row in the side bar (label and description joined). */
  async treeRows(): Promise<string[]> {
    const rows = this.page.locator('.part.sidebar .monaco-list-row');
    return (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** Waits for a side-bar row containing `text` and returns it (click it, read its text ...). */
  async waitForTreeRow(text: string | RegExp, timeoutMs = 15_000): Promise<Locator> {
    const row = this.page.locator('.part.sidebar .monaco-list-row').filter({ hasText: text }).first();
    await row.waitFor({ timeout: timeoutMs });
    return row;
  }

  // ---- Explorer -------------------------------------------------------------------------------

  /** Opens a file of the window's folder by clicking it in the Explorer, and waits for its tab. */
  async openExplorerFile(name: string): Promise<void> {
    await this.openView('Explorer');
    const row = this.page.locator('.explorer-folders-view .monaco-list-row').filter({ hasText: name }).first();
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    await this.page.locator('.tabs-container .tab.active').filter({ hasText: name }).waitFor({ timeout: 15_000 });
    // The tab shows before the file's text does; a command run in between may find no editor yet.
    await this.page.locator('.editor-group-container.active .monaco-editor .view-lines').first().waitFor({ timeout: 15_000 });
  }

  /**
   * Right-clicks an entry of the window's folder in the Explorer: the menu's entries, then closed.
   * Right after the window opens the extensions' entries are not there yet: with `until`, the menu
   * is opened again (three times at most) until that entry is in it, as a person would.
   */
  async explorerMenuEntries(name: string, until?: string): Promise<string[]> {
    await this.openView('Explorer');
    const row = this.page.locator('.explorer-folders-view .monaco-list-row').filter({ hasText: name }).first();
    await row.waitFor({ timeout: 30_000 });
    const menu = this.page.locator('.context-view .monaco-menu');
    for (let attempt = 1; ; attempt++) {
      await row.click({ button: 'right' });
      await menu.waitFor({ timeout: 10_000 });
      const entries = (await menu.locator('.action-label').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
      await this.page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden', timeout: 10_000 });
      if (!until || entries.includes(until) || attempt === 3) return entries;
      await this.page.waitForTimeout(1000);
    }
  }

  // ---- commands -------------------------------------------------------------------------------

  /** Runs a command from the palette by its title (as shown, e.g. "Sphere Engine: Sign In"). */
  async runCommand(title: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    // Enter would run whatever is highlighted; wait until our command is the one listed.
    const listed = this.page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: title }).first();
    // The palette closes as it opens when something takes the focus at that moment (an editor that
    // has just finished opening): twice in CI its input went inert under the fill, then hidden.
    // A person opens it again; so does this, three times in all.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.page.keyboard.press('F1');
        await input.waitFor({ timeout: 10_000 });
        await input.fill(`>${title}`, { timeout: 5_000 });
        await listed.waitFor({ timeout: 10_000 });
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
        if (await this.quickInput().isVisible()) await this.page.keyboard.press('Escape');
      }
    }
    await this.page.keyboard.press('Enter');
  }

  /** The quick-input box (a quick pick or input box the extension opened). */
  quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /**
   * Moves the quick-pick focus onto the row that contains `text`, with the arrow keys as a person
   * does where rows of equal labels differ only in their detail (typing would match them all).
   */
  async focusQuickPickRow(text: string, timeoutMs = 20_000): Promise<void> {
    const rows = this.page.locator('.quick-input-widget .monaco-list-row');
    await rows.filter({ hasText: text }).first().waitFor({ timeout: timeoutMs });
    for (let i = 0; i < 40; i++) {
      const focused = this.page.locator('.quick-input-widget .monaco-list-row.focused');
      if (((await focused.innerText().catch(() => '')) ?? '').includes(text)) return;
      await this.page.keyboard.press('ArrowDown');
    }
    throw new Error(`no quick-pick row with ${text}`);
  }

  /**
   * Types into an open quick pick / input box and accepts. With `title`, first waits for the box
   * of that title: one box follows another in the same widget, and an answer typed before the
   * next one shows would go to the one closing.
   */
  async answerQuickInput(text: string, title?: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    if (title) {
      try {
        await this.page.locator('.quick-input-widget .quick-input-title').filter({ hasText: title }).waitFor({ timeout: 10_000 });
      } catch (err) {
        // Say what was there instead: another box, none, or the focus elsewhere (an editor that
        // opened late closes a quick pick), so a red run can be read without reproducing it.
        throw new Error(`no quick input titled "${title}" within 10 s; ${await this.describeFocus()}`, { cause: err });
      }
    }
    await input.waitFor({ timeout: 10_000 });
    await input.fill(text);
    await this.page.keyboard.press('Enter');
  }

  /** One line on what the window shows now: the quick input's title, the active tab, the focused element, the toasts. */
  async describeFocus(): Promise<string> {
    const quickInput = (await this.quickInput()
      .isVisible()
      .catch(() => false))
      ? `quick input "${(
          await this.page
            .locator('.quick-input-widget .quick-input-title')
            .innerText({ timeout: 1_000 })
            .catch(() => '')
        ).trim()}" open`
      : 'no quick input open';
    const tab =
      (
        await this.page
          .locator('.tabs-container .tab.active')
          .first()
          .innerText({ timeout: 1_000 })
          .catch(() => '')
      ).trim() || 'none';
    // A string, not a function: this project compiles without the DOM's types.
    const focused = await this.page
      .evaluate(
        `(() => {
      const el = document.activeElement;
      if (!el) return 'nothing';
      const label = el.getAttribute('aria-label') || '';
      const classes = String(el.className || '').trim().split(/\\s+/).slice(0, 3).join('.');
      return el.tagName.toLowerCase() + (classes ? '.' + classes : '') + (label ? ' "' + label.slice(0, 80) + '"' : '');
    })()`,
      )
      .catch(() => 'unknown');
    const toasts = await this.notificationToasts().catch(() => []);
    return `${quickInput}, active tab: ${tab}, focus on ${focused}, notifications: ${toasts.length ? toasts.map((t) => JSON.stringify(t.slice(0, 160))).join(' | ') : 'none'}`;
  }

  // ---- notifications --------------------------------------------------------------------------

  /** Texts of the notification toasts on screen now. */
  async notificationToasts(): Promise<string[]> {
    return (await this.page.locator('.notifications-toasts .notification-toast').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** Texts of every notification in the notification centre (opens it). */
  async notificationCentre(): Promise<string[]> {
    const centre = this.page.locator('.notifications-center');
    if (!(await centre.isVisible())) await this.runCommand('Notifications: Show Notifications');
    await centre.waitFor({ timeout: 10_000 });
    return (await centre.locator('.notification-list-item').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** Waits until the notification centre lists a notification containing `text` (opens it), and returns its text. */
  async waitForCentreNotification(text: string | RegExp, timeoutMs = 15_000): Promise<string> {
    await this.notificationCentre();
    const item = this.page.locator('.notifications-center .notification-list-item').filter({ hasText: text }).first();
    await item.waitFor({ timeout: timeoutMs });
    return ((await item.innerText()) ?? '').replace(/\s+/g, ' ').trim();
  }

  /** Closes the notification centre (and waits until nothing of it, nor of the palette, shows). */
  async hideNotificationCentre(): Promise<void> {
    const centre = this.page.locator('.notifications-center');
    if (!(await centre.isVisible())) return;
    await this.runCommand('Notifications: Hide Notifications');
    await centre.waitFor({ state: 'hidden', timeout: 10_000 });
    // The palette that ran the command fades out: gone before a screenshot is taken.
    await this.quickInput().waitFor({ state: 'hidden', timeout: 10_000 });
  }

  /** Waits for a toast containing `text` (toasts show because the UI server has no smoke-test driver). */
  async waitForNotification(text: string | RegExp, timeoutMs = 15_000): Promise<string> {
    const toast = this.page.locator('.notifications-toasts .notification-toast').filter({ hasText: text }).first();
    await toast.waitFor({ timeout: timeoutMs });
    return ((await toast.innerText()) ?? '').replace(/\s+/g, ' ').trim();
  }

  // ---- Output panel ---------------------------------------------------------------------------

  /** Shows an output channel by name in the Output panel. */
  async showOutputChannel(name: string): Promise<void> {
    await this.runCommand('Output: Show Output Channels...');
    await this.answerQuickInput(name);
  }

  /**
   * The visible text of the Output panel, top to bottom (the editor renders only the lines in view,
   * and reuses their elements as it scrolls, so the page's order is not the screen's: sort by top).
   */
  async outputText(): Promise<string> {
    const lines = await this.page.locator('.part.panel .output-view .view-lines .view-line').evaluateAll((elements) =>
      elements.map((e) => {
        const line = e as unknown as { style: { top: string }; innerText: string };
        return { top: parseFloat(line.style.top) || 0, text: line.innerText };
      }),
    );
    return lines
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text.replace(/\u00a0/g, ' '))
      .join('\n');
  }

  /** Waits until a line containing `text` shows in the Output panel. */
  async waitForOutputLine(text: string | RegExp, timeoutMs = 15_000): Promise<string> {
    const line = this.page.locator('.part.panel .output-view .view-lines .view-line').filter({ hasText: text }).first();
    await line.waitFor({ timeout: timeoutMs });
    return (await line.innerText()).replace(/\u00a0/g, ' ');
  }

  /**
   * Waits until the visible Output panel text matches, and returns it. Reads outputText()
   * (non-breaking spaces already turned into spaces), so patterns can use plain spaces.
   */
  async waitForOutputText(pattern: RegExp, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let text = '';
    while (Date.now() < deadline) {
      text = await this.outputText();
      if (pattern.test(text)) return text;
      await this.page.waitForTimeout(250);
    }
    throw new Error(`the Output panel never showed ${pattern}; it shows:\n${text}`);
  }

  // ---- record ---------------------------------------------------------------------------------

  /** Saves a screenshot as test-output/screenshots/<name>.png and returns its path. */
  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }
}
