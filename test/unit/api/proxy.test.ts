import * as assert from 'node:assert/strict';
import { isLoopbackHost, selectProxy } from '../../../src/api';

describe('api/proxy selectProxy', () => {
  const SE = 'https://abc123de.compilers.sphere-engine.com/api/v4/test';

  it('goes direct with no proxy configured anywhere', () => {
    assert.equal(selectProxy(SE, {}, {}), undefined);
  });

  it('uses the configured proxy (http.proxy)', () => {
    assert.equal(selectProxy(SE, { proxy: 'http://proxy.corp:3128' }, {}), 'http://proxy.corp:3128');
  });

  it('falls back to HTTPS_PROXY for https and HTTP_PROXY for http, either case', () => {
    assert.equal(selectProxy(SE, {}, { HTTPS_PROXY: 'http://s:1' }), 'http://s:1');
    assert.equal(selectProxy(SE, {}, { https_proxy: 'http://s:2' }), 'http://s:2');
    assert.equal(selectProxy(SE, {}, { HTTP_PROXY: 'http://h:1' }), 'http://h:1', 'https falls back to HTTP_PROXY');
    assert.equal(selectProxy('http://example.com/x', {}, { HTTPS_PROXY: 'http://s:1' }), undefined, 'http ignores HTTPS_PROXY');
    assert.equal(selectProxy('http://example.com/x', {}, { http_proxy: 'http://h:2' }), 'http://h:2');
  });

  it('the setting wins over the environment', () => {
    assert.equal(selectProxy(SE, { proxy: 'http://setting:1' }, { HTTPS_PROXY: 'http://env:1' }), 'http://setting:1');
  });

  for (const url of ['http://127.0.0.1:8080/containers/api/v1/test', 'http://localhost:9/x', 'http://[::1]:9/x', 'http://127.3.4.5/x']) {
    it(`loopback goes direct even with a proxy: ${url}`, () => {
      assert.equal(selectProxy(url, { proxy: 'http://proxy:1' }, { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:1' }), undefined);
    });
  }

  const noProxyCases: Array<[string[], string, boolean]> = [
    [['sphere-engine.com'], SE, true], // parent domain covers subdomains
    [['.sphere-engine.com'], SE, true],
    [['*.sphere-engine.com'], SE, true],
    [['abc123de.compilers.sphere-engine.com'], SE, true],
    [['abc123de.compilers.sphere-engine.com:443'], SE, true],
    [['abc123de.compilers.sphere-engine.com:8443'], SE, false],
    [['*'], SE, true],
    [['other.com', 'ngine.com'], SE, false], // suffix must be on a label boundary
    [[], SE, false],
  ];
  for (const [noProxy, url, direct] of noProxyCases) {
    it(`noProxy ${JSON.stringify(noProxy)} → ${direct ? 'direct' : 'proxy'}`, () => {
      const chosen = selectProxy(url, { proxy: 'http://proxy:1', noProxy }, {});
      assert.equal(chosen, direct ? undefined : 'http://proxy:1');
    });
  }

  it('falls back to NO_PROXY when the setting list is empty', () => {
    assert.equal(selectProxy(SE, { proxy: 'http://proxy:1', noProxy: [] }, { NO_PROXY: 'foo.com, sphere-engine.com' }), undefined);
    assert.equal(selectProxy(SE, { proxy: 'http://proxy:1' }, { no_proxy: 'foo.com' }), 'http://proxy:1');
  });

  it('recognises loopback hosts', () => {
    assert.ok(isLoopbackHost('localhost'));
    assert.ok(isLoopbackHost('127.0.0.1'));
    assert.ok(isLoopbackHost('[::1]'));
    assert.ok(!isLoopbackHost('10.0.0.1'));
    assert.ok(!isLoopbackHost('127.example.com'));
  });
});
