// Where a submission's streams are kept (emulator/store/kept-streams.ts, issue 37): a small one is
// a blob in the state database, so a submission makes no file in the data directory; one over
// INLINE_BLOB_BYTES is a file; both read back whole, in Problems and in Compilers, and a Problems
// rejudge drops the old ones.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { INLINE_BLOB_BYTES } from '../../emulator/store';
import { startTestEmulator, submitAndWait, waitUntilDone, type TestEmulator } from './harness';

const BASH = 28;

describe('problems: where a submission keeps its streams', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());

  const judged = (source: string) => submitAndWait(emu, 'problems', { problemId: 'ECHO', compilerId: BASH, source });
  const text = async (uri: string) => (await fetch(uri)).text();
  const submissionFolder = (id: number) => path.join(emu.dataDir, 'problems', 'submissions', String(id));

  it('small streams make no file: source, output, error and judge notes read back from the database', async () => {
    const source = 'echo out-line; echo err-line >&2\n';
    const sub = await judged(source);
    assert.equal(sub.result.status.code, 14, 'wrong answer: its output and error are kept');
    assert.equal(await text(sub.result.streams.source.uri), source);
    assert.equal(await text(sub.result.streams.output.uri), 'out-line\n');
    assert.equal(await text(sub.result.streams.error.uri), 'err-line\n');
    assert.match(await text(sub.result.streams.debug.uri), /test 0: /);
    assert.equal(fs.existsSync(submissionFolder(sub.id)), false, 'no folder, no file for this submission');
  });

  it(`an output over ${INLINE_BLOB_BYTES / 1024} KiB is a file, read back whole; a rejudge drops it`, async () => {
    const lines = 20_000; // "line N\n": about 150 KB
    const sub = await judged(`for i in $(seq ${lines}); do echo "line $i"; done\n`);
    assert.equal(sub.result.status.code, 14);
    const output = await text(sub.result.streams.output.uri);
    assert.ok(output.length > INLINE_BLOB_BYTES, `${output.length} bytes`);
    assert.equal(output.split('\n').length, lines + 1);
    assert.equal(sub.result.streams.output.size, output.length);
    assert.ok(fs.existsSync(path.join(submissionFolder(sub.id), 'output')), 'kept as a file');

    const put = await fetch(emu.url('problems', `/submissions/${sub.id}`), { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(put.status, 200);
    assert.equal(fs.existsSync(path.join(submissionFolder(sub.id), 'output')), false, 'the old output went with the rejudge');
    const again = await waitUntilDone(emu, 'problems', sub.id, 30);
    assert.equal((await text(again.result.streams.output.uri)).length, output.length, 'judged again: the same output');
  });
});

describe('compilers: where a submission keeps its streams', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());

  const ran = (body: Record<string, unknown>) => submitAndWait(emu, 'compilers', { compilerId: BASH, ...body });
  const stream = async (id: number, name: string) => (await fetch(emu.url('compilers', `/submissions/${id}/${name}`))).text();
  const folder = (id: number) => path.join(emu.dataDir, 'compilers', 'submissions', String(id));

  it('small streams make no file; the input still reaches the program', async () => {
    const sub = await ran({ source: 'tr a-z A-Z; echo err-line >&2\n', input: 'hello\n' });
    assert.equal(sub.result.status.code, 15, JSON.stringify(sub.result));
    assert.equal(await stream(sub.id, 'output'), 'HELLO\n');
    assert.equal(await stream(sub.id, 'error'), 'err-line\n');
    assert.equal(await stream(sub.id, 'input'), 'hello\n');
    assert.equal(await stream(sub.id, 'source'), 'tr a-z A-Z; echo err-line >&2\n');
    assert.equal(fs.existsSync(folder(sub.id)), false, 'no folder, no file for this submission');
  });

  it(`an input and an output over ${INLINE_BLOB_BYTES / 1024} KiB are files, read back whole`, async () => {
    const input = 'abc\n'.repeat(40_000); // 160 KB
    const sub = await ran({ source: 'cat; cat /dev/null\n', input });
    assert.equal(sub.result.status.code, 15, JSON.stringify(sub.result));
    assert.equal(await stream(sub.id, 'output'), input);
    assert.equal(await stream(sub.id, 'input'), input);
    assert.ok(fs.existsSync(path.join(folder(sub.id), 'output.stream')), 'the output kept as a file');
    assert.ok(fs.existsSync(path.join(folder(sub.id), 'input.stream')), 'the input kept as a file');
  });
});
