// Compile once (issue 30 part 1): the same sources sent again, through Compilers or Problems, are
// not compiled again in one emulator session; sources sent at once compile once; a compilation that
// fails is never kept; a Problems submission compiles once for all its test cases. The evidence is
// the emulator's own count of compilations really run (GET /__emulator/runner), never a timing.
import * as assert from 'node:assert/strict';
import { json, startTestEmulator, testHook, type TestEmulator, streamText, waitUntilDone } from './harness';

const C = 11;
const ECHO = 2;
const ACCEPTED = 15;
const COMPILATION_ERROR = 11;

const HELLO = '#include <stdio.h>\nint main(void) { puts("hello from C"); return 0; }\n';
const ECHO_C = '#include <stdio.h>\nint main(void) { int c; while ((c = getchar()) != EOF) putchar(c); return 0; }\n';

describe('compile cache: the same sources compile once a session', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  before(async function () {
    emu = await startTestEmulator();
    const compilers = await json(await fetch(emu.url('compilers', '/compilers')));
    if (!compilers.items.some((c: { id: number }) => c.id === C)) this.skip(); // no gcc here
  });
  after(() => emu?.close());

  const counts = async (): Promise<{ compilations: number; hits: number }> => (await json(await testHook(emu, 'GET', 'runner'))).compile;

  async function compilersRun(source: string): Promise<{ status: number; output: string; cmpinfo: string }> {
    const res = await fetch(emu.url('compilers', '/submissions'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ compilerId: C, source }),
    });
    const { id } = await json(res);
    assert.equal(res.status, 201);
    const sub = await waitUntilDone(emu, 'compilers', id);
    return { status: sub.result.status.code, output: await streamText(sub, 'output'), cmpinfo: await streamText(sub, 'cmpinfo') };
  }

  async function problemsRun(source: string): Promise<{ status: number; tests: number }> {
    const res = await fetch(emu.url('problems', '/submissions'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ problemId: ECHO, compilerId: C, source }),
    });
    const { id } = await json(res);
    assert.equal(res.status, 201);
    const sub = await waitUntilDone(emu, 'problems', id);
    return { status: sub.result.status.code, tests: sub.result.testcases.length };
  }

  it('a second identical Compilers submission runs the kept program without compiling', async () => {
    const before = await counts();
    const first = await compilersRun(HELLO);
    const second = await compilersRun(HELLO);
    assert.deepEqual([first.status, first.output], [ACCEPTED, 'hello from C\n']);
    assert.deepEqual([second.status, second.output], [ACCEPTED, 'hello from C\n']);
    const after = await counts();
    assert.equal(after.compilations - before.compilations, 1, 'compiled once');
    assert.equal(after.hits - before.hits, 1, 'the second came from the cache');
  });

  it('identical submissions sent at once compile once; a changed source compiles again', async () => {
    const before = await counts();
    const source = HELLO.replace('hello from C', 'at once');
    const runs = await Promise.all([1, 2, 3, 4].map(() => compilersRun(source)));
    for (const r of runs) assert.deepEqual([r.status, r.output], [ACCEPTED, 'at once\n']);
    const changed = await compilersRun(`${source}/* changed */\n`);
    assert.equal(changed.output, 'at once\n');
    const after = await counts();
    assert.equal(after.compilations - before.compilations, 2, 'one for the four at once, one for the changed source');
    assert.equal(after.hits - before.hits, 3);
  });

  it('a failed compilation is not kept: the same broken source compiles (and fails) again', async () => {
    const before = await counts();
    const broken = 'int main(void) { return missing; }\n';
    const first = await compilersRun(broken);
    const second = await compilersRun(broken);
    assert.equal(first.status, COMPILATION_ERROR);
    assert.equal(second.status, COMPILATION_ERROR);
    assert.match(second.cmpinfo, /missing/);
    const after = await counts();
    assert.equal(after.compilations - before.compilations, 2);
    assert.equal(after.hits - before.hits, 0);
  });

  it('a Problems submission compiles once for all its test cases, and a resubmission not at all', async () => {
    const before = await counts();
    const first = await problemsRun(ECHO_C);
    assert.equal(first.status, ACCEPTED);
    assert.ok(first.tests >= 2, `ECHO has ${first.tests} test cases`);
    const middle = await counts();
    assert.equal(middle.compilations - before.compilations, 1, 'one compilation for every test case');
    const again = await problemsRun(ECHO_C);
    assert.equal(again.status, ACCEPTED);
    const after = await counts();
    assert.equal(after.compilations - middle.compilations, 0, 'the resubmission was not compiled');
    assert.equal(after.hits - middle.hits, 1);
  });
});
