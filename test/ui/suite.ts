// The life of a workbench in a UI test file: opened before the first test, a failed test recorded
// (screenshot and the page's errors, for the look after a red run), closed after the last.
//
//   const workbench = useWorkbench();           // in a describe(); then workbench().page ...
//
//   const { workbench } = useWorkbenchOnCopyOf(dir); // the window opened at a fresh copy of dir
//
// Mocha runs hooks of one kind in the order they are registered: a `before` registered above the
// call runs before the workbench opens, an `after` registered below it runs once it is closed.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { Workbench, type WorkbenchOptions } from './workbench';

/** Other windows a test opened, by name: recorded next to the workbench when a test fails. */
export type OtherWindows = () => Record<string, Page | undefined>;

/**
 * Registers the before / afterEach / after hooks of a workbench; returns its getter. `options`
 * may be a function where they are known only once an earlier before hook ran (a server's address).
 */
export function useWorkbench(options: WorkbenchOptions | (() => WorkbenchOptions) = {}, otherWindows?: OtherWindows): () => Workbench {
  let workbench: Workbench | undefined;

  before(async () => {
    workbench = await Workbench.open(typeof options === 'function' ? options() : options);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && workbench) {
      const file = await workbench.screenshot(`failed-${this.currentTest.fullTitle()}`);
      console.log(`    screenshot: ${file}`);
      for (const [name, other] of Object.entries(otherWindows?.() ?? {})) {
        if (other && !other.isClosed()) await other.screenshot({ path: file.replace(/\.png$/, `-${name}.png`) });
      }
      if (workbench.errors.length) console.log(`    page errors:\n      ${workbench.errors.slice(-10).join('\n      ')}`);
    }
  });

  after(async () => {
    await workbench?.close();
  });

  return () => {
    if (!workbench) throw new Error('the workbench is not open (did its before hook fail?)');
    return workbench;
  };
}

/**
 * A workbench whose window has a fresh copy of `source` as its folder (so what a test leaves there,
 * diagnostics or remembered choices, is its own), removed after the last test. Returns the
 * workbench getter and the copy's path.
 */
export function useWorkbenchOnCopyOf(source: string): { workbench: () => Workbench; folder: () => string } {
  let folder = '';
  before(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), `se-ui-${path.basename(source)}-`));
    fs.cpSync(source, folder, { recursive: true });
  });
  const workbench = useWorkbench(() => {
    const url = new URL(process.env.SPHERE_UI_URL ?? '');
    url.search = new URLSearchParams({ folder }).toString();
    return { url: url.toString() };
  });
  after(() => {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });
  return { workbench, folder: () => folder };
}
