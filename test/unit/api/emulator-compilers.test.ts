// End-to-end checks of CompilersClient against the emulator: compilers list, a run with input and
// its output, a multi-file submission, and an unknown compiler's 400/201101.
import * as assert from 'node:assert/strict';
import { CompilersClient, isAcceptedStatus, SphereApiError } from '../../../src/api';
import { pollUntilDone } from '../../../src/core/poller';
import { startTestEmulator, TOKEN, type TestEmulator } from '../../emulator/harness';

const FAST_POLL_MS = 100;

describe('compilers client against the emulator', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let compilers: CompilersClient;
  before(async () => {
    emu = await startTestEmulator();
    compilers = new CompilersClient({ endpoint: emu.endpoints.compilers, token: TOKEN });
  });
  after(async () => {
    await compilers?.close();
    await emu?.close();
  });

  it('lists compilers with versions', async () => {
    const { items } = await compilers.listCompilers();
    assert.ok(items.length > 0);
    assert.ok(items.every((c) => typeof c.id === 'number' && Array.isArray(c.versions)));
  });

  it('runs a Python program with input and reads its output', async () => {
    const { items } = await compilers.listCompilers();
    const python = items.find((c) => c.id === 116) ?? items.find((c) => /python/i.test(c.name));
    assert.ok(python, 'the emulator offers Python');
    const { id } = await compilers.createSubmission({ source: 'print(int(input()) * 2)', compilerId: python.id, input: '21' });
    const done = await pollUntilDone({ fetch: (s) => compilers.getSubmission(id, s), isExecuting: (s) => s.executing, intervalMs: FAST_POLL_MS });
    assert.ok(isAcceptedStatus(done.result.status), JSON.stringify(done.result));
    assert.equal((await compilers.getSubmissionStream(id, 'output')).toString().trim(), '42');
    const many = await compilers.getSubmissions([id]);
    assert.deepEqual(
      many.items.map((s) => s.id),
      [id],
    );
  });

  it('runs a multi-file Python submission (files[<name>] parts)', async () => {
    const { id } = await compilers.createSubmission({
      compilerId: 116,
      files: { 'prog.py': Buffer.from('import helper\nprint(helper.value())\n'), 'helper.py': Buffer.from('def value():\n    return 7\n') },
    });
    const done = await pollUntilDone({ fetch: (s) => compilers.getSubmission(id, s), isExecuting: (s) => s.executing, intervalMs: FAST_POLL_MS });
    assert.ok(isAcceptedStatus(done.result.status), JSON.stringify(done.result));
    assert.equal((await compilers.getSubmissionStream(id, 'output')).toString().trim(), '7');
  });

  it('an unknown compiler is 400/201101', async () => {
    await assert.rejects(
      compilers.createSubmission({ source: 'x', compilerId: 999999 }),
      (e: unknown) => e instanceof SphereApiError && e.status === 400 && e.errorCode === 201101,
    );
  });
});
