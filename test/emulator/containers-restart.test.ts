// Containers state survives a restart; a run cut by the restart ends as 20 internal error.
import * as assert from 'node:assert/strict';
import { useScratch } from '../scratch';
import { json, startTestEmulator, type TestEmulator } from './harness';
import { PROJECTS, getWorkspace, runningWorkspace, submit, waitForSubmission, workspaceArchive } from './containers-support';

describe('containers: restart recovery', function () {
  this.timeout(60000);
  let emu: TestEmulator | undefined;
  const scratch = useScratch();
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });

  it('keeps workspaces and finished submissions; an interrupted submission becomes 20', async () => {
    // Its own data directory: the first emulator's close() would remove one made for it.
    const first = await startTestEmulator({ dataDir: scratch('se-restart-') });
    const ws = await runningWorkspace(first, { retention_time_stopped: 60 });
    const done = await waitForSubmission(first, (await json(await submit(first, PROJECTS.python, workspaceArchive({ 'main.py': 'print(7)' })))).id);
    assert.equal(done.result.status.code, 15);
    const slow = await json(await submit(first, PROJECTS.python, workspaceArchive({ 'main.py': 'import time\ntime.sleep(4)\n' })));
    await new Promise((r) => setTimeout(r, 700)); // let it reach execution
    await first.close();

    emu = await startTestEmulator({ dataDir: first.dataDir });
    const again = await getWorkspace(emu, ws.id);
    assert.equal(again.state.code, 2);
    const listed = await json(await fetch(emu.url('containers', '/workspaces')));
    assert.deepEqual(listed.items.map((w: any) => w.id), [ws.id]);
    const interrupted = await json(await fetch(emu.url('containers', `/submissions/${slow.id}`)));
    assert.equal(interrupted.executing, false);
    assert.equal(interrupted.result.status.code, 20);
    assert.equal(interrupted.result.status.name, 'internal error');
    assert.match(await (await fetch(interrupted.streams.debug_log.uri)).text(), /restart/);
    const kept = await json(await fetch(emu.url('containers', `/submissions/${done.id}`)));
    assert.equal(kept.result.status.code, 15);
    assert.equal((await (await fetch(kept.streams.stage_run_output.uri)).text()).trim(), '7');
    // New submissions keep counting from the stored ids.
    const next = await json(await submit(emu, PROJECTS.python, workspaceArchive({ 'main.py': 'print(1)' })));
    assert.equal(next.id, slow.id + 1);
  });
});
