// Connection profiles as a person uses them: one click on the status bar item lists the profiles;
// a profile added there (pointing nowhere, without a token) takes the Containers view to its
// sign-in state at once, and switching back from the status bar lists the projects again.
import * as assert from 'node:assert/strict';
import { useWorkbench } from './suite';

describe('connection profiles', function () {
  const workbench = useWorkbench();
  const statusItem = (name: string) =>
    workbench()
      .page.locator('.statusbar-item')
      .filter({ hasText: `Sphere Engine: ${name}` })
      .first();
  const signInWelcome = () => workbench().page.locator('.part.sidebar').getByText('Sign in to Sphere Engine Containers').first();

  /** Clicks the status bar item showing `active` and picks the row containing `row` in the list it opens. */
  async function fromStatusBar(active: string, row: string): Promise<void> {
    const item = statusItem(active);
    await item.waitFor({ timeout: 30_000 });
    await item.click();
    await workbench().focusQuickPickRow(row);
    await workbench().page.keyboard.press('Enter');
  }

  it('switches profile from the status bar, and the Containers view follows', async () => {
    await workbench().openView('Sphere Engine');
    await workbench().waitForTreeRow('Console Python', 30_000);

    await fromStatusBar('Local emulator', 'Add Profile');
    await workbench().answerQuickInput('http://127.0.0.1:9/containers', 'Containers endpoint'); // nothing listens there
    await workbench().answerQuickInput('', 'Compilers endpoint');
    await workbench().answerQuickInput('', 'Problems endpoint');
    await workbench().answerQuickInput('Unreachable', 'Name of the new connection profile');
    await statusItem('Unreachable').waitFor({ timeout: 15_000 });
    await signInWelcome().waitFor({ timeout: 15_000 });
    assert.ok(!(await workbench().treeRows()).some((r) => r.includes('Console Python')), 'the projects of the other profile are still listed');
    await workbench().screenshot('profiles-switched-to-token-less');

    await fromStatusBar('Unreachable', 'Local emulator');
    await workbench().waitForTreeRow('Console Python', 30_000);
    await signInWelcome().waitFor({ state: 'hidden', timeout: 15_000 });

    // Left as found for the next UI test files: the added profile removed, after its confirmation.
    await fromStatusBar('Local emulator', 'Remove Profile');
    await workbench().focusQuickPickRow('Unreachable');
    await workbench().page.keyboard.press('Enter');
    const dialog = workbench().page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 10_000 });
    assert.match(await dialog.innerText(), /delete its access tokens/);
    await dialog
      .locator('.monaco-button')
      .filter({ hasText: /^Remove$/ })
      .first()
      .click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await statusItem('Local emulator').waitFor({ timeout: 10_000 });
  });
});
