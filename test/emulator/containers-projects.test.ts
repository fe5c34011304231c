// Containers API: GET /test and the projects endpoints.
import * as assert from 'node:assert/strict';
import { json, startTestEmulator, type TestEmulator } from './harness';
import { PROJECTS, expectError } from './containers-support';

describe('containers: projects', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());

  it('GET /test answers with the service message', async () => {
    const res = await fetch(emu.url('containers', '/test'));
    assert.deepEqual(await json(res), { message: 'You can use Sphere Engine Containers API' });
  });

  it('lists the seed projects with every field of the spec', async () => {
    const body = await json(await fetch(emu.url('containers', '/projects')));
    const names = body.items.map((p: any) => p.name);
    for (const n of ['Console Python', 'Console C++', 'Python Unit Tests']) assert.ok(names.includes(n), n);
    const p = body.items.find((x: any) => x.id === PROJECTS.python);
    assert.deepEqual(Object.keys(p).sort(), ['config', 'created_at', 'description', 'id', 'name', 'slots', 'stack', 'template'].sort());
    assert.match(p.id, /^[0-9a-f]{32}$/);
    assert.match(p.created_at, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000$/);
    assert.equal(typeof p.config.project_config, 'string');
    assert.equal(JSON.parse(p.config.project_config).scenarios.run.default, true);
    assert.match(p.config.workspace_init, /Console Python/);
    assert.equal(typeof p.template, 'boolean');
    assert.equal(p.slots, 1);
    assert.deepEqual(body.paging, { previous_page_token: null, next_page_token: null });
  });

  it('pages with limit and page_token, null tokens at both ends', async () => {
    const all = (await json(await fetch(emu.url('containers', '/projects')))).items;
    const first = await json(await fetch(emu.url('containers', '/projects', { limit: '2' })));
    assert.equal(first.items.length, 2);
    assert.equal(first.paging.previous_page_token, null);
    assert.equal(typeof first.paging.next_page_token, 'string');
    const seen = [...first.items];
    let token = first.paging.next_page_token;
    let last: any;
    while (token) {
      last = await json(await fetch(emu.url('containers', '/projects', { limit: '2', page_token: token })));
      assert.equal(typeof last.paging.previous_page_token, 'string');
      seen.push(...last.items);
      token = last.paging.next_page_token;
    }
    assert.equal(last.paging.next_page_token, null);
    assert.deepEqual(
      seen.map((p) => p.id),
      all.map((p: any) => p.id),
    );
    const back = await json(await fetch(emu.url('containers', '/projects', { limit: '2', page_token: first.paging.next_page_token })));
    const prev = await json(await fetch(emu.url('containers', '/projects', { limit: '2', page_token: back.paging.previous_page_token })));
    assert.deepEqual(
      prev.items.map((p: any) => p.id),
      first.items.map((p: any) => p.id),
    );
  });

  it('refuses limits out of 1..20 and bad page tokens with 400/10', async () => {
    for (const limit of ['0', '21', 'abc']) await expectError(await fetch(emu.url('containers', '/projects', { limit })), 400, 10);
    assert.equal((await fetch(emu.url('containers', '/projects', { limit: '20' }))).status, 200);
    await expectError(await fetch(emu.url('containers', '/projects', { page_token: 'not-a-token' })), 400, 10);
  });

  it('GET /projects/{id}: the project, or 404/200201', async () => {
    const res = await fetch(emu.url('containers', `/projects/${PROJECTS.cpp}`));
    const p = await json(res);
    assert.equal(res.status, 200);
    assert.equal(p.name, 'Console C++');
    assert.match(JSON.parse(p.config.project_config).scenarios.run.stages.build.command, /g\+\+/);
    await expectError(await fetch(emu.url('containers', '/projects/00000000000000000000000000000000')), 404, 200201);
  });
});
