// Containers API: workspace creation, listing, states and their timers, slots, init streams.
import * as assert from 'node:assert/strict';
import { json, startTestEmulator, type TestEmulator } from './harness';
import { PROJECTS, advanceClock, createWorkspace, expectError, getWorkspace, runningWorkspace, tarGz, waitForState } from './containers-support';
import { containersPagesApp } from '../../emulator/containers';

const MINUTE = 60_000;

describe('containers: workspaces', function () {
  this.timeout(60000);
  let emu: TestEmulator;
  beforeEach(async () => {
    emu = await startTestEmulator({ slots: 3 });
  });
  afterEach(() => emu.close());

  const put = (id: string, action: string) => fetch(emu.url('containers', `/workspaces/${id}/${action}`), { method: 'PUT' });

  it('POST /workspaces (JSON): 201 with the workspace in "starting", every field, no preview_url', async () => {
    const res = await fetch(emu.url('containers', '/workspaces'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: PROJECTS.python, inactivity_timeout: null, retention_time_total: null }),
    });
    assert.equal(res.status, 201);
    const body = await json(res);
    assert.equal(typeof body.message, 'string');
    const ws = body.workspace;
    assert.match(ws.id, /^[0-9a-f]{32}$/);
    assert.deepEqual(ws.project, { id: PROJECTS.python, name: 'Console Python' });
    assert.deepEqual(ws.state, { code: 1, name: 'starting', error_reason: null });
    assert.match(ws.created_at, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000$/);
    assert.equal(ws.terminated_at, null);
    assert.equal(ws.last_usage, null);
    assert.equal(ws.inactivity_timeout, 15); // JSON null = absent = default
    assert.equal(ws.workspace_token, '');
    assert.equal(ws.workspace_token_required, false);
    assert.equal(ws.auto_resume, true);
    assert.equal(ws.retention_time_stopped, 0);
    assert.equal(ws.retention_time_total, 0);
    assert.equal(typeof ws.config, 'string');
    assert.equal(typeof ws.workspace_url, 'string');
    assert.ok(!('preview_url' in ws));
    assert.deepEqual(Object.keys(ws.streams).sort(), ['workspace_init_error', 'workspace_init_output']);
    const got = await waitForState(emu, ws.id, 2);
    assert.equal(got.state.name, 'running');
    assert.equal(typeof got.preview_url, 'string');
    assert.deepEqual(got.permissions, { enter: true, remove: true, stop: false });
    const out = await fetch(got.streams.workspace_init_output.uri);
    assert.match(await out.text(), /Console Python workspace ready/);
    assert.equal(got.workspace_init_failed, false);
  });

  it('accepts urlencoded and multipart bodies, deprecated aliases, and a token requirement', async () => {
    const form = new URLSearchParams({
      project_id: PROJECTS.python,
      inactivity_timeout: '60',
      workspace_token_required: 'true',
      auto_resume: 'false',
      max_inactive_storage_time: '30',
      max_storage_time: '600',
    });
    const res = await fetch(emu.url('containers', '/workspaces'), { method: 'POST', body: form });
    const ws = (await json(res)).workspace;
    assert.equal(res.status, 201);
    assert.equal(ws.inactivity_timeout, 60);
    assert.match(ws.workspace_token, /^[0-9a-f]{32}$/);
    assert.equal(ws.auto_resume, false);
    assert.equal(ws.retention_time_stopped, 30);
    assert.equal(ws.retention_time_total, 600);

    const multipart = new FormData();
    multipart.set('project_id', PROJECTS.cpp);
    multipart.set('retention_time_stopped', '5');
    multipart.set(
      'files',
      new Blob([
        new Uint8Array(
          tarGz([
            { path: 'extra/notes.txt', data: 'hello' },
            { path: 'main.cpp', data: '// mine' },
          ]),
        ),
      ]),
      'files.tar.gz',
    );
    const res2 = await fetch(emu.url('containers', '/workspaces'), { method: 'POST', body: multipart });
    const ws2 = (await json(res2)).workspace;
    assert.equal(res2.status, 201);
    assert.equal(ws2.retention_time_stopped, 5);
    await waitForState(emu, ws2.id, 2);
    const override = await fetch(emu.url('containers', `/workspaces/${ws2.id}/workspace_files_to_override`));
    assert.equal(override.status, 200);
    assert.equal((await override.text()).trim(), 'main.cpp');
    const file = await fetch(emu.url('containers', `/workspaces/${ws2.id}/files/${Buffer.from('extra/notes.txt').toString('base64')}`));
    assert.equal(await file.text(), 'hello');
  });

  it('refuses invalid fields with 400/10 and unknown projects with 404/200201', async () => {
    const bad = [
      {},
      { project_id: PROJECTS.python, inactivity_timeout: 9 },
      { project_id: PROJECTS.python, inactivity_timeout: 61 },
      { project_id: PROJECTS.python, inactivity_timeout: 'soon' },
      { project_id: PROJECTS.python, retention_time_stopped: -1 },
      { project_id: PROJECTS.python, retention_time_total: 43201 },
      { project_id: PROJECTS.python, max_storage_time: 43201 },
      { project_id: PROJECTS.python, auto_resume: 'maybe' },
      { project_id: PROJECTS.python, project_config: '{not json' },
    ];
    for (const fields of bad) {
      const res = await fetch(emu.url('containers', '/workspaces'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fields) });
      await expectError(res, 400, 10);
    }
    const ok = await createWorkspace(emu, { project_id: PROJECTS.python, inactivity_timeout: 10, retention_time_total: 43200 });
    assert.equal(ok.retention_time_total, 43200);
    const escaping = new FormData();
    escaping.set('project_id', PROJECTS.python);
    escaping.set('files', new Blob([new Uint8Array(tarGz([{ path: '../outside.txt', data: 'x' }]))]), 'f.tar.gz');
    await expectError(await fetch(emu.url('containers', '/workspaces'), { method: 'POST', body: escaping }), 400, 10);
    const unknown = await fetch(emu.url('containers', '/workspaces'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: 'abcdefabcdefabcdefabcdefabcdefab' }),
    });
    await expectError(unknown, 404, 200201);
  });

  it('stop, resume, remove with their 400/1013 refusals and permissions', async () => {
    const ws = await runningWorkspace(emu, { retention_time_stopped: 60 });
    assert.deepEqual(ws.permissions, { enter: true, remove: true, stop: true });
    await expectError(await put(ws.id, 'resume'), 400, 1013);
    const stop = await put(ws.id, 'stop');
    assert.equal(stop.status, 200);
    assert.equal(typeof (await json(stop)).message, 'string');
    const stopped = await getWorkspace(emu, ws.id);
    assert.equal(stopped.state.code, 3);
    assert.deepEqual(stopped.permissions, { enter: true, remove: true, stop: false });
    await expectError(await put(ws.id, 'stop'), 400, 1013);
    assert.equal((await put(ws.id, 'resume')).status, 200);
    assert.equal((await getWorkspace(emu, ws.id)).state.code, 2);
    assert.equal((await put(ws.id, 'remove')).status, 200);
    const removed = await getWorkspace(emu, ws.id);
    assert.equal(removed.state.code, 4);
    assert.match(removed.terminated_at, /\+0000$/);
    assert.deepEqual(removed.permissions, { enter: false, remove: false, stop: false });
    await expectError(await put(ws.id, 'remove'), 400, 1013);
    await expectError(await put(ws.id, 'resume'), 400, 1013);
    // Without retention_time_stopped a workspace cannot be kept stopped.
    const plain = await runningWorkspace(emu);
    await expectError(await put(plain.id, 'stop'), 400, 1013);
    for (const action of ['stop', 'resume', 'remove']) await expectError(await put('0'.repeat(32), action), 404, 1001);
    await expectError(await fetch(emu.url('containers', `/workspaces/${'0'.repeat(32)}`)), 404, 1001);
  });

  it('inactivity stops a workspace that may be kept, removes one that may not; retention removes', async () => {
    const keep = await runningWorkspace(emu, { retention_time_stopped: 30, inactivity_timeout: 10 });
    const drop = await runningWorkspace(emu, { inactivity_timeout: 10 });
    await advanceClock(emu, 9 * MINUTE);
    assert.equal((await getWorkspace(emu, keep.id)).state.code, 2);
    await advanceClock(emu, 2 * MINUTE);
    assert.equal((await waitForState(emu, keep.id, 3)).state.name, 'stopped');
    assert.equal((await waitForState(emu, drop.id, 4)).state.name, 'removed');
    await advanceClock(emu, 31 * MINUTE);
    await waitForState(emu, keep.id, 4);
    const total = await runningWorkspace(emu, { retention_time_total: 20, inactivity_timeout: 60 });
    await advanceClock(emu, 21 * MINUTE);
    await waitForState(emu, total.id, 4);
  });

  it('file operations count as use: last_usage set and the inactivity timer restarts', async () => {
    const ws = await runningWorkspace(emu, { inactivity_timeout: 10 });
    await advanceClock(emu, 8 * MINUTE);
    const list = await fetch(emu.url('containers', `/workspaces/${ws.id}/list_files`));
    assert.equal(list.status, 200);
    const used = await getWorkspace(emu, ws.id);
    assert.match(used.last_usage, /\+0000$/);
    await advanceClock(emu, 8 * MINUTE);
    assert.equal((await getWorkspace(emu, ws.id)).state.code, 2);
    await advanceClock(emu, 3 * MINUTE);
    await waitForState(emu, ws.id, 4);
  });

  it('slots: creating or resuming without a free slot gives 409/200611; stopped ones free theirs', async () => {
    // slots = 3; the misconfigured demo project uses 2, the others 1.
    const a = await runningWorkspace(emu, { project_id: PROJECTS.badConfig, retention_time_stopped: 60 });
    const b = await runningWorkspace(emu, { retention_time_stopped: 60 });
    const full = await fetch(emu.url('containers', '/workspaces'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: PROJECTS.python }),
    });
    await expectError(full, 409, 200611);
    assert.equal((await put(a.id, 'stop')).status, 200);
    const c = await runningWorkspace(emu);
    await runningWorkspace(emu);
    await expectError(await put(a.id, 'resume'), 409, 200611);
    assert.equal((await put(c.id, 'remove')).status, 200);
    assert.equal((await put(b.id, 'stop')).status, 200);
    assert.equal((await put(a.id, 'resume')).status, 200);
  });

  it('a failing init script: workspace_init_failed, its error stream, still running', async () => {
    const ws = await createWorkspace(emu, { project_id: PROJECTS.brokenInit });
    const running = await waitForState(emu, ws.id, 2);
    assert.equal(running.workspace_init_failed, true);
    const err = await fetch(running.streams.workspace_init_error.uri);
    assert.match(await err.text(), /left-pad-9000/);
    const custom = await createWorkspace(emu, { project_id: PROJECTS.python, workspace_init: 'echo custom init; exit 0' });
    const ok = await waitForState(emu, custom.id, 2);
    assert.equal(ok.workspace_init_failed, false);
    assert.equal((await (await fetch(ok.streams.workspace_init_output.uri)).text()).trim(), 'custom init');
  });

  it('workspace streams: 400/1105 invalid name, 404/1101 absent, 404/1001 unknown workspace', async () => {
    const ws = await runningWorkspace(emu);
    await expectError(await fetch(emu.url('containers', `/workspaces/${ws.id}/stage_run_output`)), 400, 1105);
    await expectError(await fetch(emu.url('containers', `/workspaces/${ws.id}/workspace_files_to_override`)), 404, 1101);
    await expectError(await fetch(emu.url('containers', `/workspaces/${'1'.repeat(32)}/workspace_init_output`)), 404, 1001);
  });

  it('GET /workspaces filters by project and states[], pages with limit 1..30', async () => {
    const py = await runningWorkspace(emu, { retention_time_stopped: 60 });
    const cpp = await runningWorkspace(emu, { project_id: PROJECTS.cpp });
    await put(py.id, 'stop');
    const all = await json(await fetch(emu.url('containers', '/workspaces')));
    assert.deepEqual(
      all.items.map((w: any) => w.id),
      [cpp.id, py.id],
    );
    assert.equal(typeof all.items[0].preview_url, 'string');
    const byProject = await json(await fetch(emu.url('containers', '/workspaces', { project_id: PROJECTS.cpp })));
    assert.deepEqual(
      byProject.items.map((w: any) => w.id),
      [cpp.id],
    );
    const stopped = await json(await fetch(emu.url('containers', '/workspaces', { 'states[]': ['3'] })));
    assert.deepEqual(
      stopped.items.map((w: any) => w.id),
      [py.id],
    );
    const both = await json(await fetch(emu.url('containers', '/workspaces', { states: ['2', '3'] })));
    assert.equal(both.items.length, 2);
    const page1 = await json(await fetch(emu.url('containers', '/workspaces', { limit: '1' })));
    assert.deepEqual(
      page1.items.map((w: any) => w.id),
      [cpp.id],
    );
    const page2 = await json(await fetch(emu.url('containers', '/workspaces', { limit: '1', page_token: page1.paging.next_page_token })));
    assert.deepEqual(
      page2.items.map((w: any) => w.id),
      [py.id],
    );
    assert.equal(page2.paging.next_page_token, null);
    for (const limit of ['0', '31']) await expectError(await fetch(emu.url('containers', '/workspaces', { limit })), 400, 10);
    await expectError(await fetch(emu.url('containers', '/workspaces', { page_token: '%%%' })), 400, 10);
  });

  it('the error state (5) with error_reason, set through the emulator hook', async () => {
    const ws = await runningWorkspace(emu);
    const res = await fetch(emu.url('containers', `/__emulator/workspaces/${ws.id}/error`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error_reason: 'disk failure' }),
    });
    assert.equal(res.status, 200);
    const got = await getWorkspace(emu, ws.id);
    assert.deepEqual(got.state, { code: 5, name: 'error', error_reason: 'disk failure' });
    assert.equal(got.permissions.remove, true);
    assert.equal((await put(ws.id, 'remove')).status, 200);
  });

  it('the IDE and preview pages behind workspace_url and preview_url', async () => {
    const ws = await runningWorkspace(emu, { workspace_token_required: true });
    // The pages app is mounted at /containers by server.ts; speak to it directly here.
    const pages = containersPagesApp(emu.ctx);
    const local = (u: string) => new URL(u).pathname.replace(/^\/containers/, '') + new URL(u).search;
    const ide = await pages.request(local(ws.workspace_url));
    assert.equal(ide.status, 200);
    assert.match(await ide.text(), /main\.py/);
    const denied = await pages.request(local(ws.workspace_url).replace(/\?.*$/, ''));
    assert.equal(denied.status, 403);
    const preview = await pages.request(local(ws.preview_url));
    assert.match(await preview.text(), new RegExp(`Preview of workspace ${ws.id}`));
  });
});
