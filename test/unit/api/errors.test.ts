import * as assert from 'node:assert/strict';
import {
  ACTION_LABELS,
  CompilersClient,
  ContainersClient,
  endpointKind,
  ERROR_TABLE,
  errorFromHttp,
  errorFromTransport,
  findHttpRow,
  ProblemsClient,
  SPEC_ERROR_CODES,
  SphereApiError,
  type ApiModule,
  type EndpointKind,
} from '../../../src/api';
import { startRecordingServer, type RecordingServer } from './recording-server';

describe('api/errors table', () => {
  it('has its own row for every (module, status, error_code) in the three references', () => {
    const missing = SPEC_ERROR_CODES.filter(([m, s, c]) => !ERROR_TABLE.some((r) => r.module === m && r.status === s && r.code === c));
    assert.deepEqual(missing, []);
  });

  it('lists the codes named in the task brief', () => {
    const codes = (m: ApiModule) => new Set(SPEC_ERROR_CODES.filter(([mm]) => mm === m).map(([, , c]) => c));
    for (const c of [1, 10, 1001, 1003, 1008, 1010, 1013, 1101, 1102, 1103, 1105, 1108, 1111, 200201, 200510, 200611, 200612, 202504, 202511, 202601, 202602, 202604, 202612])
      assert.ok(codes('containers').has(c), `containers ${c}`);
    for (const c of [2, 201304, 201101, 201201, 201107, 201104, 201306, 201406, 201906, 202006, 1003, 205104, 205105, 205106])
      assert.ok(codes('compilers').has(c), `compilers ${c}`);
    for (const c of [200204, 200201, 200202, 201108, 205205, 205206, 205209]) assert.ok(codes('problems').has(c), `problems ${c}`);
  });

  // A request of the kind each row is documented for (most rows hold for any endpoint).
  const SAMPLE: Record<EndpointKind, { method: string; url: string }> = {
    other: { method: 'GET', url: 'http://h/api?access_token=tok' },
    createSubmission: { method: 'POST', url: 'http://h/api/v4/submissions?access_token=tok' },
    workspaceLifecycle: { method: 'PUT', url: 'http://h/api/v1/workspaces/w1/resume?access_token=tok' },
  };

  for (const [module, status, code] of SPEC_ERROR_CODES) {
    it(`${module} ${status}/${code} → explanation and action`, () => {
      const endpoint = ERROR_TABLE.find((r) => r.module === module && r.status === status && r.code === code)?.endpoint ?? 'other';
      const err = errorFromHttp({ module, ...SAMPLE[endpoint], status, errorCode: code, serverMessage: 'server says no' });
      assert.ok(err instanceof SphereApiError);
      assert.equal(err.status, status);
      assert.equal(err.errorCode, code);
      assert.equal(err.serverMessage, 'server says no');
      assert.ok(err.explanation.length > 30, 'a plain-words explanation');
      assert.equal(err.explanation, findHttpRow(module, status, code, endpoint).explanation);
      assert.equal(err.actionLabel, ACTION_LABELS[err.action]);
      assert.ok(err.message.includes(err.explanation));
      assert.ok(!err.message.includes('access_token=tok'));
    });
  }

  it('every row has an explanation and a known action', () => {
    for (const row of ERROR_TABLE) {
      assert.ok(row.explanation.length > 20, JSON.stringify(row));
      assert.ok(row.action in ACTION_LABELS, JSON.stringify(row));
    }
  });

  it('specific rows give specific actions', () => {
    assert.equal(findHttpRow('containers', 401, 1).action, 'setToken');
    assert.equal(findHttpRow('containers', 409, 200611).action, 'stopAWorkspace');
    assert.equal(findHttpRow('containers', 404, 1008).action, 'resumeWorkspace');
    assert.equal(findHttpRow('compilers', 400, 1003).action, 'checkHistoryBeforeResubmit');
    assert.equal(findHttpRow('problems', 400, 205209).action, 'fixInput');
  });

  const generic: Array<[number, string]> = [
    [401, 'setToken'],
    [402, 'contactSupport'],
    [403, 'setToken'],
    [404, 'openSettings'],
    [429, 'waitAndRetry'],
    [500, 'waitAndRetry'],
    [502, 'waitAndRetry'],
    [503, 'waitAndRetry'],
    [418, 'fixInput'],
  ];
  for (const [status, action] of generic) {
    it(`generic HTTP ${status} without a known code → ${action}`, () => {
      const err = errorFromHttp({ module: 'compilers', method: 'GET', url: 'u', status, errorCode: 999999 });
      assert.equal(err.action, action);
      assert.equal(err.kind, 'http');
    });
  }

  it('a submission POST that fails with 5xx asks to check history before resubmitting', () => {
    for (const module of ['compilers', 'problems'] as const) {
      assert.equal(errorFromHttp({ module, method: 'POST', url: `http://h/${module}/api/v4/submissions?access_token=***`, status: 503 }).action, 'checkHistoryBeforeResubmit');
    }
    assert.equal(
      errorFromHttp({ module: 'containers', method: 'POST', url: 'https://x.containers.sphere-engine.com/api/v1/submissions', status: 500 }).action,
      'checkHistoryBeforeResubmit',
    );
  });

  it('a submission POST whose success answer is unreadable asks to check history (it was probably created)', () => {
    const err = errorFromHttp({ module: 'compilers', method: 'POST', url: 'http://h/api/v4/submissions', status: 201, malformed: true });
    assert.equal(err.kind, 'malformed');
    assert.equal(err.action, 'checkHistoryBeforeResubmit');
  });

  it('other POSTs and PUTs that fail with 5xx say to try again: they are not billed', () => {
    const upload = errorFromHttp({ module: 'containers', method: 'POST', url: 'http://h/api/v1/workspaces/w1/files?access_token=***', status: 503 });
    assert.equal(upload.action, 'waitAndRetry');
    const stop = errorFromHttp({ module: 'containers', method: 'PUT', url: 'http://h/api/v1/workspaces/w1/stop', status: 502 });
    assert.equal(stop.action, 'waitAndRetry');
    const workspace = errorFromHttp({ module: 'containers', method: 'POST', url: 'http://h/api/v1/workspaces', status: 500 });
    assert.equal(workspace.action, 'waitAndRetry');
    const rejudge = errorFromHttp({ module: 'problems', method: 'PUT', url: 'http://h/api/v4/submissions/5', status: 500 });
    assert.equal(rejudge.action, 'waitAndRetry');
  });

  it('containers 500/1003 is explained as a stop/resume/remove failure only for those endpoints', () => {
    for (const verb of ['stop', 'resume', 'remove']) {
      const err = errorFromHttp({ module: 'containers', method: 'PUT', url: `http://h/api/v1/workspaces/w1/${verb}`, status: 500, errorCode: 1003 });
      assert.match(err.explanation, /stop, resume or remove the workspace/, verb);
    }
    const upload = errorFromHttp({ module: 'containers', method: 'POST', url: 'http://h/api/v1/workspaces/w1/files', status: 500, errorCode: 1003 });
    assert.doesNotMatch(upload.explanation, /stop, resume or remove/);
    assert.match(upload.explanation, /internal problem.*try again/);
    assert.equal(upload.action, 'waitAndRetry');
    const read = errorFromHttp({ module: 'containers', method: 'GET', url: 'http://h/api/v1/workspaces/w1/files/YQ', status: 500, errorCode: 1003 });
    assert.doesNotMatch(read.explanation, /stop, resume or remove/);
  });

  it('endpointKind tells submission POSTs and workspace state changes from everything else', () => {
    const cases: Array<[string, string, EndpointKind]> = [
      ['POST', 'http://127.0.0.1:1/compilers/api/v4/submissions?access_token=***', 'createSubmission'],
      ['POST', 'https://abc.problems.sphere-engine.com/api/v4/submissions/', 'createSubmission'],
      ['post', '/api/v1/submissions', 'createSubmission'],
      ['GET', 'http://h/api/v4/submissions?ids=1,2', 'other'],
      ['PUT', 'http://h/api/v4/submissions/7', 'other'],
      ['POST', 'http://h/api/v1/workspaces/w1/files', 'other'],
      ['POST', 'http://h/api/v1/workspaces', 'other'],
      ['PUT', 'http://h/api/v1/workspaces/w1/stop?access_token=***', 'workspaceLifecycle'],
      ['PUT', 'http://h/api/v1/workspaces/w1/remove', 'workspaceLifecycle'],
      ['GET', 'http://h/api/v1/workspaces/w1/stop', 'other'],
      ['POST', 'u', 'other'],
    ];
    for (const [method, url, kind] of cases) assert.equal(endpointKind(method, url), kind, `${method} ${url}`);
  });

  const transport: Array<[string, string, string]> = [
    ['ECONNREFUSED', 'connectionRefused', 'openSettings'],
    ['ENOTFOUND', 'dns', 'openSettings'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout', 'retry'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout', 'retry'],
    ['ECONNRESET', 'network', 'retry'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls', 'openSettings'],
  ];
  for (const [code, kind, action] of transport) {
    it(`transport ${code} → ${kind} / ${action}`, () => {
      const e = Object.assign(new Error(`boom ${code}`), { code });
      const err = errorFromTransport('containers', 'GET', 'http://h/x?access_token=abc', e);
      assert.equal(err.kind, kind);
      assert.equal(err.action, action);
      assert.equal(err.status, undefined);
    });
  }

  it('a submission POST cut by a timeout or a reset asks to check history before resubmitting', () => {
    for (const code of ['UND_ERR_HEADERS_TIMEOUT', 'ECONNRESET']) {
      const err = errorFromTransport('compilers', 'POST', 'http://h/api/v4/submissions?access_token=***', Object.assign(new Error('t'), { code }));
      assert.equal(err.action, 'checkHistoryBeforeResubmit', code);
    }
  });

  it('an upload or a workspace PUT cut by a timeout or a reset says to try again (not billed)', () => {
    for (const code of ['UND_ERR_HEADERS_TIMEOUT', 'ECONNRESET']) {
      const upload = errorFromTransport('containers', 'POST', 'http://h/api/v1/workspaces/w1/files?access_token=***', Object.assign(new Error('t'), { code }));
      assert.equal(upload.action, 'retry', `upload ${code}`);
      const resume = errorFromTransport('containers', 'PUT', 'http://h/api/v1/workspaces/w1/resume', Object.assign(new Error('t'), { code }));
      assert.equal(resume.action, 'retry', `resume ${code}`);
    }
  });
});

describe('api/errors over the wire', () => {
  let server: RecordingServer;
  before(async () => {
    server = await startRecordingServer();
  });
  after(() => server.close());
  const noSleep = async () => undefined;

  const clientFor = (module: ApiModule) => {
    const options = { endpoint: `${server.origin}/${module}`, token: 'wire-token-123', sleep: noSleep };
    return module === 'containers' ? new ContainersClient(options) : module === 'compilers' ? new CompilersClient(options) : new ProblemsClient(options);
  };

  for (const [module, status, code] of SPEC_ERROR_CODES) {
    it(`${module} answer ${status}/${code} surfaces as SphereApiError`, async () => {
      server.handler = () => ({ status, json: { error_code: code, message: `msg ${code}` } });
      const client = clientFor(module);
      try {
        await assert.rejects(client.test(), (err: unknown) => {
          assert.ok(err instanceof SphereApiError);
          assert.equal(err.module, module);
          assert.equal(err.status, status);
          assert.equal(err.errorCode, code);
          assert.equal(err.serverMessage, `msg ${code}`);
          assert.equal(err.explanation, findHttpRow(module, status, code).explanation);
          return true;
        });
      } finally {
        await client.close();
      }
    });
  }

  it('an HTML error page becomes a readable error, not a JSON parse crash', async () => {
    server.handler = () => ({ status: 502, text: '<html><body><h1>502 Bad Gateway</h1></body></html>', headers: { 'content-type': 'text/html' } });
    const client = clientFor('compilers');
    await assert.rejects(client.test(), (err: unknown) => {
      assert.ok(err instanceof SphereApiError);
      assert.equal(err.status, 502);
      assert.equal(err.action, 'waitAndRetry');
      assert.match(err.serverMessage ?? '', /502 Bad Gateway/);
      assert.ok(!(err.serverMessage ?? '').includes('<h1>'));
      return true;
    });
    await client.close();
  });

  it('a 200 with truncated JSON is a malformed-answer error', async () => {
    server.handler = () => ({ status: 200, text: '{"items": [', headers: { 'content-type': 'application/json' } });
    const client = clientFor('compilers') as CompilersClient;
    await assert.rejects(client.listCompilers(), (err: unknown) => err instanceof SphereApiError && err.kind === 'malformed' && err.action === 'retry');
    await client.close();
  });

  it('a 200 with the wrong content type is a malformed-answer error', async () => {
    server.handler = () => ({ status: 200, text: '<html>login portal</html>', headers: { 'content-type': 'text/html' } });
    const client = clientFor('problems');
    await assert.rejects(client.test(), (err: unknown) => err instanceof SphereApiError && err.kind === 'malformed' && /content type/.test(err.serverMessage ?? ''));
    await client.close();
  });

  it('connection refused → connectionRefused with Open Settings', async () => {
    const client = new CompilersClient({ endpoint: 'http://127.0.0.1:1/compilers', token: 't0ken-x', sleep: noSleep });
    await assert.rejects(client.test(), (err: unknown) => err instanceof SphereApiError && err.kind === 'connectionRefused' && err.action === 'openSettings');
    await client.close();
  });

  it('an unknown host → dns error with Open Settings', async () => {
    const client = new CompilersClient({ endpoint: 'https://no-such-host.invalid/compilers', token: 't0ken-x', sleep: noSleep, retry: { attempts: 1 } });
    await assert.rejects(client.test(), (err: unknown) => err instanceof SphereApiError && (err.kind === 'dns' || err.kind === 'network') && err.status === undefined);
    await client.close();
  });
});
