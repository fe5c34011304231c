// Containers state survives a restart; a run cut by the restart ends as 20 internal error.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { useScratch } from '../scratch';
import { json, startTestEmulator, type TestEmulator } from './harness';

const getSubmission = async (emu: TestEmulator, id: number) => json(await fetch(emu.url('containers', `/submissions/${id}`)));
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
    // Cut while its program runs (3), not while it unpacks: a busy machine takes longer to get there.
    for (let i = 0; i < 200; i++) {
      if ((await getSubmission(first, slow.id)).result.status.code === 3) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await first.close();

    emu = await startTestEmulator({ dataDir: first.dataDir });
    const again = await getWorkspace(emu, ws.id);
    assert.equal(again.state.code, 2);
    const listed = await json(await fetch(emu.url('containers', '/workspaces')));
    assert.deepEqual(
      listed.items.map((w: any) => w.id),
      [ws.id],
    );
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

describe('containers: shutdown', function () {
  this.timeout(30000);
  const scratch = useScratch();

  it('writes nothing into the data directory once close() has resolved, even mid-unpack', async () => {
    const dataDir = scratch('se-close-');
    const emu = await startTestEmulator({ dataDir });
    // 1,500 files: the unpack is still going when close() starts.
    const files = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`f${i}.txt`, 'x'.repeat(2000)]));
    const created = await json(await submit(emu, PROJECTS.python, workspaceArchive(files)));
    assert.equal(typeof created.id, 'number');
    await emu.close();
    const before = listTree(dataDir);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(listTree(dataDir), before, 'a run of the closed emulator went on writing into its data directory');
  });
});

/** Every path under `dir` with its size, sorted. */
function listTree(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).map((rel) => `${rel} ${fs.lstatSync(`${dir}/${rel}`).size}`).sort();
}
