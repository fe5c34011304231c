// Protocol rules shared by the three modules: tokens, loopback, test endpoints.
import * as assert from 'node:assert/strict';
import { json, startTestEmulator, testHook, TOKEN, type TestEmulator } from './harness';
import { causeOf } from '../../emulator/http/errors';

describe('emulator protocol', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu.close());

  for (const module of ['containers', 'compilers', 'problems'] as const) {
    it(`${module}: GET /test answers with a token in the query`, async () => {
      const res = await fetch(emu.url(module, '/test'));
      assert.equal(res.status, 200);
      assert.equal(typeof (await json(res)).message, 'string');
    });

    it(`${module}: accepts Authorization: Bearer`, async () => {
      const u = emu.url(module, '/test').replace(/access_token=[^&]+/, '');
      const res = await fetch(u, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(res.status, 200);
    });

    it(`${module}: 401/1 without a token or with a wrong one`, async () => {
      for (const u of [emu.url(module, '/test').replace(/access_token=[^&]+/, ''), emu.url(module, '/test').replace(TOKEN, 'wrong')]) {
        const res = await fetch(u);
        assert.equal(res.status, 401);
        assert.deepEqual(await json(res), { error_code: 1, message: 'unauthorized access' });
      }
    });
  }

  it('listens on loopback only', () => {
    assert.match(emu.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('logs requests with the token redacted', async () => {
    await fetch(emu.url('containers', '/test'));
    const log = await json(await testHook(emu, 'GET', 'requests'));
    const last = log.items[log.items.length - 1];
    assert.match(last.url, /access_token=\*\*\*/);
    assert.ok(!JSON.stringify(log).includes(TOKEN));
  });
});

describe('error messages name no path of the emulator', () => {
  it('cuts absolute paths in an internal failure to their last part', () => {
    const cause = causeOf(new Error("ENOENT: no such file or directory, open '/tmp/se-emu-1/containers/ws/source.tgz'"));
    assert.equal(cause, "ENOENT: no such file or directory, open 'source.tgz'");
    assert.equal(causeOf(new Error('EACCES: permission denied, mkdir /data/workspaces/12/files/a')), 'EACCES: permission denied, mkdir a');
    assert.equal(causeOf(new Error('TAR_BAD_ARCHIVE: Unrecognized archive format')), 'TAR_BAD_ARCHIVE: Unrecognized archive format');
  });
});
