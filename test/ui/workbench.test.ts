// The workbench a person opens: VS Code loads with our extension, and its activity-bar entry opens
// the Sphere Engine side bar.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { useWorkbench } from './suite';

describe('workbench', function () {
  const workbench = useWorkbench();

  it('loads with the sample folder open', async () => {
    await workbench().page.locator('.part.sidebar, .part.editor').first().waitFor();
    const title = await workbench().page.title();
    assert.match(title, /workspace/i, `window title was ${JSON.stringify(title)}`);
  });

  it('shows a Sphere Engine entry in the activity bar that opens its side bar', async () => {
    await workbench().openView('Sphere Engine');
    assert.equal(await workbench().isSideBarShowing('Sphere Engine'), true);
    const file = await workbench().screenshot('workbench-sphere-engine-view');
    assert.ok(fs.statSync(file).size > 0, `empty screenshot ${file}`);
  });
});
