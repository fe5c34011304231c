// A token that lacks write access (emulator/http/read-only.ts): it reads everything and creates
// submissions; every management call answers 403 with the spec's body and changes nothing; a
// wrong token is still 401. Stream URIs carry the caller's token, never the one with write access.
import * as assert from 'node:assert/strict';
import { json, READ_ONLY_TOKEN, startTestEmulator, TOKEN, type TestEmulator } from './harness';

describe('read-only access token', function () {
  this.timeout(30_000);
  let emu: TestEmulator;
  let problemId: number;
  let judgeId: number;
  const call = async (module: 'problems' | 'compilers' | 'containers', method: string, p: string, body?: unknown, token = READ_ONLY_TOKEN) => {
    const res = await fetch(emu.url(module, p, {}, token), {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await json(res) };
  };
  /** Everything the management calls below could change, as the main token reads it. */
  const snapshot = async () => ({
    problems: (await call('problems', 'GET', '/problems', undefined, TOKEN)).body,
    problem: (await call('problems', 'GET', `/problems/${problemId}`, undefined, TOKEN)).body,
    tests: (await call('problems', 'GET', `/problems/${problemId}/testcases`, undefined, TOKEN)).body,
    judges: (await call('problems', 'GET', '/judges', undefined, TOKEN)).body,
    judge: (await call('problems', 'GET', `/judges/${judgeId}`, undefined, TOKEN)).body,
  });

  before(async () => {
    emu = await startTestEmulator();
    problemId = (await call('problems', 'POST', '/problems', { name: 'Read only', masterjudgeId: 1000 }, TOKEN)).body.id;
    assert.equal((await call('problems', 'POST', `/problems/${problemId}/testcases`, { input: '1\n', output: '1\n', judgeId: 1 }, TOKEN)).status, 201);
    judgeId = (await call('problems', 'POST', '/judges', { source: 'print(0)', compilerId: 116, name: 'mine' }, TOKEN)).body.id;
  });
  after(() => emu?.close());

  it('reads everything, with stream URIs that carry the read-only token', async () => {
    for (const p of [
      '/test',
      '/problems',
      `/problems/${problemId}`,
      `/problems/${problemId}/testcases`,
      `/problems/${problemId}/testcases/0`,
      '/judges',
      `/judges/${judgeId}`,
      '/compilers',
    ]) {
      const r = await call('problems', 'GET', p);
      assert.equal(r.status, 200, `GET ${p}: ${JSON.stringify(r.body)}`);
    }
    const uri: string = (await call('problems', 'GET', `/problems/${problemId}`)).body.uri;
    assert.equal(new URL(uri).searchParams.get('access_token'), READ_ONLY_TOKEN, 'the URI does not hand out the token with write access');
    assert.equal((await call('compilers', 'GET', '/compilers')).status, 200);
    assert.equal((await call('containers', 'GET', '/projects')).status, 200);
  });

  it('answers every management call of the Problems API with 403 and the spec body, and changes nothing', async () => {
    const before = await snapshot();
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/problems', { name: 'New', masterjudgeId: 1000 }],
      ['PUT', `/problems/${problemId}`, { name: 'Renamed' }],
      ['DELETE', `/problems/${problemId}`],
      ['POST', `/problems/${problemId}/testcases`, { input: '2\n', output: '2\n', judgeId: 1 }],
      ['PUT', `/problems/${problemId}/testcases/0`, { input: '3\n' }],
      ['DELETE', `/problems/${problemId}/testcases/0`],
      ['POST', '/judges', { source: 'print(1)', compilerId: 116 }],
      ['PUT', `/judges/${judgeId}`, { source: 'print(2)' }],
    ];
    for (const [method, p, body] of calls) {
      const r = await call('problems', method, p, body);
      assert.equal(r.status, 403, `${method} ${p}: ${JSON.stringify(r.body)}`);
      assert.deepEqual(Object.keys(r.body).sort(), ['error_code', 'message']);
      assert.equal(r.body.error_code, 200202);
      assert.match(r.body.message, /^access denied: .*may read but not change/);
    }
    assert.deepEqual(await snapshot(), before);
  });

  it('may create submissions (the spec gives POST /submissions no 403), but not re-judge one', async () => {
    const created = await call('problems', 'POST', '/submissions', { problemId, source: 'print(input())', compilerId: 116 });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal((await call('problems', 'GET', `/submissions/${created.body.id}`)).status, 200);
    assert.equal((await call('problems', 'PUT', `/submissions/${created.body.id}`)).status, 403);
    // The other modules refuse their changing calls too, with their own 403.
    const workspace = await call('containers', 'POST', '/workspaces', { project_id: 'x' });
    assert.deepEqual([workspace.status, workspace.body.error_code], [403, 403]);
  });

  it('still answers a wrong token with 401', async () => {
    for (const [method, p] of [
      ['GET', '/problems'],
      ['PUT', `/problems/${problemId}`],
    ]) {
      const r = await call('problems', method, p, method === 'PUT' ? { name: 'x' } : undefined, `${READ_ONLY_TOKEN}-wrong`);
      assert.deepEqual([r.status, r.body.error_code], [401, 1]);
    }
  });
});
