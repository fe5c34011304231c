import * as assert from 'node:assert/strict';
import { CompilersClient, redact, registerSecret, SphereApiError } from '../../../src/api';
import { startRecordingServer, type RecordingServer } from './recording-server';

describe('api/redact', () => {
  it('masks access_token in URLs and text', () => {
    assert.equal(redact('GET https://h/api/v4/test?access_token=abc123&x=1'), 'GET https://h/api/v4/test?access_token=***&x=1');
    assert.equal(redact('see "uri":"https://h/s/1/output?access_token=zzz"'), 'see "uri":"https://h/s/1/output?access_token=***"');
    assert.equal(redact('Authorization: Bearer qwerty.123'), 'Authorization: Bearer ***');
  });

  it('masks registered token values anywhere', () => {
    registerSecret('known-secret-value-42');
    assert.equal(redact('the token known-secret-value-42 leaked'), 'the token *** leaked');
  });

  it('leaves ordinary text alone', () => {
    assert.equal(redact('HTTP 404 workspace not found'), 'HTTP 404 workspace not found');
  });
});

describe('api/redact on the wire', () => {
  const TOKEN = 'redact-wire-token-9876';
  let server: RecordingServer;
  before(async () => {
    server = await startRecordingServer();
  });
  after(() => server.close());

  it('log lines carry method, redacted URL, status and duration; never the token', async () => {
    const lines: string[] = [];
    server.handler = () => ({ json: { message: 'ok' } });
    const client = new CompilersClient({ endpoint: `${server.origin}/compilers`, token: TOKEN, logger: (l) => lines.push(l) });
    await client.test();
    await client.close();
    assert.equal(lines.length, 1);
    assert.match(lines[0], /^GET http:\/\/127\.0\.0\.1:\d+\/compilers\/api\/v4\/test\?access_token=\*\*\* 200 \d+ms$/);
    assert.equal(server.requests.at(-1)!.query.get('access_token'), TOKEN, 'the real token still goes to the server');
  });

  it('error messages and URLs are redacted, and a token echoed in an error body is not repeated', async () => {
    server.handler = () => ({ status: 401, json: { error_code: 1, message: `token ${TOKEN} is invalid; see https://x/?access_token=${TOKEN}` } });
    const lines: string[] = [];
    const client = new CompilersClient({ endpoint: `${server.origin}/compilers`, token: TOKEN, logger: (l) => lines.push(l) });
    await assert.rejects(client.test(), (err: unknown) => {
      assert.ok(err instanceof SphereApiError);
      const everything = [err.message, err.serverMessage, err.url, err.explanation, JSON.stringify(err), String(err.stack)].join('\n');
      assert.ok(!everything.includes(TOKEN), everything);
      assert.match(err.url ?? '', /access_token=\*\*\*/);
      return true;
    });
    await client.close();
    assert.ok(lines.every((l) => !l.includes(TOKEN)));
  });
});
