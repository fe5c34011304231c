// Retry policy, size caps, cancellation and headers of the HTTP core, against a real local server.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  backoffDelay,
  CompilersClient,
  ContainersClient,
  DEFAULT_RETRY,
  isAbortError,
  MAX_TRANSFER_BYTES,
  parseRetryAfter,
  ProblemsClient,
  SphereApiError,
} from '../../../src/api';
import { fakeSleep, startRecordingServer, type RecordingServer } from './recording-server';
import { messages, watchUncaught } from './uncaught';

const TOKEN = 'http-test-token-1';

describe('api/http', () => {
  let server: RecordingServer;
  let tmp: string;
  before(async () => {
    server = await startRecordingServer();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'se-api-http-'));
  });
  after(async () => {
    await server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  const containers = (extra: Partial<ConstructorParameters<typeof ContainersClient>[0]> = {}) =>
    new ContainersClient({ endpoint: `${server.origin}/containers`, token: TOKEN, ...extra });

  describe('retries', () => {
    it('GET is retried on 503 with exponential backoff, then succeeds', async () => {
      let n = 0;
      server.handler = () => (++n < 3 ? { status: 503, json: { message: 'busy' } } : { json: { message: 'ok' } });
      const { sleeps, sleep } = fakeSleep();
      const client = containers({ sleep, random: () => 0.5 });
      assert.deepEqual(await client.test(), { message: 'ok' });
      await client.close();
      assert.equal(server.requests.length, 3);
      assert.deepEqual(sleeps, [500, 1000], 'base 0.5 s, doubled; jitter centred');
    });

    it('GET gives up after 3 attempts and reports the 503', async () => {
      server.handler = () => ({ status: 503, json: { message: 'down' } });
      const { sleeps, sleep } = fakeSleep();
      const client = containers({ sleep });
      await assert.rejects(client.test(), (err: unknown) => err instanceof SphereApiError && err.status === 503 && err.action === 'waitAndRetry');
      await client.close();
      assert.equal(server.requests.length, 3);
      assert.equal(sleeps.length, 2);
    });

    it('GET honours Retry-After (seconds)', async () => {
      let n = 0;
      server.handler = () => (++n === 1 ? { status: 503, json: {}, headers: { 'retry-after': '7' } } : { json: { message: 'ok' } });
      const { sleeps, sleep } = fakeSleep();
      const client = containers({ sleep });
      await client.test();
      await client.close();
      assert.deepEqual(sleeps, [7000]);
    });

    it('GET is retried after a connection reset', async () => {
      let n = 0;
      server.handler = () => (++n === 1 ? { destroy: true } : { json: { message: 'ok' } });
      const { sleeps, sleep } = fakeSleep();
      const client = containers({ sleep });
      assert.deepEqual(await client.test(), { message: 'ok' });
      await client.close();
      assert.equal(server.requests.length, 2);
      assert.equal(sleeps.length, 1);
    });

    it('POST is sent exactly once on 503 (a second submission costs money)', async () => {
      server.handler = () => ({ status: 503, json: { message: 'busy' } });
      const { sleeps, sleep } = fakeSleep();
      const client = new CompilersClient({ endpoint: `${server.origin}/compilers`, token: TOKEN, sleep });
      await assert.rejects(
        client.createSubmission({ source: 'print(1)', compilerId: 116 }),
        (err: unknown) => err instanceof SphereApiError && err.status === 503 && err.action === 'checkHistoryBeforeResubmit',
      );
      await client.close();
      assert.equal(server.requests.length, 1);
      assert.deepEqual(sleeps, []);
    });

    it('POST is sent exactly once when the connection is reset', async () => {
      server.handler = () => ({ destroy: true });
      const { sleep } = fakeSleep();
      const client = new ProblemsClient({ endpoint: `${server.origin}/problems`, token: TOKEN, sleep });
      await assert.rejects(
        client.createSubmission({ problemId: 1, compilerId: 116, source: 'x' }),
        (err: unknown) => err instanceof SphereApiError && err.kind === 'network' && err.action === 'checkHistoryBeforeResubmit',
      );
      await client.close();
      assert.equal(server.requests.length, 1);
    });

    it('PUT is sent exactly once on 503', async () => {
      server.handler = () => ({ status: 503, json: {} });
      const { sleep } = fakeSleep();
      const client = containers({ sleep });
      await assert.rejects(client.stopWorkspace('w1'), SphereApiError);
      await client.close();
      assert.equal(server.requests.length, 1);
      assert.equal(server.requests[0].method, 'PUT');
    });

    // The services refuse a second fetch of one submission within 1 s (polling protection); a
    // quick retry (0.5 s) would be refused with 403. The poller repeats the fetch at its own pace.
    describe('a fetch of a submission (a poll) is sent once, with no quick retry', () => {
      const compilers = (sleep: ReturnType<typeof fakeSleep>['sleep']) => new CompilersClient({ endpoint: `${server.origin}/compilers`, token: TOKEN, sleep });
      const problems = (sleep: ReturnType<typeof fakeSleep>['sleep']) => new ProblemsClient({ endpoint: `${server.origin}/problems`, token: TOKEN, sleep });
      const polls: Array<[string, (sleep: ReturnType<typeof fakeSleep>['sleep']) => { call: () => Promise<unknown>; close: () => Promise<void> }]> = [
        [
          'containers getSubmission',
          (sleep) => {
            const c = containers({ sleep });
            return { call: () => c.getSubmission(7), close: () => c.close() };
          },
        ],
        [
          'compilers getSubmission',
          (sleep) => {
            const c = compilers(sleep);
            return { call: () => c.getSubmission(7), close: () => c.close() };
          },
        ],
        [
          'compilers getSubmissions',
          (sleep) => {
            const c = compilers(sleep);
            return { call: () => c.getSubmissions([7, 8]), close: () => c.close() };
          },
        ],
        [
          'problems getSubmission',
          (sleep) => {
            const c = problems(sleep);
            return { call: () => c.getSubmission(7), close: () => c.close() };
          },
        ],
        [
          'problems getSubmissions',
          (sleep) => {
            const c = problems(sleep);
            return { call: () => c.getSubmissions([7, 8]), close: () => c.close() };
          },
        ],
      ];
      for (const [name, make] of polls) {
        it(`${name}: one request on 503, the 503 reported as transient`, async () => {
          server.handler = () => ({ status: 503, json: { message: 'busy' } });
          const { sleeps, sleep } = fakeSleep();
          const client = make(sleep);
          await assert.rejects(client.call(), (err: unknown) => err instanceof SphereApiError && err.status === 503 && err.action === 'waitAndRetry');
          await client.close();
          assert.equal(server.requests.length, 1);
          assert.equal(server.requests[0].method, 'GET');
          assert.match(server.requests[0].path, /\/submissions(\/7)?$/);
          assert.deepEqual(sleeps, [], 'no backoff wait either');
        });

        it(`${name}: one request when the connection is cut`, async () => {
          server.handler = () => ({ destroy: true });
          const { sleeps, sleep } = fakeSleep();
          const client = make(sleep);
          await assert.rejects(client.call(), (err: unknown) => err instanceof SphereApiError && err.kind === 'network' && err.action === 'retry');
          await client.close();
          assert.equal(server.requests.length, 1);
          assert.deepEqual(sleeps, []);
        });
      }

      it('other GETs of the same client keep their retries (a submission stream, the compilers list)', async () => {
        server.handler = () => ({ status: 503, json: {} });
        const { sleeps, sleep } = fakeSleep();
        const client = compilers(sleep);
        await assert.rejects(client.getSubmissionStream(7, 'output'), SphereApiError);
        await assert.rejects(client.listCompilers(), SphereApiError);
        await client.close();
        assert.equal(server.requests.length, 6);
        assert.equal(sleeps.length, 4);
      });
    });

    it('4xx errors are not retried', async () => {
      server.handler = () => ({ status: 404, json: { error_code: 1001, message: 'not found' } });
      const { sleep } = fakeSleep();
      const client = containers({ sleep });
      await assert.rejects(client.getWorkspace('nope'), (err: unknown) => err instanceof SphereApiError && err.errorCode === 1001);
      await client.close();
      assert.equal(server.requests.length, 1);
    });

    it('backoff and Retry-After helpers', () => {
      assert.equal(parseRetryAfter('3'), 3000);
      assert.equal(parseRetryAfter(new Date(10_000 + 4000).toUTCString(), 10_000), 4000);
      assert.equal(parseRetryAfter('soon'), undefined);
      assert.equal(
        backoffDelay(1, DEFAULT_RETRY, () => 0),
        375,
      );
      assert.equal(
        backoffDelay(2, DEFAULT_RETRY, () => 1),
        1250,
      );
      assert.equal(
        backoffDelay(1, DEFAULT_RETRY, () => 0.5, 120_000),
        DEFAULT_RETRY.maxDelayMs,
        'capped',
      );
    });
  });

  describe('explainError', () => {
    it('rewrites every error a request ends with: an HTTP error, a refused connection', async () => {
      const seen: string[] = [];
      const explainError = (error: SphereApiError) => {
        seen.push(error.kind);
        return new SphereApiError({ module: error.module, kind: error.kind, action: error.action, status: error.status, explanation: `explained: ${error.explanation}` });
      };
      server.handler = () => ({ status: 404, json: { error_code: 1001, message: 'not found' } });
      const client = containers({ explainError });
      await assert.rejects(client.getWorkspace('nope'), (err: unknown) => err instanceof SphereApiError && err.explanation.startsWith('explained: '));
      await client.close();

      // A port nobody listens on: the connection is refused.
      const closed = await new Promise<number>((resolve) => {
        const probe = net.createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as net.AddressInfo;
          probe.close(() => resolve(port));
        });
      });
      const refused = new ContainersClient({ endpoint: `http://127.0.0.1:${closed}/containers`, token: TOKEN, explainError, retry: { attempts: 1 } });
      await assert.rejects(
        refused.getWorkspace('nope'),
        (err: unknown) => err instanceof SphereApiError && err.kind === 'connectionRefused' && err.explanation.startsWith('explained: '),
      );
      await refused.close();
      assert.deepEqual(seen, ['http', 'connectionRefused']);
    });
  });

  describe('headers and query', () => {
    it('sends access_token in the query and a SphereEngine/VSCode User-Agent', async () => {
      server.handler = () => ({ json: { message: 'ok' } });
      const client = containers();
      await client.test();
      await client.close();
      const req = server.requests[0];
      assert.equal(req.path, '/containers/api/v1/test');
      assert.equal(req.query.get('access_token'), TOKEN);
      assert.match(String(req.headers['user-agent']), /^SphereEngine\/VSCode/);
    });

    it('reuses keep-alive connections for consecutive calls', async () => {
      server.handler = () => ({ json: { message: 'ok' } });
      const client = containers();
      for (let i = 0; i < 6; i++) await client.test();
      await client.close();
      // The pool may open a second socket while the first is being released, but never one per call.
      const ports = new Set(server.requests.map((r) => r.remotePort));
      assert.ok(ports.size < 6 / 2, `connections reused, saw ports ${[...ports]}`);
      assert.ok(server.requests.every((r) => r.headers.connection !== 'close'));
    });
  });

  describe('size caps', () => {
    it('refuses an upload over 16 MiB before sending a single byte', async () => {
      const big = path.join(tmp, 'big.bin');
      const fd = fs.openSync(big, 'w');
      fs.ftruncateSync(fd, MAX_TRANSFER_BYTES + 1); // sparse: no 16 MiB write needed
      fs.closeSync(fd);
      const client = containers();
      await assert.rejects(
        client.uploadFile('w1', 'big.bin', { path: big }),
        (err: unknown) => err instanceof SphereApiError && err.kind === 'tooLarge' && /16 MiB/.test(err.message),
      );
      await assert.rejects(client.uploadFile('w1', 'big.bin', Buffer.alloc(MAX_TRANSFER_BYTES + 1)), (err: unknown) => err instanceof SphereApiError && err.kind === 'tooLarge');
      await client.close();
      assert.equal(server.requests.length, 0, 'the server saw no request');
    });

    it('accepts an upload of exactly 16 MiB', async () => {
      server.handler = () => ({ json: { path: '/home/user/workspace/ok.bin' } });
      const client = containers();
      await client.uploadFile('w1', 'ok.bin', Buffer.alloc(MAX_TRANSFER_BYTES));
      await client.close();
      assert.equal(server.requests.length, 1);
      assert.ok(server.requests[0].body.length > MAX_TRANSFER_BYTES);
    });

    it('aborts a download past the cap with a clear error (declared length), and nothing escapes', async () => {
      server.handler = () => ({ text: Buffer.alloc(2048), headers: { 'content-length': '2048' } });
      const watch = watchUncaught();
      const client = containers({ maxDownloadBytes: 1024 });
      await assert.rejects(client.downloadFile('w1', 'a.bin'), (err: unknown) => err instanceof SphereApiError && err.kind === 'tooLarge' && /a\.bin/.test(err.message));
      await client.close();
      // Destroying the body without a listener let undici's "Request aborted" escape (defect D2).
      assert.deepEqual(messages(await watch.stop()), []);
    });

    it('aborts a chunked download past the cap, and nothing escapes', async () => {
      server.handler = () => ({ text: Buffer.alloc(4096), headers: { 'transfer-encoding': 'chunked' } });
      const watch = watchUncaught();
      const client = new CompilersClient({ endpoint: `${server.origin}/compilers`, token: TOKEN, maxDownloadBytes: 1000 });
      await assert.rejects(client.getSubmissionStream(1, 'output'), (err: unknown) => err instanceof SphereApiError && err.kind === 'tooLarge');
      await client.close();
      assert.deepEqual(messages(await watch.stop()), []);
    });

    it('an error answer with a body over its cap is still reported, and nothing escapes', async () => {
      server.handler = () => ({ status: 500, text: Buffer.alloc(200 * 1024), headers: { 'content-type': 'text/plain', 'content-length': String(200 * 1024) } });
      const watch = watchUncaught();
      const client = containers({ sleep: fakeSleep().sleep, retry: { attempts: 1 } });
      await assert.rejects(client.getWorkspace('w1'), (err: unknown) => err instanceof SphereApiError && err.status === 500);
      await client.close();
      assert.deepEqual(messages(await watch.stop()), []);
    });

    it('returns a download under the cap intact', async () => {
      const data = Buffer.from([0, 1, 2, 255, 254]);
      server.handler = () => ({ text: data });
      const client = containers();
      assert.deepEqual(await client.downloadFile('w1', 'a.bin'), data);
      await client.close();
    });
  });

  describe('cancellation', () => {
    it('an already aborted signal rejects with AbortError and sends nothing', async () => {
      const client = containers();
      const ac = new AbortController();
      ac.abort();
      await assert.rejects(client.test(ac.signal), (err: unknown) => isAbortError(err));
      await client.close();
      assert.equal(server.requests.length, 0);
    });

    it('aborting during a request rejects with AbortError', async () => {
      const ac = new AbortController();
      server.handler = async () => {
        ac.abort();
        await new Promise((r) => setTimeout(r, 50));
        return { json: { message: 'late' } };
      };
      const client = containers();
      await assert.rejects(client.test(ac.signal), (err: unknown) => isAbortError(err));
      await client.close();
    });

    it('aborting during the retry wait stops the retries', async () => {
      const ac = new AbortController();
      server.handler = () => ({ status: 503, json: {} });
      const client = containers({
        sleep: async () => {
          ac.abort();
          const e = new Error('aborted');
          e.name = 'AbortError';
          throw e;
        },
      });
      await assert.rejects(client.test(ac.signal), (err: unknown) => isAbortError(err));
      await client.close();
      assert.equal(server.requests.length, 1);
    });
  });
});
