// The stress test on the real emulator (over HTTP, no mock). A program in a language the endpoint
// lacks ends the session with what to do. The checker, on the Problems API: a custom
// judge accepts any index of a largest number, so a solution that answers differently from the
// reference passes; a wrong answer, a time-out, a crash and a compile error come back as such; a
// checker that does not compile is the checker's failure, in the service's words; and every
// scratch problem is gone afterwards.
import * as assert from 'node:assert/strict';
import { CompilersClient, ProblemsClient } from '../../../src/api';
import { compareOutputs } from '../../../src/core/compilers';
import { runStressSession, StressCheckerError } from '../../../src/core/stress';
import { CompilersStressRunner, ProblemsChecker } from '../../../src/core/stress';
import { startTestEmulator, TOKEN, type TestEmulator } from '../../emulator/harness';

const PYTHON = 116;
/** Compiled (Python reports a syntax error only by running, with exit 1: a "wrong answer" as a checker). */
const C = 11;
/** fd 0: the round's input ("n" then n numbers); fd 3: the solution's output. */
const CHECKER = `import os, sys
xs = os.fdopen(0).read().split()[1:]
out = os.fdopen(3).read().split()
ok = len(out) == 1 and out[0].isdigit() and int(out[0]) < len(xs) and int(xs[int(out[0])]) == max(map(int, xs))
sys.exit(0 if ok else 1)
`;
const LAST_MAX = 'input()\nxs = list(map(int, input().split()))\nprint(len(xs) - 1 - xs[::-1].index(max(xs)))\n';
const round = (xs: number[]) => ({ input: `${xs.length}\n${xs.join(' ')}\n`, expected: `${xs.indexOf(Math.max(...xs))}\n` });

describe('stress test on the emulator', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let problems: ProblemsClient;
  let compilers: CompilersClient;

  before(async () => {
    emu = await startTestEmulator();
    problems = new ProblemsClient({ endpoint: emu.endpoints.problems, token: TOKEN });
    compilers = new CompilersClient({ endpoint: emu.endpoints.compilers, token: TOKEN });
  });
  after(async () => {
    await Promise.all([problems?.close(), compilers?.close()]);
    await emu?.close();
  });

  it("a reference in a language the endpoint lacks ends the session with the service's reason and what to do", async () => {
    const offered = (await compilers.listCompilers()).items.map((c) => c.id);
    const lacking = Math.max(...offered) + 1000;
    const python = (source: string) => ({ source, compilerId: PYTHON });
    const programs = { generator: python('print(1)\nprint(5)\n'), solution: python('print(5)\n'), reference: { source: 'whatever', compilerId: lacking } };
    const runner = new CompilersStressRunner(compilers, { programs, intervalMs: 100 });
    const result = await runStressSession({ runner, compare: compareOutputs, maxRounds: 3, batchSize: 3 });
    assert.equal(result.outcome.kind, 'error');
    assert.ok('message' in result.outcome);
    assert.match(result.outcome.message, /^The stress test stopped: the reference could not be run\. .*compiler .*does not exist.*Pick a language/);
    assert.equal(result.rounds, 0);
  });

  const checker = (solution: string | { source: string; compilerId: number }, checkerProgram = { source: CHECKER, compilerId: PYTHON }) =>
    new ProblemsChecker(problems, {
      checker: { ...checkerProgram, name: checkerProgram.compilerId === C ? 'checker.c' : 'checker.py' },
      solution: typeof solution === 'string' ? { source: solution, compilerId: PYTHON } : solution,
      timeLimit: 1,
      intervalMs: 100,
      roundsPerSubmission: 2,
    });
  const scratchLeft = async () => (await problems.listProblems({ limit: 100 })).items.filter((p) => /^Stress test of/.test(p.name)).length;

  it('judges each round by the checker: another right answer passes, a wrong one does not; the scratch problem is deleted', async () => {
    const judged = await checker(`${LAST_MAX}`).judge([round([3, 9, 9]), round([9, 1, 9, 9]), round([1, 2])]);
    assert.deepEqual(
      judged.runs.map((r) => [r.kind, r.verdict, r.outputUnread]),
      [
        ['ok', 'accepted', true],
        ['ok', 'accepted', true],
        ['ok', 'accepted', true],
      ],
    );
    assert.equal(judged.submissions, 2, 'three rounds, two a submission');
    const wrong = await checker('input()\nprint(0)\n').judge([round([9, 1]), round([1, 9])]);
    assert.deepEqual(
      wrong.runs.map((r) => [r.kind, r.verdict, r.statusName]),
      [
        ['ok', 'accepted', 'accepted'],
        ['ok', 'wrong-answer', 'wrong answer'],
      ],
    );
    assert.equal(await scratchLeft(), 0);
  });

  it("a time-out, a crash and a compile error of the solution are the solution's", async () => {
    const slowOnBig = 'n = int(input())\nwhile n > 2: pass\nprint(0)\n';
    const runs = (await checker(slowOnBig).judge([round([5, 1]), round([5, 1, 1])])).runs;
    assert.deepEqual(
      runs.map((r) => r.kind),
      ['ok', 'timeout'],
    );
    const crash = (await checker('raise SystemExit(1 // 0)\n').judge([round([1])])).runs[0];
    assert.deepEqual([crash.kind, crash.statusName], ['crash', 'runtime error']);
    const broken = (await checker({ source: 'int main( {', compilerId: C }).judge([round([1])])).runs[0];
    assert.equal(broken.kind, 'compile-error');
    assert.match(broken.cmpinfo ?? '', /error/);
  });

  it("a checker that does not compile fails the judging with the service's words, and leaves nothing behind", async () => {
    await assert.rejects(checker(LAST_MAX, { source: 'int main( {', compilerId: C }).judge([round([1, 2])]), (err: unknown) => {
      assert.ok(err instanceof StressCheckerError, String(err));
      assert.match(err.message, /^The checker checker\.c could not judge \(.*: test \d+: judge \d+ does not compile: .*error/);
      return true;
    });
    assert.equal(await scratchLeft(), 0);
  });
});
