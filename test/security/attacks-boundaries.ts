// Attacks on the emulator's host-side boundaries (issue 26 items 3-7, 9-11), as an attacker with a
// token would make them over HTTP: links that a run or an archive made (output files, Containers
// runtime streams, a workspace link chain), the read-only token reaching the write token, bodies,
// archives and queues without a budget, and leftovers that once stopped the emulator. Each attack
// asserts the documented refusal and returns everything it received (see attack.ts).
//
// Cheap by design: the queue attack stops at the first 429 (start the emulator with a small
// `--queue-cap`, e.g. 8, to keep it to a few POSTs); the body attacks declare 300 MB but send a
// few KB; the archive bomb is one entry just past the default 256 MiB budget, refused at its header.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import * as zlib from 'node:zlib';
import type { Attack, EmulatorUnderAttack } from './attack';

const API = { containers: '/containers/api/v1', compilers: '/compilers/api/v4', problems: '/problems/api/v4' } as const;
type Module = keyof typeof API;

const BASH = 28;
/** emulator/projects: a Python console project, and one whose configuration is invalid (its runs end at once). */
const PYTHON_PROJECT = '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61';
const BAD_CONFIG_PROJECT = 'f1e2d3c4b5a697887766554433221100';
const MiB = 1024 * 1024;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function url(emu: EmulatorUnderAttack, module: Module, p: string, token = emu.token): string {
  const u = new URL(emu.origin + API[module] + p);
  u.searchParams.set('access_token', token);
  return u.toString();
}

interface Answer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
  json: any;
}

async function call(got: Array<string | Uint8Array>, method: string, target: string, body?: FormData | URLSearchParams): Promise<Answer> {
  const res = await fetch(target, { method, body });
  const bytes = new Uint8Array(await res.arrayBuffer());
  got.push(bytes);
  const text = Buffer.from(bytes).toString('utf8');
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, bytes, text, json };
}

function expectError(a: Answer, status: number, code: number, what: string): void {
  assert.equal(a.status, status, `${what}: HTTP ${a.status} ${a.text.slice(0, 300)}`);
  assert.equal(a.json?.error_code, code, `${what}: ${a.text.slice(0, 300)}`);
}

// --- tar.gz by hand: links and bombs exactly as an attacker writes them ----------------------------

interface TarEntry {
  name: string;
  type?: '0' | '2' | '5';
  data?: Buffer;
  linkname?: string;
  mode?: number;
  /** Declared size when `data` is streamed separately (bombs). */
  size?: number;
}

