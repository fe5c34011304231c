// POST /__emulator/challenge (emulator/http/challenge.ts) and its client (src/core/local-emulator/
// challenge.ts): the extension learns whether an emulator knows a token without sending it
// (issue 26 item 21). The route needs no token, gives only a keyed hash of a caller's nonce, and
// changes nothing; something else on the port (or nothing) is told apart from the emulator.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { challengeProof, proveToken } from '../../src/core/local-emulator/challenge';
import { startTestEmulator, TOKEN, type TestEmulator } from './harness';

describe('emulator: the token challenge', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu?.close());

  it('proves the token it was started with, without being sent it, and nothing else', async () => {
    assert.equal(await proveToken(emu.origin, TOKEN), 'proven');
    assert.equal(await proveToken(emu.origin, 'another-token'), 'unproven');
  });

  it('answers only a keyed hash of a well-formed nonce, with no token asked and none given away', async () => {
    const nonce = 'ab'.repeat(16);
    const res = await fetch(`${emu.origin}/__emulator/challenge?nonce=${nonce}`, { method: 'POST' });
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.deepEqual(JSON.parse(text), { proof: challengeProof(TOKEN, nonce) });
    assert.equal(text.includes(TOKEN), false);
    for (const bad of ['', 'xyz', 'AB'.repeat(16), 'a'.repeat(200)]) {
      const refused = await fetch(`${emu.origin}/__emulator/challenge?nonce=${bad}`, { method: 'POST' });
      assert.equal(refused.status, 400, `nonce "${bad}"`);
    }
    // A web page cannot ask it either (the browser guard stands before every route).
    const page = await fetch(`${emu.origin}/__emulator/challenge?nonce=${nonce}`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    assert.equal(page.status, 403);
  });

  it('tells "nothing listens" from "something else answers"', async () => {
    const other = http.createServer((_req, res) => res.end(JSON.stringify({ proof: 'f'.repeat(64) })));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;
    try {
      assert.equal(await proveToken(`http://127.0.0.1:${port}`, TOKEN), 'unproven');
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
    assert.equal(await proveToken(`http://127.0.0.1:${port}`, TOKEN), 'unreachable');
    // Never anything but loopback.
    assert.equal(await proveToken('http://example.com', TOKEN), 'unproven');
  });
});
