// The runner's guard (scripts/lib/token-guard.js) between what the workbench, the extension host
// and the UI tests print and the CI log: the emulator's token never reaches the log, and a run in
// which it showed up fails saying where.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { REPO_ROOT } from '../repo-root';

interface LineWriter {
  push(chunk: Buffer | string): void;
  end(): void;
}
interface TokenGuard {
  mask(text: string, source: string): string;
  hide(text: string): string;
  lines(source: string, write: (text: string) => void): LineWriter;
  leaked(): boolean;
  report(): string;
}

const { createTokenGuard } = require(path.resolve(REPO_ROOT, 'scripts', 'lib', 'token-guard.js')) as { createTokenGuard: (...tokens: Array<string | undefined>) => TokenGuard };

const TOKEN = 'tok+en/with=special';

describe('runner token guard', () => {
  it('masks the token and its URL-encoded form, and counts where it appeared', () => {
    const guard = createTokenGuard(TOKEN);
    assert.equal(guard.mask(`GET /x?access_token=${TOKEN} and ${encodeURIComponent(TOKEN)}`, 'host'), 'GET /x?access_token=*** and ***');
    assert.equal(guard.leaked(), true);
    assert.match(guard.report(), /host: 2/);
  });

  it('passes clean output untouched and reports no leak', () => {
    const guard = createTokenGuard(TOKEN);
    assert.equal(guard.mask('nothing secret here\n', 'ui'), 'nothing secret here\n');
    assert.equal(guard.leaked(), false);
  });

  it('catches a token split across two chunks of a stream', () => {
    const guard = createTokenGuard(TOKEN);
    const written: string[] = [];
    const writer = guard.lines('workbench', (t) => written.push(t));
    writer.push(`line one\ntoken ${TOKEN.slice(0, 5)}`);
    writer.push(`${TOKEN.slice(5)} end\nlast without newline ${TOKEN}`);
    writer.end();
    const all = written.join('');
    assert.equal(all.includes(TOKEN), false, all);
    assert.equal(all, 'line one\ntoken *** end\nlast without newline ***');
    assert.equal(guard.leaked(), true);
  });

  it('hide() masks without counting (for lines already counted)', () => {
    const guard = createTokenGuard(TOKEN);
    assert.equal(guard.hide(`x ${TOKEN}`), 'x ***');
    assert.equal(guard.leaked(), false);
  });

  it('guards every token of the run: the read-only one too', () => {
    const guard = createTokenGuard(TOKEN, 'read-only-token');
    assert.equal(guard.mask(`a ${TOKEN} b read-only-token`, 'host'), 'a *** b ***');
    assert.match(guard.report(), /host: 2/);
  });

  it('without a token it masks nothing and never reports a leak', () => {
    const guard = createTokenGuard(undefined);
    assert.equal(guard.mask('access_token=abc', 'host'), 'access_token=abc');
    assert.equal(guard.leaked(), false);
  });
});