function tarHeader(e: TarEntry): Buffer {
  const h = Buffer.alloc(512);
  const put = (s: string, at: number, len: number) => h.write(s, at, len, 'utf8');
  const octal = (n: number, len: number) => n.toString(8).padStart(len - 1, '0');
  put(e.name, 0, 100);
  put(octal(e.mode ?? (e.type === '5' ? 0o755 : 0o644), 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(e.size ?? e.data?.length ?? 0, 12), 124, 12);
  put(octal(Math.floor(Date.now() / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put(e.type ?? '0', 156, 1);
  put(e.linkname ?? '', 157, 100);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const b of h) sum += b;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return h;
}

const pad = (n: number) => Buffer.alloc((512 - (n % 512)) % 512);

function tarGz(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    parts.push(tarHeader(e));
    if (e.data) parts.push(e.data, pad(e.data.length));
  }
  parts.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(parts));
}

/** One entry of `size` zero bytes, gzipped as it is made (a few hundred KB for hundreds of MB). */
async function zeroBomb(size: number): Promise<Buffer> {
  const gz = zlib.createGzip({ level: 9 });
  const out: Buffer[] = [];
  gz.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((r) => gz.on('end', r));
  const write = (b: Buffer) => (gz.write(b) ? Promise.resolve() : new Promise((r) => gz.once('drain', r)));
  await write(tarHeader({ name: 'zeros.bin', size }));
  const zeros = Buffer.alloc(MiB);
  for (let left = size; left > 0; left -= zeros.length) await write(left >= zeros.length ? zeros : zeros.subarray(0, left));
  await write(pad(size));
  await write(Buffer.alloc(1024));
  gz.end();
  await ended;
  return Buffer.concat(out);
}

function untar(gz: Uint8Array): Array<{ name: string; data: Buffer }> {
  const raw = zlib.gunzipSync(gz);
  const out: Array<{ name: string; data: Buffer }> = [];
  for (let at = 0; at + 512 <= raw.length;) {
    const h = raw.subarray(at, at + 512);
    if (h.every((b) => b === 0)) break;
    const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = parseInt(h.toString('utf8', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    out.push({ name, data: raw.subarray(at + 512, at + 512 + size) });
    at += 512 + size + pad(size).length;
  }
  return out;
}

// --- the modules' flows ---------------------------------------------------------------------------

async function compilersRun(got: Array<string | Uint8Array>, emu: EmulatorUnderAttack, source: string, outputs: string[], token = emu.token) {
  const form = new URLSearchParams({ compilerId: String(BASH), source, timeLimit: '5' });
  if (outputs.length) form.set('output_filenames', outputs.join(';'));
  const created = await call(got, 'POST', url(emu, 'compilers', '/submissions', token), form);
  assert.equal(created.status, 201, `POST /submissions: ${created.text}`);
  const id = created.json.id as number;
  for (let i = 0; i < 600; i++) {
    const s = await call(got, 'GET', url(emu, 'compilers', `/submissions/${id}`, token));
    if (s.json && s.json.executing === false) return { id, view: s.json };
    await sleep(100);
  }
  throw new Error(`compilers submission ${id} did not finish within 60 s`);
}

async function containersSubmit(got: Array<string | Uint8Array>, emu: EmulatorUnderAttack, project: string, files: TarEntry[], token = emu.token) {
  const form = new FormData();
  form.set('project_id', project);
  form.set('source', new Blob([tarGz([{ name: 'workspace/', type: '5' }, ...files])]), 'source.tar.gz');
  return call(got, 'POST', url(emu, 'containers', '/submissions', token), form);
}

async function containersFinal(got: Array<string | Uint8Array>, emu: EmulatorUnderAttack, id: number) {
  for (let i = 0; i < 600; i++) {
    const s = await call(got, 'GET', url(emu, 'containers', `/submissions/${id}`));
    if (s.json && s.json.executing === false) return s.json;
    await sleep(100);
  }
  throw new Error(`containers submission ${id} did not finish within 60 s`);
}

async function runningWorkspace(got: Array<string | Uint8Array>, emu: EmulatorUnderAttack, fields: Record<string, string>, archive?: Buffer): Promise<string> {
  const form = new FormData();
  form.set('project_id', PYTHON_PROJECT);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (archive) form.set('files', new Blob([archive]), 'files.tar.gz');
  const created = await call(got, 'POST', url(emu, 'containers', '/workspaces'), form);
  assert.equal(created.status, 201, `POST /workspaces: ${created.text}`);
  const id = created.json.workspace.id as string;
  for (let i = 0; i < 300; i++) {
    const ws = await call(got, 'GET', url(emu, 'containers', `/workspaces/${id}`));
    if (ws.json?.state?.code === 2) return id;
    await sleep(100);
  }
  throw new Error(`workspace ${id} did not start within 30 s`);
}

const removeWorkspace = (got: Array<string | Uint8Array>, emu: EmulatorUnderAttack, id: string) => call(got, 'PUT', url(emu, 'containers', `/workspaces/${id}/remove`));
const b64 = (s: string) => Buffer.from(s).toString('base64url');

/** A raw POST that declares `declared` bytes, sends `sent` of them, and waits for the answer. */
function partialPost(target: string, declared: number | 'chunked', sent: number, contentType: string, waitMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(target);
    const headers: Record<string, string> = { 'content-type': contentType };
    if (declared !== 'chunked') headers['content-length'] = String(declared);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'POST', headers, agent: false });
    let sock: import('node:net').Socket | undefined;
    req.on('socket', (s) => (sock = s));
    const timer = setTimeout(() => {
      req.destroy();
      reject(
        new Error(
          `[socket read ${sock?.bytesRead} written ${sock?.bytesWritten} connecting ${sock?.connecting} destroyed ${sock?.destroyed}] ${u.pathname}: no answer within ${waitMs} ms after ${sent} bytes: the emulator waits to read the whole body`,
        ),
      );
    }, waitMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        let json: any;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: new Headers(res.headers as Record<string, string>), bytes, text, json });
      });
    });
    req.on('error', () => undefined); // the emulator may close the connection mid-body: its answer counts
    const piece = Buffer.alloc(64 * 1024, 0x61);
    let left = sent;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, piece.length);
        left -= n;
        if (!req.write(piece.subarray(0, n))) return void req.once('drain', pump);
      }
      if (declared === 'chunked') req.end();
    };
    req.write(contentType.includes('urlencoded') ? 'compilerId=28&source=' : '');
    pump();
  });
}

