// The local attack surface (RELIABILITY.md, "Local attack surface"): what a web page in the user's
// browser can send to the emulator on loopback. Each request is written exactly as a browser sends
// it (node:http, so Host, Origin and Sec-Fetch-* are ours to set), and each test proves with the
// emulator's own request log and state that nothing ran and nothing changed.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { json, testHook } from '../emulator/harness';
import { requests, startTestEmulator, TOKEN, type TestEmulator } from './support';

const PYTHON = 116;

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One raw HTTP/1.1 request; Host defaults to the emulator's own. */
function send(emu: TestEmulator, { method, path, headers = {}, body }: Sent): Promise<{ status: number; body: any }> {
  const { port } = new URL(emu.origin);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // an HTML page
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const CROSS_SITE_FORM = {
  'content-type': 'application/x-www-form-urlencoded',
  origin: 'https://evil.example',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};

describe('faults: the emulator refuses web pages (local attack surface)', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());

  const submissionPath = `/compilers/api/v4/submissions?access_token=${TOKEN}`;
  const program = `compilerId=${PYTHON}&source=${encodeURIComponent('import os; print(os.getuid())')}`;

  /** Compilers submission ids count from 1: a legitimate one made now shows how many came before. */
  async function nextSubmissionId(): Promise<number> {
    const res = await fetch(emu.url('compilers', '/submissions'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ compilerId: PYTHON, source: 'print(1)' }),
    });
    assert.equal(res.status, 201);
    return (await json(res)).id;
  }

  it('a cross-site form POST that would run code: 403, nothing created, nothing run', async () => {
    const refused = await send(emu, { method: 'POST', path: submissionPath, headers: CROSS_SITE_FORM, body: program });
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /web page \(Origin https:\/\/evil\.example\)/);
    // A no-cors fetch from the same page: no Sec-Fetch-Mode navigate, the same Origin.
    const noCors = await send(emu, {
      method: 'POST',
      path: submissionPath,
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
      body: JSON.stringify({ compilerId: PYTHON, source: 'print(1)' }),
    });
    assert.equal(noCors.status, 403);
    // A sandboxed frame or a file:// page sends "Origin: null"; a page on another local port is same-site.
    for (const headers of [{ origin: 'null' }, { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'same-site' }]) {
      const res = await send(emu, { method: 'POST', path: submissionPath, headers: { ...CROSS_SITE_FORM, ...headers }, body: program });
      assert.equal(res.status, 403, JSON.stringify(headers));
    }
    const posts = await requests(emu, /^\/compilers\/api\/v4\/submissions$/, 'POST');
    assert.deepEqual(
      posts.map((r) => r.status),
      [403, 403, 403, 403, 403],
      'every attempt was logged as refused',
    );
    assert.equal(await nextSubmissionId(), 1, 'no submission was created before the legitimate one');
  });

  it('a no-cors text/plain POST to a test hook: 403, the tokens are unchanged', async () => {
    const refused = await send(emu, {
      method: 'POST',
      path: `/__emulator/tokens?access_token=${TOKEN}`,
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
      body: JSON.stringify({ tokens: ['attacker'] }),
    });
    assert.equal(refused.status, 403);
    assert.equal((await fetch(emu.url('compilers', '/test'))).status, 200, 'our token still works');
    const attacker = await fetch(`${emu.endpoints.compilers}/api/v4/test?access_token=attacker`);
    assert.equal(attacker.status, 401, "the attacker's token does not");
  });

  it('a DNS-rebinding Host: 421 for reads and writes, nothing created', async () => {
    const { port } = new URL(emu.origin);
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`]) {
      const read = await send(emu, { method: 'GET', path: `/compilers/api/v4/test?access_token=${TOKEN}`, headers: { host } });
      assert.equal(read.status, 421, host);
      assert.match(read.body.message, /DNS rebinding/);
    }
    const write = await send(emu, {
      method: 'POST',
      path: submissionPath,
      headers: { host: `evil.example:${port}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: program,
    });
    assert.equal(write.status, 421);
    const before = await nextSubmissionId();
    assert.equal(await nextSubmissionId(), before + 1, 'the refused write took no id');
  });

  it('serves what API clients send: no Origin, its own origin, localhost and [::1] names', async () => {
    const { port } = new URL(emu.origin);
    const accepted: Array<Record<string, string>> = [
      {},
      { origin: emu.origin },
      { host: `localhost:${port}` },
      { host: `[::1]:${port}` },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of accepted) {
      const res = await send(emu, { method: 'GET', path: `/compilers/api/v4/test?access_token=${TOKEN}`, headers });
      assert.equal(res.status, 200, JSON.stringify(headers));
    }
  });

  it('a person may still open a workspace page from another page, but no API route that way', async () => {
    const page = await send(emu, { method: 'GET', path: '/containers/workspace/0123456789abcdef0123456789abcdef', headers: CROSS_SITE_FORM });
    assert.equal(page.status, 404, 'the page answered (workspace not found), not refused');
    assert.match(String(page.body), /Workspace not found/);
    const api = await send(emu, { method: 'GET', path: `/containers/api/v1/projects?access_token=${TOKEN}`, headers: CROSS_SITE_FORM });
    assert.equal(api.status, 403);
  });
});

