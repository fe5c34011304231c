// Helpers for the containers conformance tests: hand-built tar.gz archives (so tests can also make
// the malicious ones a normal tar tool refuses to write), API calls, and waiting on state.
import * as zlib from 'node:zlib';
import * as assert from 'node:assert/strict';
import { json, sleep, testHook, type TestEmulator } from './harness';

export interface TarEntry {
  path: string;
  /** File content; absent for directories and links. */
  data?: string | Buffer;
  type?: 'file' | 'dir' | 'symlink' | 'hardlink';
  linkpath?: string;
  mode?: number;
}

function header(entry: TarEntry, size: number): Buffer {
  const h = Buffer.alloc(512, 0);
  const put = (text: string, offset: number, length: number) => h.write(text, offset, length, 'utf8');
  const octal = (n: number, length: number) => n.toString(8).padStart(length - 1, '0');
  const name = Buffer.from(entry.path, 'utf8');
  if (name.length > 100) throw new Error('test tar builder: path too long');
  name.copy(h, 0);
  const type = entry.type ?? 'file';
  put(octal(entry.mode ?? (type === 'dir' ? 0o755 : 0o644), 8), 100, 7);
  put(octal(0, 8), 108, 7);
  put(octal(0, 8), 116, 7);
  put(octal(size, 12), 124, 11);
  put(octal(Math.floor(Date.now() / 1000), 12), 136, 11);
  h.write('        ', 148, 8, 'ascii');
  h.write({ file: '0', dir: '5', symlink: '2', hardlink: '1' }[type], 156, 1, 'ascii');
  if (entry.linkpath) put(entry.linkpath, 157, 100);
  h.write('ustar\u000000', 257, 8, 'binary');
  let sum = 0;
  for (const byte of h) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return h;
}

export function tarGz(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = entry.data === undefined ? Buffer.alloc(0) : Buffer.from(entry.data);
    parts.push(header(entry, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(parts));
}

/** A submission source: every file under workspace/. */
export function workspaceArchive(files: Record<string, string>): Buffer {
  return tarGz([{ path: 'workspace/', type: 'dir' }, ...Object.entries(files).map(([p, data]) => ({ path: `workspace/${p}`, data }))]);
}

export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
export const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export const PROJECTS = {
  python: '3f1c9a7e5b2d4c8e9a0b1c2d3e4f5a61',
  cpp: '8b2e4d6f1a3c4e5f8091a2b3c4d5e6f7',
  unitTests: 'c47a1e2b9d0f4a6b8c3d5e7f9a1b2c3d',
  brokenInit: '0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a',
  badConfig: 'f1e2d3c4b5a697887766554433221100',
};

export async function expectError(res: Response, status: number, code: number): Promise<any> {
  const body = await json(res);
  assert.equal(res.status, status, `HTTP status (body ${JSON.stringify(body)})`);
  assert.equal(body.error_code, code, `error_code (body ${JSON.stringify(body)})`);
  assert.equal(typeof body.message, 'string');
  return body;
}

export async function createWorkspace(emu: TestEmulator, fields: Record<string, unknown>): Promise<any> {
  const res = await fetch(emu.url('containers', '/workspaces'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  const body = await json(res);
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.workspace;
}

export async function getWorkspace(emu: TestEmulator, id: string): Promise<any> {
  const res = await fetch(emu.url('containers', `/workspaces/${id}`));
  assert.equal(res.status, 200);
  return json(res);
}

/** Polls until the workspace reaches `code` (state changes come from the emulator's timer). */
export async function waitForState(emu: TestEmulator, id: string, code: number, maxPolls = 300): Promise<any> {
  let ws: any;
  for (let i = 0; i < maxPolls; i++) {
    ws = await getWorkspace(emu, id);
    if (ws.state.code === code) return ws;
    await sleep(50);
  }
  assert.fail(`workspace ${id} never reached state ${code}; last ${JSON.stringify(ws?.state)}`);
}

export async function runningWorkspace(emu: TestEmulator, fields: Record<string, unknown> = {}): Promise<any> {
  const ws = await createWorkspace(emu, { project_id: PROJECTS.python, ...fields });
  return waitForState(emu, ws.id, 2);
}

export async function advanceClock(emu: TestEmulator, ms: number): Promise<void> {
  const res = await testHook(emu, 'POST', 'clock', { advanceMs: ms });
  if (!res.ok) throw new Error(`POST /__emulator/clock: HTTP ${res.status}`);
}

export async function submit(emu: TestEmulator, projectId: string, source: Buffer, scenario?: string): Promise<Response> {
  const form = new FormData();
  form.set('project_id', projectId);
  if (scenario !== undefined) form.set('scenario', scenario);
  form.set('source', new Blob([new Uint8Array(source)]), 'source.tar.gz');
  return fetch(emu.url('containers', '/submissions'), { method: 'POST', body: form });
}

export async function waitForSubmission(emu: TestEmulator, id: number, maxPolls = 600): Promise<any> {
  let body: any;
  for (let i = 0; i < maxPolls; i++) {
    const res = await fetch(emu.url('containers', `/submissions/${id}`));
    body = await json(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    if (!body.executing) return body;
    await sleep(100);
  }
  assert.fail(`submission ${id} still executing: ${JSON.stringify(body?.result)}`);
}

export async function submitAndWait(emu: TestEmulator, projectId: string, files: Record<string, string>, scenario?: string): Promise<any> {
  const res = await submit(emu, projectId, workspaceArchive(files), scenario);
  const created = await json(res);
  assert.equal(res.status, 201, JSON.stringify(created));
  return waitForSubmission(emu, created.id);
}
