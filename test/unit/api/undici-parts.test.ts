import * as assert from 'node:assert/strict';
import * as undici from 'undici';
import { FormData, Pool, ProxyAgent } from '../../../src/api/undici-parts';

describe('undici parts', () => {
  it('are the same classes the package index exports (so an undici upgrade that moves them fails here)', () => {
    assert.equal(Pool, undici.Pool);
    assert.equal(ProxyAgent, undici.ProxyAgent);
    assert.equal(FormData, undici.FormData);
  });
});