describe('faults: the emulator test hooks', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());

  it('need the start token: 401 without it or with another one', async () => {
    assert.equal((await send(emu, { method: 'GET', path: '/__emulator/faults' })).status, 401);
    assert.equal((await send(emu, { method: 'GET', path: '/__emulator/requests' })).status, 401);
    assert.equal((await send(emu, { method: 'GET', path: '/__emulator/poll-guard' })).status, 401);
    assert.equal((await testHook(emu, 'GET', 'faults', undefined, 'not-the-token')).status, 401);
    assert.equal((await testHook(emu, 'GET', 'faults')).status, 200);
  });

  it('a malformed body is 400 and changes nothing', async () => {
    const malformed: Array<[string, unknown]> = [
      ['tokens', { token: 'x' }],
      ['tokens', { tokens: [] }],
      ['tokens', { tokens: ['ok', 3] }],
      ['faults', { items: [{ path: '(', kind: 'drop' }] }],
      ['faults', { items: [{ path: '.*', kind: 'explode' }] }],
      ['faults', { items: 'all' }],
      ['clock', { advanceMs: 'soon' }],
      ['clock', { speed: -1 }],
      ['poll-guard', {}],
      ['poll-guard', 'text'],
    ];
    for (const [route, body] of malformed) {
      const res = await testHook(emu, 'POST', route, body);
      assert.equal(res.status, 400, `${route} ${JSON.stringify(body)}`);
      assert.match((await json(res)).message, /invalid body/);
    }
    assert.equal((await fetch(emu.url('compilers', '/test'))).status, 200, 'the API token still works');
    assert.deepEqual((await json(await testHook(emu, 'GET', 'faults'))).items, []);
    assert.deepEqual(await json(await testHook(emu, 'GET', 'poll-guard')), { minIntervalMs: 0, trips: 0 });
    for (const module of ['compilers', 'problems'] as const) {
      const pool = await fetch(emu.url(module, '/__emulator/pool'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"remaining":"lots"}' });
      assert.equal(pool.status, 400, `${module} pool`);
      assert.deepEqual(await json(await fetch(emu.url(module, '/__emulator/pool'))), { remaining: null }, `${module} pool unchanged`);
    }
  });

  it('stay usable after the API token is revoked, with the start token', async () => {
    assert.equal((await testHook(emu, 'POST', 'tokens', { tokens: ['another'] })).status, 200);
    assert.equal((await fetch(emu.url('compilers', '/test'))).status, 401);
    assert.equal((await testHook(emu, 'POST', 'tokens', { tokens: [TOKEN] })).status, 200);
    assert.equal((await fetch(emu.url('compilers', '/test'))).status, 200);
  });

  it('do not exist without --test-hooks', async () => {
    const plain = await startTestEmulator({ testHooks: false });
    try {
      assert.equal((await testHook(plain, 'GET', 'requests')).status, 404);
      assert.equal((await testHook(plain, 'POST', 'tokens', { tokens: ['attacker'] })).status, 404);
      assert.equal((await fetch(plain.url('compilers', '/__emulator/pool'))).status, 404);
      assert.equal((await fetch(plain.url('problems', '/__emulator/pool'))).status, 404);
      const order = await fetch(plain.url('problems', '/__emulator/interactive-delivery'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"last":"judge"}',
      });
      assert.equal(order.status, 404, 'the interactive order control');
      const error = await fetch(plain.url('containers', '/__emulator/workspaces/0123456789abcdef0123456789abcdef/error'), { method: 'POST' });
      assert.equal(error.status, 404);
      assert.equal((await fetch(plain.url('compilers', '/test'))).status, 200);
    } finally {
      await plain.close();
    }
  });
});
