// Figures for the emulator's budgets (issue 26 items 7, 10, 11), each against a fresh emulator
// process (its peak RSS is VmHWM in /proc, so one scenario cannot hide another's peak):
//   1. a 300 MB `source` sent in full: refused before it is read, and what it costs in memory;
//   2. 20 output files of 16 MB of random bytes: the output archive is packed to disk and served in
//      pieces, so memory must not grow by the ~600 MB it once did;
//   3. a ~1 MB workspace archive of 1 GiB of zeros: refused at its header, the event loop not held.
// Run: `npm run bench -- boundaries` (Linux: reads /proc).
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { startEmulatorProcess, type EmulatorProcess } from './emulator-process';
import type { Benchmark, Figure } from './types';

const MiB = 1024 * 1024;
const BASH = 28;
const PYTHON_PROJECT = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';

function memKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}
const mb = (kb: number) => Math.round(kb / 1024);

/** Sends `total` bytes declared up front; resolves with the answer and how much was sent by then. */
function bigPost(target: string, total: number): Promise<{ status: number; body: string; sentMiB: number; ms: number }> {
  return new Promise((resolve) => {
    const u = new URL(target);
    const started = performance.now();
    const req = http.request({
      host: u.hostname,
      port: u.port,
      path: u.pathname + u.search,
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(total) },
    });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentMiB: Math.round(sent / MiB), ms: performance.now() - started });
      });
    });
    req.on('error', () => undefined);
    const piece = Buffer.alloc(MiB, 0x61);
    req.write('compilerId=28&source=');
    sent += 21;
    const pump = () => {
      while (!answered && sent < total) {
        const n = Math.min(piece.length, total - sent);
        sent += n;
        if (!req.write(piece.subarray(0, n))) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

async function zeroBomb(size: number): Promise<Buffer> {
  const header = Buffer.alloc(512);
  header.write('zeros.bin', 0);
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const b of header) sum += b;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const gz = zlib.createGzip({ level: 1 });
  const out: Buffer[] = [];
  gz.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((r) => gz.on('end', r));
  const write = (b: Buffer) => (gz.write(b) ? Promise.resolve() : new Promise((r) => gz.once('drain', r)));
  await write(header);
  const zeros = Buffer.alloc(MiB);
  for (let left = size; left > 0; left -= MiB) await write(zeros);
  await write(Buffer.alloc(1024));
  gz.end();
  await ended;
  return Buffer.concat(out);
}

async function withEmulator<T>(repoRoot: string, dir: string, fn: (emu: EmulatorProcess) => Promise<T>): Promise<T> {
  const emu = await startEmulatorProcess(repoRoot, dir);
  try {
    return await fn(emu);
  } finally {
    await emu.stop();
  }
}

export const benchmark: Benchmark = {
  name: 'boundaries',
  async run({ repoRoot, tmpDir, log }): Promise<Figure[]> {
    const figures: Figure[] = [];

    // 1. 300 MB body.
    await withEmulator(repoRoot, path.join(tmpDir, 'e1'), async (emu) => {
      const idle = memKb(emu.pid, 'VmRSS');
      const r = await bigPost(emu.api('compilers', '/submissions'), 300 * MiB);
      const peak = memKb(emu.pid, 'VmHWM');
      log(`300 MB body: ${r.status} after ${r.sentMiB} MiB sent, ${r.body.slice(0, 120)}`);
      figures.push({
        name: '300 MB `source`: emulator peak RSS above idle',
        value: mb(peak - idle),
        unit: 'MB',
        goal: '< 50 MB, refused before it is read',
        ok: peak - idle < 50 * 1024 && r.status === 400,
        note: `answered ${r.status} ${JSON.parse(r.body || '{}').error_code ?? ''} after ${r.ms.toFixed(0)} ms, ${r.sentMiB} MiB sent by then; idle RSS ${mb(idle)} MB (before: 105 → 1,330 MB, then 400)`,
      });
    });

    // 2. 20 output files of 16 MB.
    await withEmulator(repoRoot, path.join(tmpDir, 'e2'), async (emu) => {
      const names = Array.from({ length: 20 }, (_, i) => `f${i}`);
      const source = `for f in ${names.join(' ')}; do head -c 16000000 /dev/urandom > $f; done\necho done\n`;
      const created = await fetch(emu.api('compilers', '/submissions'), {
        method: 'POST',
        body: new URLSearchParams({ compilerId: String(BASH), source, timeLimit: '60', output_filenames: names.join(';') }),
      });
      const { id } = (await created.json()) as { id: number };
      const idle = memKb(emu.pid, 'VmRSS');
      const started = performance.now();
      let view: { executing: boolean; result: { status: { code: number } } } | undefined;
      while (!view || view.executing) {
        await new Promise((r) => setTimeout(r, 250));
        view = (await (await fetch(emu.api('compilers', `/submissions/${id}`))).json()) as typeof view;
      }
      const res = await fetch(emu.api('compilers', `/submissions/${id}/output`));
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      const peak = memKb(emu.pid, 'VmHWM');
      log(`20 × 16 MB: status ${view.result.status.code}, archive ${mb(bytes / 1024)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      figures.push({
        name: '20 output files of 16 MB: emulator peak RSS above idle (pack + download)',
        value: mb(peak - idle),
        unit: 'MB',
        goal: '< 100 MB (never the archive in memory)',
        ok: peak - idle < 100 * 1024 && bytes > 300 * MiB,
        note: `status ${view.result.status.code}, output archive ${mb(bytes / 1024)} MB streamed; idle RSS ${mb(idle)} MB (before: 369 → 999 MB)`,
      });
    });

    // 3. 1 GiB archive bomb.
    await withEmulator(repoRoot, path.join(tmpDir, 'e3'), async (emu) => {
      const bomb = await zeroBomb(1024 * MiB);
      // The same pings for a second before: what a GET /test waits on this machine anyway.
      let baseline = 0;
      for (const until = performance.now() + 1000; performance.now() < until;) {
        const t = performance.now();
        await fetch(emu.api('containers', '/test')).then((r) => r.arrayBuffer());
        baseline = Math.max(baseline, performance.now() - t);
        await new Promise((r) => setTimeout(r, 10));
      }
      const form = new FormData();
      form.set('project_id', PYTHON_PROJECT);
      form.set('files', new Blob([bomb]), 'files.tar.gz');
      let done = false;
      let worst = 0;
      const pinger = (async () => {
        while (!done) {
          const t = performance.now();
          await fetch(emu.api('containers', '/test')).then((r) => r.arrayBuffer());
          worst = Math.max(worst, performance.now() - t);
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      const started = performance.now();
      const res = await fetch(emu.api('containers', '/workspaces'), { method: 'POST', body: form });
      const answerMs = performance.now() - started;
      const body = await res.text();
      done = true;
      await pinger;
      log(`bomb ${(bomb.length / MiB).toFixed(1)} MB: ${res.status} ${body.slice(0, 160)}`);
      figures.push({
        name: `${(bomb.length / MiB).toFixed(1)} MB workspace archive of 1 GiB: answer`,
        value: Math.round(answerMs),
        unit: 'ms',
        goal: '400, nothing written',
        ok: res.status === 400,
        note: `${res.status}: ${JSON.parse(body).message ?? ''} (before: 1 GB on disk, loop held 11.5 s)`,
      });
      figures.push({
        name: 'the same: longest GET /test wait meanwhile (event loop held)',
        value: Math.round(worst),
        unit: 'ms',
        goal: '< 500 ms',
        ok: worst < 500,
        note: `longest wait in the second before: ${Math.round(baseline)} ms`,
      });
    });
    return figures;
  },
};
