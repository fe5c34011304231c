// The four example packages of Kattis problemtools (test/fixtures/kattis/problemtools: hello,
// different, oddecho, guess; see its README) go through what an author does — import-kattis,
// push to a fresh emulator, check — and every reference submission gets its expected verdict,
// which is what problemtools' verifyproblem asserts. On the way: the time limit derived from the
// accepted submissions as Kattis derives it (hello_alarm.c is busy for 1 s), a run-time error
// that is an out-of-memory stop, a scoring problem's partial score, an interactive problem whose
// interactor talks to the submissions, and languages the endpoint does not offer skipped by name.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runProblemsCli } from '../../src/cli/problems';
import { useScratch } from '../scratch';
import { startTestEmulator, TOKEN, type TestEmulator } from './harness';

const EXAMPLES = path.resolve(__dirname, '../../../test/fixtures/kattis/problemtools');

/** Each example's submissions, by what check must say of them. */
const EXPECTED: Record<string, { skipped: string[]; limit: number }> = {
  // Busy for 1 s × time_multiplier 5.
  hello: { skipped: ['solutions/accepted/hello.kt'], limit: 5 },
  different: { skipped: ['solutions/accepted/different.hs'], limit: 1 },
  oddecho: { skipped: [], limit: 1 },
  guess: { skipped: [], limit: 1 },
};

describe('Kattis problemtools examples: import, push, check on the emulator', function () {
  this.timeout(120_000);
  const scratch = useScratch();
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu?.close());

  for (const name of Object.keys(EXPECTED)) {
    it(`${name}: every reference submission gets its expected verdict`, async () => {
      const dir = path.join(scratch(`kattis-${name}-`), name);
      const out: string[] = [];
      const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l), env: { SPHERE_ENGINE_PROBLEMS_TOKEN: TOKEN, SPHERE_ENGINE_PROBLEMS_ENDPOINT: emu.endpoints.problems } };
      assert.equal(await runProblemsCli(['import-kattis', path.join(EXAMPLES, name), dir], io), 0, out.join('\n'));
      assert.equal(await runProblemsCli(['push', dir], io), 0, out.join('\n'));
      out.length = 0;
      const code = await runProblemsCli(['check', dir], io);
      const report = out.join('\n');
      assert.equal(code, 0, report);
      const solutions = fs.readdirSync(path.join(dir, 'solutions'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
      const expected = EXPECTED[name];
      const skipped = out.filter((l) => l.startsWith('SKIP')).map((l) => l.slice(6).split(':')[0]);
      assert.deepEqual(skipped, expected.skipped, report);
      assert.equal(out.filter((l) => l.startsWith('ok    ')).length, solutions - skipped.length, report);
      const json = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as { tests: Array<{ timeLimit: number }> };
      assert.deepEqual([...new Set(json.tests.map((t) => t.timeLimit))], [expected.limit], report);
      assert.match(report, new RegExp(`^Time limit ${expected.limit} s on every test: the slowest accepted solution`, 'm'));
    });
  }
});
