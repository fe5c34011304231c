import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

// Run in a child process: mocha has loaded undici's index elsewhere in this process, and the
// index patches the dispatcher prototype, which would hide a missing patch in undici-parts.
const PARTS = path.resolve(__dirname, '../../../src/api/undici-parts.js');

function inFreshProcess(script: string): string {
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

describe('undici parts', () => {
  it('give dispatchers a working request() without loading the package index', () => {
    const out = inFreshProcess(`
      const { Pool } = require(${JSON.stringify(PARTS)});
      const indexLoaded = Object.keys(require.cache).some((k) => /undici[\\\\/]index\\.js$/.test(k));
      const pool = new Pool('http://127.0.0.1:9');
      console.log(JSON.stringify({ request: typeof pool.request, indexLoaded }));
      pool.close();`);
    assert.deepEqual(JSON.parse(out), { request: 'function', indexLoaded: false });
  });

  it('are the same classes the package index exports (an undici upgrade that moves them fails here)', () => {
    const out = inFreshProcess(`
      const parts = require(${JSON.stringify(PARTS)});
      const undici = require('undici');
      console.log(JSON.stringify([parts.Pool === undici.Pool, parts.ProxyAgent === undici.ProxyAgent, parts.FormData === undici.FormData]));`);
    assert.deepEqual(JSON.parse(out), [true, true, true]);
  });
});
