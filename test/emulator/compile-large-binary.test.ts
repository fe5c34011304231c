// A C++ program whose binary is large (an initialized static array is stored in the file) compiles
// as on a contest judge and is judged at run time by its memory limit: DOMjudge's example problems
// expect such a program (`char a[512 << 20] = {1};`) to get a run-time error under a small limit,
// not a compilation error. Here 80 MiB, past the 64 MiB a run may write, to keep the test cheap.
import * as assert from 'node:assert/strict';
import { detectLanguages } from '../../emulator/languages';
import { json, startTestEmulator, type TestEmulator, streamText, waitUntilDone } from './harness';

const CPP = 1;
const SOURCE = '#include <iostream>\nchar a[80 << 20] = { 1 };\nint main() { a[10] = -1; std::cout << "stored " << int(a[0]) << "\\n"; }\n';

describe('compiling a program with a large binary', function () {
  // Writes an 80 MiB binary twice on a busy 2-core machine.
  this.timeout(180_000);
  let emu: TestEmulator;
  before(async function () {
    if (!detectLanguages().has(CPP)) this.skip();
    emu = await startTestEmulator();
  });
  after(() => emu?.close());

  async function judged(memoryLimit: number) {
    const res = await fetch(emu.url('compilers', '/submissions'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ compilerId: CPP, source: SOURCE, memoryLimit }),
    });
    assert.equal(res.status, 201);
    const { id } = await json(res);
    return waitUntilDone(emu, 'compilers', id, 170);
  }

  it('is compiled, and fails at run time under a memory limit smaller than its data (a run-time error, not a compilation error)', async () => {
    const sub = await judged(32 * 1024);
    assert.equal(sub.result.status.code, 12, `${sub.result.status.name}: ${await streamText(sub, 'cmpinfo')}`);
  });

  it('runs under a limit its data fits in', async () => {
    const sub = await judged(512 * 1024);
    assert.equal(sub.result.status.code, 15, `${sub.result.status.name}: ${await streamText(sub, 'cmpinfo')}`);
    assert.equal(await streamText(sub, 'output'), 'stored 1\n');
  });
});
