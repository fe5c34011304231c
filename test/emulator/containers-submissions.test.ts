// Containers API: submissions run the seed projects' scenarios and end in the right final status.
import * as assert from 'node:assert/strict';
import { json, startTestEmulator, type TestEmulator } from './harness';
import { PROJECTS, expectError, submit, submitAndWait, tarGz, workspaceArchive } from './containers-support';

const STAGE_NAMES = ['init', 'build', 'run', 'test', 'post'];

describe('containers: submissions', function () {
  this.timeout(120000);
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());

  const streamText = async (s: any, name: string) => {
    assert.ok(s.streams[name], `stream ${name} present`);
    const res = await fetch(s.streams[name].uri); // the uri alone must work (token embedded)
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.equal(Buffer.byteLength(text), s.streams[name].size);
    return text;
  };

  it('Console Python: ok (15), output in stage_run_output, the full resource shape', async () => {
    const s = await submitAndWait(emu, PROJECTS.python, { 'main.py': 'print(input() if False else "hi there")' });
    assert.equal(s.result.status.code, 15);
    assert.equal(s.result.status.name, 'ok');
    assert.equal(s.executing, false);
    assert.equal(s.scenario, 'run');
    assert.deepEqual(s.project, { id: PROJECTS.python, name: 'Console Python' });
    assert.match(s.date, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000$/);
    assert.equal(typeof s.id, 'number');
    for (const k of ['score', 'time', 'memory', 'signal']) assert.equal(typeof s.result[k], 'number', k);
    assert.deepEqual(Object.keys(s.stages).sort(), [...STAGE_NAMES].sort());
    assert.equal(s.stages.run.skipped, false);
    assert.equal(s.stages.run.exit_code, 0);
    assert.equal(s.stages.build.skipped, true);
    assert.equal(s.stages.run.status_changed_to.code, 15);
    assert.equal((await streamText(s, 'stage_run_output')).trim(), 'hi there');
    assert.equal(s.streams.debug_log, null);
    assert.equal(s.streams.tests_report, null);
    const source = await fetch(s.streams.source.uri);
    assert.equal(
      Buffer.from(await source.arrayBuffer())
        .subarray(0, 2)
        .toString('hex'),
      '1f8b',
    );
  });

  it('uses the default scenario when none is given, and refuses unknown scenarios naming the known ones', async () => {
    const res = await submit(emu, PROJECTS.unitTests, workspaceArchive({ 'x.txt': 'x' }), 'nope');
    const body = await expectError(res, 400, 10);
    assert.match(body.message, /"run"/);
    assert.match(body.message, /"test"/);
    const s = await submitAndWait(emu, PROJECTS.unitTests, { 'x.txt': 'x' });
    assert.equal(s.scenario, 'run');
    assert.equal(s.result.status.code, 15);
  });

  it('Console C++: build stage compiles, run prints; a compile error ends as 11 with later stages skipped', async () => {
    const ok = await submitAndWait(emu, PROJECTS.cpp, {
      'main.cpp': '#include <iostream>\nint main(){ std::cout << 6*7 << "\\n"; }\n',
    });
    assert.equal(ok.result.status.code, 15);
    assert.equal(ok.stages.build.skipped, false);
    assert.equal((await streamText(ok, 'stage_run_output')).trim(), '42');

    const bad = await submitAndWait(emu, PROJECTS.cpp, { 'main.cpp': 'int main( { return 0 }' });
    assert.equal(bad.result.status.code, 11);
    assert.equal(bad.result.status.name, 'build error');
    assert.notEqual(bad.stages.build.exit_code, 0);
    assert.deepEqual(bad.stages.build.status_changed_to.code, 11);
    assert.equal(bad.stages.run.skipped, true);
    assert.match(await streamText(bad, 'stage_build_error'), /error/);
  });

  it('a failing program ends as 12 runtime error', async () => {
    const s = await submitAndWait(emu, PROJECTS.python, { 'main.py': 'print("before")\n1/0\n' });
    assert.equal(s.result.status.code, 12);
    assert.equal(s.stages.run.exit_code, 1);
    assert.equal(s.stages.run.status_changed_to.code, 12);
    assert.match(await streamText(s, 'stage_run_error'), /ZeroDivisionError/);
    assert.equal((await streamText(s, 'stage_run_output')).trim(), 'before');
  });

  it('a stage over its timeout ends as 13 time limit exceeded', async () => {
    const s = await submitAndWait(emu, PROJECTS.python, { 'main.py': 'import time\nwhile True: time.sleep(0.1)\n' });
    assert.equal(s.result.status.code, 13);
    assert.equal(s.stages.run.status_changed_to.code, 13);
    assert.ok(s.stages.run.time >= 4.5, `run time ${s.stages.run.time}`);
  });

  it('Python Unit Tests: all tests pass → 15 with score 100 and a tests report', async () => {
    const s = await submitAndWait(emu, PROJECTS.unitTests, {}, 'test');
    assert.equal(s.result.status.code, 15);
    assert.equal(s.result.score, 100);
    assert.equal(s.stages.test.status_changed_to.code, 15);
    const report = JSON.parse(await streamText(s, 'tests_report'));
    assert.equal(report.length, 4);
    for (const t of report) {
      assert.equal(t.status, 'ok');
      assert.equal(typeof t.name, 'string');
      assert.equal(typeof t.classname, 'string');
      assert.equal(typeof t.time, 'number');
    }
  });

  it('Python Unit Tests: half the tests fail → 14 fail with score 50', async () => {
    const s = await submitAndWait(emu, PROJECTS.unitTests, { 'solution.py': 'def add(a, b):\n    return a + b\n\ndef is_palindrome(text):\n    return False\n' }, 'test');
    assert.equal(s.result.status.code, 14);
    assert.equal(s.result.status.name, 'fail');
    assert.equal(s.result.score, 50);
    const report = JSON.parse(await streamText(s, 'tests_report'));
    const failures = report.filter((t: any) => t.status === 'failure');
    assert.equal(failures.length, 2);
    assert.equal(typeof failures[0].failure, 'string');
  });

  it('a project with an invalid configuration ends as 22 with a debug_log', async () => {
    const s = await submitAndWait(emu, PROJECTS.badConfig, { 'app.c': 'int main(){}' });
    assert.equal(s.result.status.code, 22);
    assert.equal(s.result.status.name, 'project error');
    assert.match(await streamText(s, 'debug_log'), /timeout/);
  });

  it('validates the source archive: one top-level workspace/ folder, nothing escaping', async () => {
    const cases: Array<[string, Buffer]> = [
      ['no workspace folder', tarGz([{ path: 'main.py', data: 'print(1)' }])],
      [
        'two top-level folders',
        tarGz([
          { path: 'workspace/a.py', data: '' },
          { path: 'other/b.py', data: '' },
        ]),
      ],
      ['wrong folder name', tarGz([{ path: 'src/main.py', data: '' }])],
      ['dot-dot entry', tarGz([{ path: 'workspace/../evil.py', data: '' }])],
      ['absolute entry', tarGz([{ path: '/workspace/main.py', data: '' }])],
      [
        'link out',
        tarGz([
          { path: 'workspace/', type: 'dir' },
          { path: 'workspace/l', type: 'symlink', linkpath: '../../etc/passwd' },
        ]),
      ],
      ['absolute link', tarGz([{ path: 'workspace/l', type: 'symlink', linkpath: '/etc/passwd' }])],
      ['not gzip', Buffer.from('plain text, not an archive')],
    ];
    for (const [label, archive] of cases) {
      const body = await expectError(await submit(emu, PROJECTS.python, archive), 400, 10);
      assert.ok(body.message.length > 10, label);
    }
    const body = await expectError(await submit(emu, PROJECTS.python, tarGz([{ path: 'main.py', data: 'x' }])), 400, 10);
    assert.match(body.message, /workspace/);
    // ./workspace/ prefixes (tar -C . workspace) are the same folder.
    const dotted = await submit(emu, PROJECTS.python, tarGz([{ path: './workspace/main.py', data: 'print(5)' }]));
    assert.equal(dotted.status, 201);
  });

  it('400/10 without project_id or source; 404/200201 for an unknown project', async () => {
    const noSource = new FormData();
    noSource.set('project_id', PROJECTS.python);
    await expectError(await fetch(emu.url('containers', '/submissions'), { method: 'POST', body: noSource }), 400, 10);
    const noProject = new FormData();
    noProject.set('source', new Blob([new Uint8Array(workspaceArchive({ a: 'b' }))]), 's.tar.gz');
    await expectError(await fetch(emu.url('containers', '/submissions'), { method: 'POST', body: noProject }), 400, 10);
    await expectError(await submit(emu, 'ffffffffffffffffffffffffffffffff', workspaceArchive({ a: 'b' })), 404, 200201);
  });

  it('GET /submissions/{id}: 404/1001 for unknown ids; streams: 400/1105 bad name, 404/1101 absent', async () => {
    await expectError(await fetch(emu.url('containers', '/submissions/999999')), 404, 1001);
    await expectError(await fetch(emu.url('containers', '/submissions/abc')), 404, 1001);
    const s = await submitAndWait(emu, PROJECTS.python, { 'main.py': 'print(1)' });
    await expectError(await fetch(emu.url('containers', `/submissions/${s.id}/stdout`)), 400, 1105);
    await expectError(await fetch(emu.url('containers', `/submissions/${s.id}/tests_report`)), 404, 1101);
    await expectError(await fetch(emu.url('containers', `/submissions/999999/source`)), 404, 1001);
    const out = await fetch(emu.url('containers', `/submissions/${s.id}/stage_run_output`));
    assert.equal((await out.text()).trim(), '1');
  });

  it('shows transitional statuses while executing, with every stream null', async () => {
    const res = await submit(emu, PROJECTS.python, workspaceArchive({ 'main.py': 'import time\ntime.sleep(1.5)\n' }));
    const { id } = await json(res);
    const s = await json(await fetch(emu.url('containers', `/submissions/${id}`)));
    assert.equal(s.executing, true);
    assert.ok([0, 1, 3].includes(s.result.status.code), String(s.result.status.code));
    for (const v of Object.values(s.streams)) assert.equal(v, null);
  });

  it('the stages see the SE_* environment and earlier exit codes', async () => {
    const s = await submitAndWait(emu, PROJECTS.python, {
      'main.py': [
        'import os',
        'keys = ["SE_CURRENT_STAGE", "SE_PATH_WORKSPACE", "SE_PATH_FINAL_TESTS_REPORT", "SE_PATH_STAGE_RUN_STDOUT"]',
        'print(os.environ["SE_CURRENT_STAGE"])',
        'print(all(k in os.environ for k in keys))',
        'print(os.getcwd() == os.environ["SE_PATH_WORKSPACE"])',
      ].join('\n'),
    });
    assert.equal(s.result.status.code, 15);
    const out = (await streamText(s, 'stage_run_output')).trim().split('\n');
    assert.deepEqual(out, ['run', 'True', 'True']);
  });
});
