// An imported Kattis package's short name (its folder name) becomes the problem's code on the
// service when push creates the problem and the code is free; when it is taken, the service picks
// one and push says so. Through what an author runs: import-kattis, push, on the emulator.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runProblemsCli } from '../../src/cli/problems';
import { useScratch } from '../scratch';
import { startTestEmulator, TOKEN, type TestEmulator } from './harness';

const PKG = path.resolve(__dirname, '../../../test/fixtures/kattis/constants');

describe('Kattis import: the package short name as the problem code', function () {
  this.timeout(120_000);
  const scratch = useScratch();
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu?.close());

  const run = async (argv: string[]) => {
    const out: string[] = [];
    const env = { SPHERE_ENGINE_PROBLEMS_TOKEN: TOKEN, SPHERE_ENGINE_PROBLEMS_ENDPOINT: emu.endpoints.problems };
    const code = await runProblemsCli(argv, { out: (l) => out.push(l), err: (l) => out.push(l), env });
    return { code, out, text: out.join('\n') };
  };
  const codeOnService = async (dir: string) => {
    const { link } = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as { link: { problemId: number } };
    const res = await fetch(emu.url('problems', `/problems/${link.problemId}`));
    assert.equal(res.status, 200);
    return ((await res.json()) as { code: string }).code;
  };

  it('is asked for on the first push; taken, the service picks one and push says so', async () => {
    const first = path.join(scratch('kattis-code-'), 'triple');
    const imported = await run(['import-kattis', PKG, first]);
    assert.equal(imported.code, 0, imported.text);
    assert.match(imported.text, /code on the service will be CONSTANTS \(the package's short name\)/);
    const pushed = await run(['push', first]);
    assert.equal(pushed.code, 0, pushed.text);
    assert.match(pushed.text, /^code: the problem has the code CONSTANTS/m);
    assert.equal(await codeOnService(first), 'CONSTANTS');

    const second = path.join(scratch('kattis-code-'), 'triple');
    await run(['import-kattis', PKG, second]);
    const again = await run(['push', second]);
    assert.equal(again.code, 0, again.text);
    assert.match(again.text, /^code: the code CONSTANTS \(the package's short name\) was not free on the service \(.*taken.*\): the service picked the code$/m);
    assert.notEqual(await codeOnService(second), 'CONSTANTS');
  });
});
