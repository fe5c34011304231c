// Issue 36 item 2, over real HTTP: a workspace's `files` archive of one small file then 4 GiB of
// zeros after the tar's end marker (about 4 MB sent). Before: no answer within 300 s, +391 MB RSS.
import * as assert from 'node:assert/strict';
import { json, startTestEmulator, type TestEmulator } from './harness';
import { PROJECTS, waitForState } from './containers-support';
import { zeroTailArchive } from '../hostile-archives';

describe('containers: an archive padded past its end marker', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  beforeEach(async () => {
    emu = await startTestEmulator({ slots: 1 });
  });
  afterEach(() => emu.close());

  it('is read up to its end: the workspace starts with its one file, at once', async () => {
    const form = new FormData();
    form.set('project_id', PROJECTS.python);
    form.set('files', new Blob([new Uint8Array(zeroTailArchive({ 'notes.txt': 'hello' }))]), 'files.tar.gz');
    const started = Date.now();
    const res = await fetch(emu.url('containers', '/workspaces'), { method: 'POST', body: form });
    const body = await json(res);
    assert.equal(res.status, 201, JSON.stringify(body));
    assert.ok(Date.now() - started < 5_000, `answered after ${Date.now() - started} ms`);
    await waitForState(emu, body.workspace.id, 2);
    const file = await fetch(emu.url('containers', `/workspaces/${body.workspace.id}/files/${Buffer.from('notes.txt').toString('base64')}`));
    assert.equal(await file.text(), 'hello');
  });
});
