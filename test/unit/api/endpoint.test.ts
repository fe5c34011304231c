import * as assert from 'node:assert/strict';
import { apiBaseUrl, normaliseEndpoint, SphereApiError } from '../../../src/api';

describe('api/endpoint normaliseEndpoint', () => {
  const cases: Array<[Parameters<typeof normaliseEndpoint>[0], string, string]> = [
    ['containers', 'abc123de', 'https://abc123de.containers.sphere-engine.com'],
    ['compilers', 'ABC123DE', 'https://abc123de.compilers.sphere-engine.com'],
    ['problems', ' abc123de ', 'https://abc123de.problems.sphere-engine.com'],
    ['containers', 'https://abc123de.containers.sphere-engine.com/', 'https://abc123de.containers.sphere-engine.com'],
    ['containers', 'https://abc123de.containers.sphere-engine.com/api/v1', 'https://abc123de.containers.sphere-engine.com'],
    ['compilers', 'https://abc123de.compilers.sphere-engine.com/api/v4/', 'https://abc123de.compilers.sphere-engine.com'],
    ['compilers', 'abc123de.compilers.sphere-engine.com', 'https://abc123de.compilers.sphere-engine.com'],
    ['containers', 'http://127.0.0.1:8080/containers', 'http://127.0.0.1:8080/containers'],
    ['containers', 'http://127.0.0.1:8080/containers/api/v1', 'http://127.0.0.1:8080/containers'],
    ['problems', '127.0.0.1:9000/problems/', 'http://127.0.0.1:9000/problems'],
    ['problems', 'localhost:9000/problems', 'http://localhost:9000/problems'],
  ];
  for (const [module, input, expected] of cases) {
    it(`${module}: "${input}" → ${expected}`, () => assert.equal(normaliseEndpoint(module, input), expected));
  }

  it('appends the module API path', () => {
    assert.equal(apiBaseUrl('containers', 'abc123de'), 'https://abc123de.containers.sphere-engine.com/api/v1');
    assert.equal(apiBaseUrl('compilers', 'http://127.0.0.1:1/compilers/api/v4'), 'http://127.0.0.1:1/compilers/api/v4');
    assert.equal(apiBaseUrl('problems', 'http://127.0.0.1:1/problems'), 'http://127.0.0.1:1/problems/api/v4');
  });

  for (const bad of ['', '   ', 'ftp://host/x', 'https://user:pw@host', 'https://host/?access_token=secret', 'not a url at all', 'http://']) {
    it(`refuses "${bad}" with a clear error and the Open Settings action`, () => {
      assert.throws(
        () => normaliseEndpoint('containers', bad),
        (err: unknown) => err instanceof SphereApiError && err.kind === 'invalidEndpoint' && err.action === 'openSettings' && /customer id/.test(err.explanation),
      );
    });
  }

  it('never echoes a token put in the URL', () => {
    try {
      normaliseEndpoint('compilers', 'https://host/api/v4?access_token=supersecret123');
      assert.fail('should throw');
    } catch (err) {
      assert.ok(!(err as Error).message.includes('supersecret123'), (err as Error).message);
    }
  });
});
