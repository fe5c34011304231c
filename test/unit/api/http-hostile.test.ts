// The HTTP core against a hostile server (issue 26, item 18), over real HTTP: a server that sends
// one byte at a time fails at the request's deadline, a POST is never sent twice; a redirect is an
// error naming where it pointed (token redacted), never success; loopback is decided on the parsed
// host; SPHERE_ENGINE_EMULATOR is honoured only for a loopback origin.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackHost, isLoopbackOrigin, normaliseEndpoint, ProblemsClient, SphereApiError } from '../../../src/api';
import { emulatorEnvRefusal, readEmulatorEnv } from '../../../src/connection/emulator-env';
import { fakeSleep, startRecordingServer } from './recording-server';

const TOKEN = 'hostile-http-token-1';

/** Answers 200 with headers at once, then one byte every 100 ms, for ever (until the socket closes). */
async function trickleServer(): Promise<{ origin: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url?.split('?')[0]}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    const t = setInterval(() => res.write(' '), 100);
    timers.add(t);
    res.on('close', () => clearInterval(t));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearInterval(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('api/http against a hostile server', () => {
  it('a server that trickles its answer fails at the deadline, with a clear message; a POST is sent once', async () => {
    const server = await trickleServer();
    const { sleep } = fakeSleep();
    const client = new ProblemsClient({ endpoint: server.origin, token: TOKEN, sleep, timeouts: { bodyMs: 5000, deadlineMs: 700 } });
    try {
      const started = Date.now();
      await assert.rejects(client.createSubmission({ problemId: 1, compilerId: 116, source: 'print(1)' }), (err: SphereApiError) => {
        assert.equal(err.kind, 'timeout');
        assert.match(
          err.explanation,
          /did not finish answering within 1 s, the deadline of one request, so it was given up on and not sent again: check whether it took effect before repeating it\. .*sphereEngine\.http\.requestDeadlineSeconds/,
        );
        assert.equal(err.action, 'checkHistoryBeforeResubmit');
        return true;
      });
      assert.ok(Date.now() - started < 3000, 'ended at the deadline');
      assert.deepEqual(server.hits, ['POST /api/v4/submissions']);
      // A GET: retried within the deadline at most, and the deadline covers them all.
      await assert.rejects(client.getProblem(1), /within 1 s/);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('a redirect is an error naming its target (token redacted), followed nowhere', async () => {
    const server = await startRecordingServer(() => ({ status: 302, text: '', headers: { location: `https://elsewhere.example/steal?access_token=${TOKEN}` } }));
    const client = new ProblemsClient({ endpoint: server.origin, token: TOKEN, sleep: fakeSleep().sleep });
    try {
      await assert.rejects(client.getProblem(1), (err: SphereApiError) => {
        assert.equal(err.status, 302);
        assert.match(
          err.explanation,
          /answered with a redirect \(HTTP 302\) to "https:\/\/elsewhere\.example\/steal\?access_token=\*\*\*"\. Redirects are not followed, so your access token is never sent on/,
        );
        assert.ok(!err.message.includes(TOKEN));
        return true;
      });
      assert.equal(server.requests.length, 1);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('loopback is the parsed host: localhost.attacker.example is not local', () => {
    for (const h of ['localhost', '127.0.0.1', '127.9.8.7', '[::1]', '::1', 'LOCALHOST']) assert.ok(isLoopbackHost(h), h);
    for (const h of ['localhost.attacker.example', '127.example.com', '127.0.0.1.nip.io', 'evil.localhost', '127.1.2.300', '10.0.0.1']) assert.ok(!isLoopbackHost(h), h);
    assert.equal(normaliseEndpoint('problems', 'localhost.attacker.example/problems'), 'https://localhost.attacker.example/problems');
    assert.equal(normaliseEndpoint('problems', '127.0.0.1.nip.io:80'), 'https://127.0.0.1.nip.io:80');
    assert.equal(normaliseEndpoint('problems', 'localhost:9000/problems'), 'http://localhost:9000/problems');
    assert.ok(isLoopbackOrigin('http://127.0.0.1:4000'));
    assert.ok(!isLoopbackOrigin('http://localhost.attacker.example:4000'));
  });

  it('SPHERE_ENGINE_EMULATOR must be a loopback origin, else it is ignored and says why', () => {
    const env = (origin: string) => ({ SPHERE_ENGINE_EMULATOR: JSON.stringify({ origin, token: 't0k3n-emu' }) });
    assert.equal(readEmulatorEnv(env('http://127.0.0.1:4000'))?.origin, 'http://127.0.0.1:4000');
    assert.equal(emulatorEnvRefusal(env('http://127.0.0.1:4000')), undefined);
    for (const origin of ['https://collector.example', 'http://localhost.attacker.example:4000', 'http://127.0.0.1:4000/x']) {
      assert.equal(readEmulatorEnv(env(origin)), undefined, origin);
      assert.match(
        emulatorEnvRefusal(env(origin)) ?? '',
        /SPHERE_ENGINE_EMULATOR was ignored: its origin .* is not on this machine .*Unset the variable, or point it at the emulator's loopback address\./,
      );
    }
  });
});
