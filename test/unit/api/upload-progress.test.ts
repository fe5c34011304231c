// Upload progress of POST /submissions against the real local emulator: the bytes of the archive
// are counted as they go into the request body, the service still gets the archive intact, and
// an abort in the middle leaves no submission behind and is not retried.
import * as assert from 'node:assert/strict';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tar from 'tar';
import { ContainersClient, isAbortError } from '../../../src/api';
import { pollUntilDone } from '../../../src/core/poller';
import { startTestEmulator, testHook, TOKEN, type TestEmulator } from '../../emulator/harness';

const CONSOLE_PYTHON = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';

describe('api: upload progress of a Containers submission (emulator)', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let containers: ContainersClient;
  let tmp: string;
  let archive: string;
  let archiveBytes: number;

  before(async () => {
    emu = await startTestEmulator();
    containers = new ContainersClient({ endpoint: emu.endpoints.containers, token: TOKEN });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'se-upload-progress-'));
    const dir = path.join(tmp, 'folder');
    fs.mkdirSync(path.join(dir, 'workspace'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'workspace', 'main.py'), 'print("uploaded")\n');
    // Random bytes do not compress: the archive stays about 2 MiB, many chunks of the file stream.
    fs.writeFileSync(path.join(dir, 'workspace', 'data.bin'), crypto.randomBytes(2 * 1024 * 1024));
    archive = path.join(tmp, 'source.tar.gz');
    await tar.create({ gzip: true, file: archive, cwd: dir }, ['workspace']);
    archiveBytes = fs.statSync(archive).size;
  });
  after(async () => {
    await containers?.close();
    await emu?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  const submissionPosts = async () => {
    const res = await testHook(emu, 'GET', 'requests');
    const { items } = (await res.json()) as { items: Array<{ method: string; url: string; status: number }> };
    return items.filter((r) => r.method === 'POST' && /^\/containers\/api\/v1\/submissions(\?|$)/.test(r.url));
  };

  it('reports monotonic progress from 0 to the archive size, and the service gets the archive intact', async () => {
    const reports: Array<[number, number]> = [];
    const { id } = await containers.createSubmission({
      projectId: CONSOLE_PYTHON,
      scenario: 'run',
      sourcePath: archive,
      onUploadProgress: (sent, total) => reports.push([sent, total]),
    });
    assert.equal(typeof id, 'number');
    assert.ok(reports.length > 3, `only ${reports.length} progress reports for ${archiveBytes} bytes`);
    assert.deepEqual(reports[0], [0, archiveBytes], 'starts at 0 of the archive size');
    assert.deepEqual(reports[reports.length - 1], [archiveBytes, archiveBytes], 'ends at the total');
    for (let i = 1; i < reports.length; i++) {
      assert.ok(reports[i][0] >= reports[i - 1][0], `progress went back at report ${i}: ${reports[i - 1][0]} → ${reports[i][0]}`);
      assert.equal(reports[i][1], archiveBytes, 'the total stays the archive size');
    }
    // What was counted is what was sent: the service's copy of the source is the same archive.
    await pollUntilDone({ fetch: (signal) => containers.getSubmission(id, signal), isExecuting: (s) => s.executing, intervalMs: 100 });
    const source = await containers.getSubmissionStream(id, 'source');
    assert.ok(source.equals(fs.readFileSync(archive)), `the service got ${source.length} bytes, not the ${archiveBytes}-byte archive`);
  });

  it('an abort in the middle of the upload stops it: an abort error, no submission, never retried', async () => {
    const before = (await submissionPosts()).length;
    const controller = new AbortController();
    let lastSent = 0;
    await assert.rejects(
      containers.createSubmission(
        {
          projectId: CONSOLE_PYTHON,
          scenario: 'run',
          sourcePath: archive,
          onUploadProgress: (sent) => {
            lastSent = sent;
            if (sent > 0 && sent < archiveBytes) controller.abort();
          },
        },
        controller.signal,
      ),
      (err: unknown) => isAbortError(err),
    );
    assert.ok(lastSent > 0 && lastSent < archiveBytes, `aborted at ${lastSent} of ${archiveBytes} bytes`);
    // Give a stray second attempt time to show up in the log.
    await new Promise((r) => setTimeout(r, 300));
    const after = (await submissionPosts()).slice(before);
    assert.ok(after.length <= 1, `the upload was sent ${after.length} times`);
    assert.ok(
      after.every((r) => r.status >= 400),
      `the cut-off upload created a submission: ${JSON.stringify(after)}`,
    );
  });
});