/** Longest wait for GET /test while `during` runs: how long the event loop was held. */
async function loopHeldDuring<T>(emu: EmulatorUnderAttack, during: Promise<T>): Promise<{ result: T; worstMs: number }> {
  let done = false;
  let worstMs = 0;
  const pinger = (async () => {
    while (!done) {
      const t = performance.now();
      await fetch(url(emu, 'containers', '/test')).then((r) => r.arrayBuffer());
      worstMs = Math.max(worstMs, performance.now() - t);
      await sleep(20);
    }
  })();
  try {
    return { result: await during, worstMs };
  } finally {
    done = true;
    await pinger;
  }
}

// --- the attacks ----------------------------------------------------------------------------------

export const attacks: Attack[] = [
  {
    name: 'Compilers output_filenames through a link to / and a hard link to the marker (issue 26 item 3)',
    async run(emu, marker) {
      const got: Array<string | Uint8Array> = [];
      const script = `ln -s / d\nln ${JSON.stringify(marker.path)} h 2>/dev/null\necho done\n`;
      const { id } = await compilersRun(got, emu, script, [`d${marker.path}`, 'h']);
      const output = await call(got, 'GET', url(emu, 'compilers', `/submissions/${id}/output`));
      assert.equal(output.status, 200);
      const entries = untar(output.bytes);
      for (const e of entries) got.push(e.data);
      assert.deepEqual(
        entries.map((e) => e.name),
        ['ENGINE_STDOUT'],
        "only the program's stdout comes back: no file through a link",
      );
      const error = await call(got, 'GET', url(emu, 'compilers', `/submissions/${id}/error`));
      assert.match(error.text, /symbolic link, and links are not followed/, 'the error stream says why the file was left out');
      return got;
    },
  },
  {
    name: 'Containers runtime files replaced by links to the marker: auxdata, tests report, stage streams (issue 26 item 4)',
    async run(emu, marker) {
      const got: Array<string | Uint8Array> = [];
      const main = [
        'import os',
        `m = ${JSON.stringify(marker.path)}`,
        "rt = os.environ['SE_PATH_RUNTIME']",
        "for name in ['auxdata', 'tests_report.json', 'stage_build_output', 'stage_post_error', 'stage_run_error', 'stage_run_output']:",
        '    p = os.path.join(rt, name)',
        '    try:',
        '        os.remove(p)',
        '    except FileNotFoundError:',
        '        pass',
        '    os.symlink(m, p)',
        "print('done')",
      ].join('\n');
      const created = await containersSubmit(got, emu, PYTHON_PROJECT, [{ name: 'workspace/main.py', data: Buffer.from(main) }]);
      assert.equal(created.status, 201, created.text);
      const final = await containersFinal(got, emu, created.json.id);
      for (const [name, stream] of Object.entries(final.streams as Record<string, { uri: string } | null>)) {
        if (!stream) continue;
        const body = await call(got, 'GET', stream.uri);
        assert.ok(!body.text.includes(marker.content), `stream ${name} served the marker`);
      }
      assert.equal(final.streams.auxdata, null, 'a linked auxdata is left out');
      return got;
    },
  },
  {
    name: 'Workspace archive with a link chain past the textual check, then read, write and list through it (issue 26 item 5)',
    async run(emu, marker) {
      const got: Array<string | Uint8Array> = [];
      // a/…/a (19 deep)/s → the workspace root; t → a/…/a/s/../…: 20 levels above it, i.e. `/`.
      const k = 19;
      const deep = Array.from({ length: k }, () => 'a').join('/');
      const entries: TarEntry[] = [];
      for (let i = 1; i <= k; i++) entries.push({ name: `${Array.from({ length: i }, () => 'a').join('/')}/`, type: '5' });
      entries.push({ name: `${deep}/s`, type: '2', linkname: '../'.repeat(k).replace(/\/$/, '') });
      entries.push({ name: 't', type: '2', linkname: `${deep}/s${'/..'.repeat(k + 1)}` });
      const id = await runningWorkspace(got, emu, {}, tarGz(entries));
      try {
        const base = `/workspaces/${id}`;
        expectError(await call(got, 'GET', url(emu, 'containers', `${base}/files/${b64(`t${marker.path}`)}`)), 400, 1102, 'read through the chain');
        const form = new FormData();
        form.set('filepath', `t${marker.dir}/planted.txt`);
        form.set('filedata', new Blob(['planted']), 'planted.txt');
        expectError(await call(got, 'POST', url(emu, 'containers', `${base}/files`), form), 400, 202602, 'write through the chain');
        const over = new FormData();
        over.set('filepath', `t${marker.path}`);
        over.set('filedata', new Blob(['overwritten']), 'x');
        expectError(await call(got, 'POST', url(emu, 'containers', `${base}/files`), over), 400, 202602, 'overwrite through the chain');
        expectError(await call(got, 'GET', url(emu, 'containers', `${base}/list_files/${b64(`t${marker.dir}`)}`)), 400, 1102, 'list through the chain');
        expectError(await call(got, 'GET', url(emu, 'containers', `${base}/files/${b64(`${deep}/s/x`)}`)), 400, 1102, 'read through the inner link');
      } finally {
        await removeWorkspace(got, emu, id);
      }
      return got;
    },
  },
  {
    name: 'The read-only token submits code that links to the data directory and asks for the write token (issue 26 item 6)',
    async run(emu) {
      const got: Array<string | Uint8Array> = [];
      const script = `ln -s ${JSON.stringify(emu.dataDir)} d\nln -s ${JSON.stringify(`${emu.dataDir}/access-token`)} tok\necho done\n`;
      const { id } = await compilersRun(got, emu, script, ['d/access-token', 'd/emulator.pid', 'tok'], emu.readOnlyToken);
      const output = await call(got, 'GET', url(emu, 'compilers', `/submissions/${id}/output`, emu.readOnlyToken));
      const entries = untar(output.bytes);
      for (const e of entries) got.push(e.data);
      assert.deepEqual(
        entries.map((e) => e.name),
        ['ENGINE_STDOUT'],
        'nothing of the data directory comes back',
      );
      for (const item of got) assert.ok(!Buffer.from(item).includes(emu.token), 'the write token reached the read-only caller');
      return got;
    },
  },
  {
    name: 'A 300 MB body is refused before it is read, declared or chunked (issue 26 item 7)',
    async run(emu) {
      const got: Array<string | Uint8Array> = [];
      const declared = await partialPost(url(emu, 'compilers', '/submissions'), 300 * MiB, 256 * 1024, 'application/x-www-form-urlencoded', 10_000);
      got.push(declared.bytes);
      expectError(declared, 400, 201306, 'Compilers source of 300 MB (declared)');
      assert.match(declared.json.message, /at most \d+ bytes/);
      const chunked = await partialPost(url(emu, 'problems', '/submissions'), 'chunked', 9 * MiB, 'application/x-www-form-urlencoded', 20_000);
      got.push(chunked.bytes);
      expectError(chunked, 400, 201306, 'Problems source of 9 MiB (chunked)');
      const file = await partialPost(url(emu, 'containers', '/workspaces/0/files'), 300 * MiB, 256 * 1024, 'multipart/form-data; boundary=x', 10_000);
      got.push(file.bytes);
      expectError(file, 413, 202511, 'workspace file of 300 MB (declared)');
      return got;
    },
  },
  {
    name: 'Leftovers a run made unremovable (chmod 000 / 500) stop neither a run, a removal nor the emulator (issue 26 item 9)',
    async run(emu) {
      const got: Array<string | Uint8Array> = [];
      const { view } = await compilersRun(got, emu, 'mkdir -p x/y && touch x/y/f && chmod 000 x/y && chmod 500 x\necho done\n', []);
      assert.equal(view.result.status.code, 15, `the run is judged as it ran (got ${JSON.stringify(view.result.status)})`);
      const id = await runningWorkspace(got, emu, { workspace_init: 'mkdir -p locked/inner && touch locked/inner/f && chmod 000 locked/inner && chmod 500 locked\n' });
      const removed = await removeWorkspace(got, emu, id);
      assert.equal(removed.status, 200, `remove: ${removed.text}`);
      assert.equal((await call(got, 'GET', url(emu, 'containers', '/test'))).status, 200, 'the emulator still answers');
      const again = await compilersRun(got, emu, 'echo again\n', []);
      assert.equal(again.view.result.status.code, 15, 'and still runs code');
      return got;
    },
  },
  {
    name: 'A flood of POST /submissions from one token ends in 429 with Retry-After (issue 26 item 10)',
    async run(emu) {
      const got: Array<string | Uint8Array> = [];
      // Programs that hold the workers first, so the queue really builds up; then runs that end at once.
      const MAX_POSTS = 1001;
      const accepted: Array<{ module: 'compilers' | 'containers'; id: number }> = [];
      for (let i = 0; i < MAX_POSTS; i++) {
        const module = i < 16 ? 'compilers' : 'containers';
        const answer =
          module === 'compilers'
            ? await call(got, 'POST', url(emu, 'compilers', '/submissions'), new URLSearchParams({ compilerId: String(BASH), source: 'sleep 2\n', timeLimit: '3' }))
            : await containersSubmit(got, emu, BAD_CONFIG_PROJECT, [{ name: 'workspace/x', data: Buffer.from('x') }]);
        if (answer.status === 429) {
          assert.match(answer.headers.get('retry-after') ?? '', /^\d+$/, 'a 429 says when to try again');
          assert.equal(answer.json?.error_code, 429);
          // The queue drains before the next attack, which would otherwise meet the same 429.
          for (const a of accepted) {
            if (a.module === 'containers') await containersFinal(got, emu, a.id);
            else for (let n = 0; n < 600 && (await call(got, 'GET', url(emu, 'compilers', `/submissions/${a.id}`))).json?.executing !== false; n++) await sleep(100);
          }
          return got;
        }
        assert.equal(answer.status, 201, answer.text);
        accepted.push({ module, id: answer.json.id as number });
      }
      throw new Error(`${MAX_POSTS} submissions from one token were all accepted: no queue cap`);
    },
  },
  {
    name: 'A small workspace archive that unpacks past the budget is refused without holding the event loop (issue 26 item 11)',
    async run(emu) {
      const got: Array<string | Uint8Array> = [];
      const bomb = await zeroBomb(256 * MiB + 1);
      const form = new FormData();
      form.set('project_id', PYTHON_PROJECT);
      form.set('files', new Blob([bomb]), 'files.tar.gz');
      const { result, worstMs } = await loopHeldDuring(emu, call(got, 'POST', url(emu, 'containers', '/workspaces'), form));
      if (result.status === 201) await removeWorkspace(got, emu, result.json.workspace.id);
      expectError(result, 400, 10, `a ${(bomb.length / 1024).toFixed(0)} KB archive of 256 MiB`);
      assert.match(result.json.message, /unpacks to more than/);
      assert.ok(worstMs < 1000, `the event loop was held ${worstMs.toFixed(0)} ms`);
      // Entries: 20,001 empty files in a few KB.
      const many = tarGz(Array.from({ length: 20_001 }, (_, i) => ({ name: `f${i}` })));
      const form2 = new FormData();
      form2.set('project_id', PYTHON_PROJECT);
      form2.set('files', new Blob([many]), 'files.tar.gz');
      const second = await call(got, 'POST', url(emu, 'containers', '/workspaces'), form2);
      if (second.status === 201) await removeWorkspace(got, emu, second.json.workspace.id);
      expectError(second, 400, 10, 'an archive of 20,001 entries');
      assert.match(second.json.message, /more than \d+ entries/);
      return got;
    },
  },
];
