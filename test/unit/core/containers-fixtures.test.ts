// The sample folders of test/fixtures/containers, packed and submitted to a private emulator
// through the same vscode-free path the extension takes: each ends with its expected status,
// output and diagnostics. (The host tests repeat this through the command, at the spec's rhythm.)
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ContainersClient } from '../../../src/api';
import { containersDiagnostics } from '../../../src/core/containers';
import { finishSubmission, type FinishedSubmission } from '../../../src/core/containers/submission';
import { packFolder } from '../../../src/core/packer';
import { startTestEmulator, TOKEN, type TestEmulator } from '../../emulator/harness';
import { REPO_ROOT } from '../../repo-root';

const FIXTURES = path.resolve(REPO_ROOT, 'test', 'fixtures', 'containers');
const PROJECTS = {
  python: '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61',
  cpp: '8b2e4d6f1a3c4e5f8091a2b3c4d5e6f7',
  unitTests: 'c47a1e2b9d0f4a6b8c3d5e7f9a1b2c3d',
  badConfig: 'f1e2d3c4b5a697887766554433221100',
};
/** The emulator's poll guard is off here; the spec's 5 s rhythm is checked in the host tests. */
const FAST_POLL_MS = 100;

describe('containers sample folders against the emulator', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let client: ContainersClient;

  before(async () => {
    emu = await startTestEmulator();
    client = new ContainersClient({ endpoint: emu.endpoints.containers, token: TOKEN });
  });
  after(async () => {
    await client?.close();
    await emu?.close();
  });

  async function submit(fixture: string, projectId: string, scenario?: string): Promise<{ done: FinishedSubmission; files: string[]; root: string }> {
    const root = path.join(FIXTURES, fixture);
    const archive = await packFolder(root);
    try {
      const { id } = await client.createSubmission({ projectId, scenario, sourcePath: archive.file });
      const done = await finishSubmission(client, id, { intervalMs: FAST_POLL_MS });
      const files = archive.scan.included.filter((e) => e.kind !== 'directory').map((e) => e.path);
      return { done, files, root };
    } finally {
      await archive.dispose();
    }
  }

  it('ok: runs main.py with the package beside it; .sphereignore keeps notes/ out', async () => {
    const { done, files } = await submit('ok', PROJECTS.python);
    assert.equal(done.submission.result.status.code, 15, done.text);
    assert.match(done.text, /hello from Sphere Engine/);
    assert.ok(!files.some((f) => f.startsWith('notes')), files.join(','));
  });

  it('build error: g++ messages become diagnostics on main.cpp', async () => {
    const { done, files, root } = await submit('build-error', PROJECTS.cpp);
    assert.equal(done.submission.result.status.code, 11, done.text);
    const found = containersDiagnostics(done.streams, { root, files });
    assert.ok(found.length >= 1, done.text);
    assert.ok(found.every((d) => d.file === path.join(root, 'main.cpp')));
    assert.ok(
      found.some((d) => d.line === 6 || d.line === 8),
      JSON.stringify(found),
    );
  });

  it('runtime error: the traceback lands on lib/compute.py line 2', async () => {
    const { done, files, root } = await submit('runtime-error', PROJECTS.python);
    assert.equal(done.submission.result.status.code, 12, done.text);
    const found = containersDiagnostics(done.streams, { root, files });
    assert.deepEqual(
      found.map((d) => [path.relative(root, d.file), d.line]),
      [[path.join('lib', 'compute.py'), 2]],
    );
    assert.match(found[0].message, /ZeroDivisionError/);
  });

  it('time limit: the run stage is stopped at its timeout', async () => {
    const { done } = await submit('time-limit', PROJECTS.python);
    assert.equal(done.submission.result.status.code, 13, done.text);
    assert.match(done.text, /Result: time limit exceeded \(13\)/);
  });

  it('failing tests: the tests report shows which tests failed', async () => {
    const { done } = await submit('failing-tests', PROJECTS.unitTests, 'test');
    assert.equal(done.submission.result.status.code, 14, done.text);
    assert.equal(done.testsReport?.summary.failed, 2, done.text);
    assert.equal(done.testsReport?.summary.passed, 2, done.text);
    assert.match(done.text, /FAIL +test_small_numbers/);
  });

  it('project error: the debug log explains the configuration problem', async () => {
    const { done } = await submit('project-error', PROJECTS.badConfig);
    assert.equal(done.submission.result.status.code, 22, done.text);
    assert.match(done.text, /Project error:[^\n]*\n[^\n]*configuration/);
  });
});
