// The four example packages of Kattis problemtools (hello, different, oddecho, guess) go through
// what an author does — import-kattis, push to the emulator, check — and every reference
// submission gets its expected verdict, which is what problemtools' verifyproblem asserts. On the
// way: the time limit derived from the accepted submissions as Kattis derives it (hello_alarm.c is
// busy for 1 s), a run-time error that is an out-of-memory stop, a scoring problem's partial score,
// an interactive problem whose interactor talks to the submissions (also a submission that crashes
// or hangs after the interactor accepted), 2023-07 submissions.yaml expectations (checked per test,
// and written back by export), and languages the endpoint does not offer skipped by name.
//
// By default the packages are test/fixtures/kattis/problemtools (written for these tests after the
// real ones: see its README). KATTIS_EXAMPLES_DIR=<a copy of problemtools' examples/> runs the real
// packages instead, with the assertions that hold for any package: every submission the import
// takes gets its expected verdict, and only what problemtools does not check either is skipped.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runProblemsCli } from '../../src/cli/problems';
import { useScratch } from '../scratch';
import { startTestEmulator, TOKEN, type TestEmulator } from './harness';

const REAL = process.env.KATTIS_EXAMPLES_DIR;
const EXAMPLES = REAL ? path.resolve(REAL) : path.resolve(__dirname, '../../../test/fixtures/kattis/problemtools');

/** For our fixtures: what the import skips, what check skips for its language, and the time limit rule (multiplier, the least limit it can give). */
const EXPECTED: Record<string, { notImported: string[]; ignored?: string[]; skipped: string[]; multiplier: number; atLeast: number }> = {
  // hello_alarm.c is busy for about 1 s of processor time: × time_multiplier 5, not a flat 1 s.
  hello: { notImported: [], skipped: ['solutions/accepted/hello.kt'], multiplier: 5, atLeast: 3 },
  // slow_accepted/ is not a folder problemtools checks: ignored, as harmless as there (exit code 0).
  different: { notImported: [], ignored: ['submissions/slow_accepted/different_slow.py'], skipped: ['solutions/accepted/different.hs'], multiplier: 5, atLeast: 1 },
  oddecho: { notImported: [], skipped: [], multiplier: 2, atLeast: 1 },
  guess: { notImported: [], skipped: [], multiplier: 2, atLeast: 1 },
};

