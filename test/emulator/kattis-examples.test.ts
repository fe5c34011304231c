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

/** Each example's submissions skipped for their language, and its time limit rule (multiplier, the least limit it can give). */
const EXPECTED: Record<string, { skipped: string[]; multiplier: number; atLeast: number }> = {
  // hello_alarm.c is busy for about 1 s of processor time: × time_multiplier 5, not a flat 1 s.
  hello: { skipped: ['solutions/accepted/hello.kt'], multiplier: 5, atLeast: 3 },
  different: { skipped: ['solutions/accepted/different.hs'], multiplier: 5, atLeast: 1 },
  oddecho: { skipped: [], multiplier: 2, atLeast: 1 },
  guess: { skipped: [], multiplier: 2, atLeast: 1 },
};

describe('Kattis problemtools examples: import, push, check on the emulator', function () {
  // Each example compiles and runs its submissions on the emulator: 15-35 s on a busy 2-core machine.
  this.timeout(180_000);
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
      // The limit Kattis would set from the slowest accepted time measured on the service.
      const slowest = Number(/the slowest accepted solution, \S+, took ([\d.]+) s on a test/.exec(report)?.[1]);
      const limit = Math.max(1, name === 'hello' || name === 'different' ? Math.floor(0.5 + slowest * expected.multiplier) : Math.ceil(slowest * expected.multiplier));
      assert.ok(limit >= expected.atLeast, report);
      const json = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as { tests: Array<{ timeLimit: number }> };
      assert.deepEqual([...new Set(json.tests.map((t) => t.timeLimit))], [limit], report);
      assert.match(report, new RegExp(`^Time limit ${limit} s on every test`, 'm'));
    });
  }
});
