// Issue 36 item 4: request bodies in flight together are capped (emulator/http/body-cap.ts). Before:
// 50 concurrent 8 MiB bodies, each under its route's cap, took the emulator's memory up by about
// 300 MB. The emulator runs in its own process so its RSS is its own; it is sampled from /proc
// while the bodies are on their way.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulatorProcess, stopEmulatorProcess, type EmulatorProcess } from './emulator-process';

const MiB = 1024 * 1024;
const TOKEN = 'bodies-in-flight-token';

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

/** POSTs `size` bytes with a declared length on a connection of its own; resolves with the status and Retry-After. */
function post(url: string, body: Buffer): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined }));
    });
    // A refusal may come before the body is all sent; the answer is what counts.
    req.on('error', reject);
    req.end(body);
  });
}

describe('emulator: request bodies in flight together', function () {
  this.timeout(120_000);
  let emu: EmulatorProcess;
  let dataDir: string;
  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-bodies-'));
    emu = await startEmulatorProcess(['--data', dataDir, '--token', TOKEN]);
  });
  after(async () => {
    await stopEmulatorProcess(emu);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('50 concurrent 8 MiB bodies: some answered 503 with Retry-After, RSS within 100 MB of idle, still serving', async () => {
    const url = `${emu.endpoints.compilers}/api/v4/submissions?access_token=${TOKEN}`;
    const body = Buffer.alloc(8 * MiB - 64, 'a');
    Buffer.from('compilerId=11&source=').copy(body);
    await post(url, Buffer.from('compilerId=11&source=x')); // warm the route before measuring idle
    const pid = emu.child.pid!;
    const idle = rssMiB(pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 10);
    let answers: Array<{ status: number; retryAfter?: string }>;
    try {
      answers = await Promise.all(Array.from({ length: 50 }, () => post(url, body)));
      peak = Math.max(peak, rssMiB(pid));
    } finally {
      clearInterval(sampler);
    }
    assert.ok(peak - idle < 100, `RSS went from ${idle.toFixed(0)} MiB to ${peak.toFixed(0)} MiB`);
    const statuses = answers.map((a) => a.status).join(',');
    const busy = answers.filter((a) => a.status === 503);
    assert.ok(busy.length > 0, `statuses: ${statuses}`);
    assert.ok(
      busy.every((a) => a.retryAfter === '1'),
      'each 503 says when to retry',
    );
    assert.ok(
      answers.every((a) => a.status === 503 || a.status === 400),
      `statuses: ${statuses}`,
    );
    const after = await fetch(`${emu.endpoints.compilers}/api/v4/test?access_token=${TOKEN}`);
    assert.equal(after.status, 200);
  });
});