describe('Kattis problemtools examples: import, push, check on the emulator', function () {
  // Each example compiles and runs its submissions on the emulator: 15-45 s on a busy 2-core machine.
  this.timeout(240_000);
  const scratch = useScratch();
  let emu: TestEmulator;
  const imported = new Map<string, string>();
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu?.close());

  const io = (out: string[]) => ({
    out: (l: string) => out.push(l),
    err: (l: string) => out.push(l),
    env: { SPHERE_ENGINE_PROBLEMS_TOKEN: TOKEN, SPHERE_ENGINE_PROBLEMS_ENDPOINT: emu.endpoints.problems },
  });

  for (const name of Object.keys(EXPECTED).filter((n) => !REAL || fs.existsSync(path.join(EXAMPLES, n, 'problem.yaml')))) {
    it(`${name}: every reference submission gets its expected verdict`, async () => {
      const dir = path.join(scratch(`kattis-${name}-`), name);
      const out: string[] = [];
      const code = await runProblemsCli(['import-kattis', path.join(EXAMPLES, name), dir], io(out));
      const notImported = out.filter((l) => l.startsWith('not imported: ')).map((l) => l.slice(14).split(':')[0]);
      if (REAL) {
        // Only submissions in folders problemtools does not check either (slow_accepted/, …).
        assert.ok(
          out
            .filter((l) => l.startsWith('ignored: '))
            .every((l) => /is not a submissions folder problemtools checks|not part of|placeholder|notes for people|Kattis judges only|switched off|not a test file/.test(l)),
          out.join('\n'),
        );
      } else {
        assert.deepEqual(notImported, EXPECTED[name].notImported, out.join('\n'));
        assert.deepEqual(
          out.filter((l) => l.startsWith('ignored: ')).map((l) => l.slice(9).split(':')[0]),
          EXPECTED[name].ignored ?? [],
          out.join('\n'),
        );
      }
      assert.equal(code, notImported.length ? 2 : 0, out.join('\n'));
      imported.set(name, dir);
      assert.equal(await runProblemsCli(['push', dir], io(out)), 0, out.join('\n'));
      out.length = 0;
      const checked = await runProblemsCli(['check', dir], io(out));
      const report = out.join('\n');
      assert.equal(checked, 0, report);
      const solutions = fs.readdirSync(path.join(dir, 'solutions'), { withFileTypes: true }).flatMap((v) => fs.readdirSync(path.join(dir, 'solutions', v.name))).length;
      const skipped = out.filter((l) => l.startsWith('SKIP')).map((l) => l.slice(6).split(':')[0]);
      assert.equal(out.filter((l) => l.startsWith('ok    ')).length, solutions - skipped.length, report);
      assert.ok(
        out.filter((l) => l.startsWith('SKIP')).every((l) => /the endpoint offers no compiler for/.test(l)),
        report,
      );
      if (REAL) return;
      const expected = EXPECTED[name];
      assert.deepEqual(skipped, expected.skipped, report);
      // The limit Kattis would set from the slowest accepted time measured on the service.
      const slowest = Number(/the slowest accepted solution, \S+, took ([\d.]+) s on a test/.exec(report)?.[1]);
      const limit = Math.max(1, name === 'hello' || name === 'different' ? Math.floor(0.5 + slowest * expected.multiplier) : Math.ceil(slowest * expected.multiplier));
      assert.ok(limit >= expected.atLeast, report);
      const json = JSON.parse(fs.readFileSync(path.join(dir, 'problem.json'), 'utf8')) as { tests: Array<{ timeLimit: number }> };
      assert.deepEqual([...new Set(json.tests.map((t) => t.timeLimit))], [limit], report);
      assert.match(report, new RegExp(`^Time limit ${limit} s on every test`, 'm'));
      if (name === 'oddecho') {
        // submissions.yaml: the expected score 50 and the per-group rules, checked per test; the
        // rejected/ folder, and a folder only a glob names (mixed/ → wrong_answer, not timed).
        assert.match(report, /^ok {4}solutions\/partially_accepted\/five\.py: accepted \(15\), score 50$/m);
        assert.match(report, /^ok {4}solutions\/rejected\/every_word\.py: wrong answer \(14\)$/m);
        assert.match(report, /^ok {4}solutions\/wrong_answer\/first_only\.py: wrong answer \(14\)$/m);
        assert.match(report, /the slowest accepted solution, solutions\/accepted\/echo\.(py|cpp),/);
      }
      if (name === 'guess') {
        assert.match(report, /^ok {4}solutions\/runtime_error\/guess_rte_after_correct\.c: runtime error \(12\)$/m);
        assert.match(report, /^ok {4}solutions\/time_limit_exceeded\/guess_tle_after_correct\.c: time limit exceeded \(13\)$/m);
      }
    });
  }

  it('oddecho: export writes submissions.yaml back, and importing the export gives the same expectations', async function () {
    const dir = imported.get('oddecho');
    if (!dir) this.skip();
    const pkg = path.join(scratch('kattis-oddecho-export-'), 'pkg');
    const out: string[] = [];
    assert.equal(await runProblemsCli(['export-kattis', dir!, pkg], io(out)), 0, out.join('\n'));
    assert.ok(fs.existsSync(path.join(pkg, 'submissions/mixed/first_only.py')), 'back in the folder the package had it in');
    assert.ok(fs.existsSync(path.join(pkg, 'submissions/rejected/every_word.py')));
    const again = path.join(scratch('kattis-oddecho-again-'), 'again');
    assert.equal(await runProblemsCli(['import-kattis', pkg, again], io(out)), 0, out.join('\n'));
    // The same expectations for the same solutions (the exported test files have other names).
    const expectations = (d: string) => {
      const { submissions, testPaths } = JSON.parse(fs.readFileSync(path.join(d, 'kattis.json'), 'utf8')) as {
        submissions: { yaml: unknown; bySolution: unknown; fullScore: number };
        testPaths: string[];
      };
      const { yaml, bySolution, fullScore } = submissions;
      return { yaml, bySolution, fullScore, groups: testPaths.map((t) => t.split('/').slice(0, -1).join('/')) };
    };
    assert.deepEqual(expectations(again), expectations(dir!));
  });
});
