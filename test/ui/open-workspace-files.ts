// "Sphere Engine: Open Workspace Files" as a person runs it: from the palette, the running
// workspace picked by its id (rows of one project differ only in their detail), then where to open
// its files.
import type { Workbench } from './workbench';

export type OpenFilesWhere = 'Add to This Window' | 'Open in New Window';

export async function openWorkspaceFiles(workbench: Workbench, workspaceId: string, where: OpenFilesWhere): Promise<void> {
  const page = workbench.page;
  // Opening the view activates the extension, which enables its commands in the palette.
  await workbench.openView('Sphere Engine');
  await workbench.waitForTreeRow(/^Console Python/, 30_000);
  await workbench.runCommand('Sphere Engine: Open Workspace Files');
  await workbench.focusQuickPickRow(workspaceId);
  await page.keyboard.press('Enter');
  // The window has a folder, so the extension asks where to open the files.
  await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: where }).first().waitFor({ timeout: 15_000 });
  await page.locator('.quick-input-widget input').fill(where);
  await page.keyboard.press('Enter');
}
