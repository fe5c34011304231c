// How the problems module runs judges beside a submission (issue 37): an interactor that closes
// the program's input gives the program end of file at once, judges (test case judges,
// interactors, master judges) run with limits of their own, not the submission's, and which side
// of an interactive run ended first is decided by when each ended, not by when its result reached
// the emulator (the /__emulator/interactive-delivery hook makes the two orders differ).
import * as assert from 'node:assert/strict';
import { pythonJudgeSource } from '../../src/core/kattis/validator-python';
import { cppJudgeSource } from '../../src/core/kattis/validator-cpp';
import { json, startTestEmulator, type TestEmulator, waitUntilDone } from './harness';
import { cSupervisorReady, findPython, overrideCSupervisorForTests, overridePythonForTests } from '../../emulator/runner';

const PY = 116;
const C = 11;
const CPP = 1;

/** Interactor: sends n numbers, closes the program's input, then reads the program's answer to its end. */
const CLOSING_INTERACTOR = [
  'import os, sys',
  'n = int(sys.stdin.read().split()[0])',
  'to_program = os.fdopen(8, "w")',
  'to_program.write("".join("%d\\n" % i for i in range(n)))',
  'to_program.close()',
  'answer = os.fdopen(3).read().split()',
  'os.write(6, ("answer %r\\n" % (answer,)).encode())',
  'sys.exit(0 if answer == [str(n * (n - 1) // 2)] else 1)',
].join('\n');

/** The same interactor as Kattis runs it (input file in argv[1], 42 accepts), through the Python adapter. */
const KATTIS_PY_INTERACTOR = [
  'import os, sys',
  'n = int(open(sys.argv[1]).read().split()[0])',
  'sys.stdout.write("".join("%d\\n" % i for i in range(n)))',
  'sys.stdout.flush()',
  // sys.stdout.close() would leave fd 1 open (Python made it with closefd=False).
  'os.close(1)',
  'answer = sys.stdin.read().split()',
  'sys.exit(42 if answer == [str(n * (n - 1) // 2)] else 43)',
].join('\n');

/** Reads its input to the end, then answers. */
const SUM_TO_EOF = 'import sys\nprint(sum(int(x) for x in sys.stdin.read().split()))\n';

/**
 * Interactor: rejects the program's first line at once (wrong answer), without waiting for its end,
 * and notes when it decided where the emulator tells it to (SE_EMULATOR_VERDICT_FD, as the Kattis
 * adapter does): its own end as its supervisor sees it may come late on a loaded machine.
 */
const REJECT_FIRST_LINE = [
  'import os, sys, time',
  'os.fdopen(3).readline()',
  'os.write(int(os.environ["SE_EMULATOR_VERDICT_FD"]), b"%.6f\\n" % time.monotonic())',
  'sys.exit(1)',
].join('\n');

/** The same without a word on when it decided: its end is what its supervisor saw. */
const REJECT_FIRST_LINE_SILENTLY = 'import os, sys\nos.fdopen(3).readline()\nsys.exit(1)\n';

/** Interactor: reads the program's output to its end, then rejects it, saying it decided at `said` (not a time within the run). */
const rejectAtEndSaying = (said: string) => `import os, sys\nos.fdopen(3).read()\nos.write(int(os.environ["SE_EMULATOR_VERDICT_FD"]), b"${said}\\n")\nsys.exit(1)\n`;

/**
 * Prints a line, reads its input to the end (the interactor's exit), then dies of SIGPIPE: it ends
 * after the interactor, and its input had ended when it did.
 */
const DIE_AFTER_INTERACTOR = [
  'import os, signal, sys',
  'print("1", flush=True)',
  'sys.stdin.read()',
  // Python ignores SIGPIPE from its start: the default action (death) first.
  'signal.signal(signal.SIGPIPE, signal.SIG_DFL)',
  'os.kill(os.getpid(), signal.SIGPIPE)',
].join('\n');

/** A Kattis interactor that rejects the program's first line (43), as problemtools' guess rejects a guess out of range. */
const KATTIS_REJECT_PY = 'import sys\nsys.stdin.readline()\nsys.exit(43)\n';
const KATTIS_REJECT_CPP = '#include <cstdio>\nint kattis_validator_main() { char line[64]; if (!std::fgets(line, sizeof line, stdin)) return 43; return 43; }\n';

/** Prints a guess, then dies (SIGABRT) the moment its input ends: within microseconds of the interactor's end. */
const C_CRASH_ON_EOF = '#include <stdio.h>\n#include <stdlib.h>\nint main(void) { int x; printf("1\\n"); fflush(stdout); if (scanf("%d", &x) != 1) abort(); return 0; }\n';

/** Interactor: reads the program's output to its end (which comes only once the program's run is over), then rejects it. */
const REJECT_AT_END = 'import os, sys\nos.fdopen(3).read()\nsys.exit(1)\n';

describe('judges beside a submission', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  before(async () => {
    emu = await startTestEmulator();
  });
  after(() => emu?.close());

  const send = async (method: string, p: string, body: Record<string, unknown>) => {
    const res = await fetch(emu.url('problems', p), { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const parsed = await json(res);
    assert.ok(res.status < 300, `${method} ${p}: ${res.status} ${JSON.stringify(parsed)}`);
    return parsed;
  };
  const finished = (id: number) => waitUntilDone(emu, 'problems', id);
  /** A problem with one test judged by a custom judge of `source`; returns its id. */
  async function problemWith(opts: { judge: string; interactive: boolean; input: string; output?: string; timeLimit?: number; masterjudgeId?: number }) {
    const judge = await send('POST', '/judges', { name: 'judge', source: opts.judge, compilerId: PY, typeId: 0 });
    const problem = await send('POST', '/problems', { name: 'p', masterjudgeId: opts.masterjudgeId ?? 1000, interactive: opts.interactive });
    await send('POST', `/problems/${problem.id}/testcases`, { input: opts.input, output: opts.output ?? '', timeLimit: opts.timeLimit ?? 3, judgeId: judge.id });
    return problem.id as number;
  }
  const streamText = async (sub: any, name: string) => (sub.result.streams[name] ? (await fetch(sub.result.streams[name].uri)).text() : '');
  async function judge(problemId: number, source: string, extra: Record<string, unknown> = {}) {
    const { id } = await send('POST', '/submissions', { problemId, compilerId: PY, source, ...extra });
    return finished(id);
  }

  it('interactive: the program reads end of file as soon as the interactor closes its input', async () => {
    const problemId = await problemWith({ judge: CLOSING_INTERACTOR, interactive: true, input: '1000\n', timeLimit: 3 });
    const sub = await judge(problemId, SUM_TO_EOF);
    const test = sub.result.testcases[0];
    assert.equal(test.status.code, 15, `${await streamText(sub, 'debug')}\n${await streamText(sub, 'error')}`);
    // Waiting for end of file until the time limit would be a time limit exceeded (13).
    assert.ok(test.time < 3, `time ${test.time}`);
  });

  it("interactive through the Kattis Python adapter: the validator closing its stdout ends the program's input", async () => {
    const judgeSource = pythonJudgeSource({ marker: '# test', files: [{ rel: 'v.py', text: KATTIS_PY_INTERACTOR }], main: 'v.py', flags: [], interactive: true });
    const problemId = await problemWith({ judge: judgeSource, interactive: true, input: '1000\n', timeLimit: 3 });
    const sub = await judge(problemId, SUM_TO_EOF);
    assert.equal(sub.result.testcases[0].status.code, 15, await streamText(sub, 'debug'));
  });

  it('a test case judge stopped by its own memory limit is a judge error that names that limit', async () => {
    // 1.2 GiB touched: over the judges' own limit (1 GiB), whatever the submission's is.
    const judgeSource = 'import sys\nb = b"x" * (1200 << 20)\nsys.exit(0)\n';
    const problemId = await problemWith({ judge: judgeSource, interactive: false, input: '1\n', output: '1\n' });
    const sub = await judge(problemId, 'print(1)\n');
    assert.equal(sub.result.testcases[0].status.code, 21, JSON.stringify(sub.result));
    assert.match(await streamText(sub, 'debug'), /judge \d+ was stopped by its own memory limit \(1024 MiB; the submission's limit does not apply to it\)/);
  });

  it('an interactor may use more memory than the submission may', async () => {
    const interactor = CLOSING_INTERACTOR.replace('import os, sys', 'import os, sys\nballast = b"x" * (640 << 20)');
    const problemId = await problemWith({ judge: interactor, interactive: true, input: '10\n', timeLimit: 3 });
    const sub = await judge(problemId, SUM_TO_EOF);
    assert.equal(sub.result.testcases[0].status.code, 15, await streamText(sub, 'debug'));
  });

  /** The test control: which side's result reaches the verdict last (null: as they come). */
  const setDelivery = (body: unknown) =>
    fetch(emu.url('problems', '/__emulator/interactive-delivery'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const deliverLast = async (last: 'program' | 'judge' | null) => {
    const res = await setDelivery({ last });
    assert.equal(res.status, 200, await res.text());
  };
  afterEach(async () => {
    const res = await setDelivery({ last: null, programAfterJudge: false });
    assert.equal(res.status, 200, await res.text());
  });

  it('an interactor that wrote everything and ended before the program opened its input still gives the program that input and its end', async () => {
    // The program starts only once the judge's run is over (test control): without a writer left,
    // the program's open of its input used to wait until its time ran out (13).
    const res = await setDelivery({ programAfterJudge: true });
    assert.equal(res.status, 200, await res.text());
    const problemId = await problemWith({ judge: 'import os\nos.write(8, b"2 3\\n")\nos.close(8)\n', interactive: true, input: '1\n', timeLimit: 3 });
    // What it read goes to its stderr too: its output goes to the judge, which is gone.
    const sub = await judge(problemId, 'import sys\ns = sum(int(x) for x in sys.stdin.read().split())\nprint(s)\nprint(s, file=sys.stderr)\n');
    const test = sub.result.testcases[0];
    assert.equal(test.status.code, 15, `${JSON.stringify(test)}\n${await streamText(sub, 'debug')}`);
    assert.equal(await streamText(sub, 'error'), '5\n');
  });

  // The order is decided the same way whichever watches the runs (the runner's parity).
  for (const monitor of ['C supervisor', 'python3 supervisor', 'node fallback'] as const) {
    describe(`which side ended first (${monitor})`, () => {
      before(async function () {
        if (monitor === 'python3 supervisor' && !findPython()) this.skip();
        if (monitor === 'C supervisor' && !(await cSupervisorReady())) this.skip();
        overridePythonForTests(monitor === 'node fallback' ? null : findPython());
        overrideCSupervisorForTests(monitor === 'C supervisor' ? undefined : null);
      });
      after(() => {
        overridePythonForTests(undefined);
        overrideCSupervisorForTests(undefined);
      });

      for (const last of [null, 'program'] as const) {
        it(`an interactor that dies only after the program crashed gives the program its runtime error, not a judge error (results delivered ${last ? `${last} last` : 'as they come'})`, async () => {
          await deliverLast(last);
          // It aborts (SIGABRT) when the program's output ends before the answer.
          const interactor = CLOSING_INTERACTOR.replace('answer = os.fdopen(3).read().split()', 'answer = os.fdopen(3).read().split()\nif not answer: os.abort()');
          const problemId = await problemWith({ judge: interactor, interactive: true, input: '10\n', timeLimit: 3 });
          const sub = await judge(problemId, 'import sys\nsys.stdin.readline()\nsys.exit(3)\n');
          assert.equal(sub.result.testcases[0].status.code, 12, await streamText(sub, 'debug'));
        });
      }

      it("a program that crashed before the interactor rejected it is a runtime error, even when the interactor's result arrives first", async () => {
        await deliverLast('program');
        const problemId = await problemWith({ judge: REJECT_AT_END, interactive: true, input: '1\n', timeLimit: 3 });
        const sub = await judge(problemId, 'import sys\nsys.exit(3)\n');
        assert.equal(sub.result.testcases[0].status.code, 12, `${JSON.stringify(sub.result.testcases[0])}\n${await streamText(sub, 'debug')}`);
      });

      for (const [says, interactor] of [
        ['saying when it decided', REJECT_FIRST_LINE],
        ['saying nothing of when', REJECT_FIRST_LINE_SILENTLY],
      ] as const) {
        it(`an interactor that rejected first (${says}) gives wrong answer, though the program then died of SIGPIPE and its result arrived first`, async () => {
          await deliverLast('judge');
          const problemId = await problemWith({ judge: interactor, interactive: true, input: '1\n', timeLimit: 3 });
          const sub = await judge(problemId, DIE_AFTER_INTERACTOR);
          const test = sub.result.testcases[0];
          assert.equal(test.status.code, 14, `${JSON.stringify(test)}\n${await streamText(sub, 'debug')}\n${await streamText(sub, 'error')}`);
          // The program did die of SIGPIPE: only the order made it a wrong answer.
          assert.equal(test.signal, 13, JSON.stringify(test));
        });
      }

      for (const adapter of ['Python', 'C++'] as const) {
        it(`a program that dies of its closed input the moment the Kattis validator rejected it is a wrong answer, as on Kattis (${adapter} adapter)`, async () => {
          // The adapter ends a moment after its validator (feedback files, clean-up): the program's
          // end lies in that moment, and the validator's end (the verdict) comes first.
          const source =
            adapter === 'Python'
              ? pythonJudgeSource({ marker: '# test', files: [{ rel: 'v.py', text: KATTIS_REJECT_PY }], main: 'v.py', flags: [], interactive: true })
              : cppJudgeSource({ marker: '// test', code: KATTIS_REJECT_CPP, flags: [], interactive: true });
          const judgeRecord = await send('POST', '/judges', { name: 'judge', source, compilerId: adapter === 'Python' ? PY : CPP, typeId: 0 });
          const problem = await send('POST', '/problems', { name: 'p', masterjudgeId: 1000, interactive: true });
          await send('POST', `/problems/${problem.id}/testcases`, { input: '1\n', output: '', timeLimit: 3, judgeId: judgeRecord.id });
          for (let i = 0; i < 3; i++) {
            const { id } = await send('POST', '/submissions', { problemId: problem.id, compilerId: C, source: C_CRASH_ON_EOF });
            const sub = await finished(id);
            const test = sub.result.testcases[0];
            assert.ok(test, `run ${i + 1}: ${JSON.stringify(sub.result)}\n${await streamText(sub, 'debug')}\n${await streamText(sub, 'cmpinfo')}`);
            assert.equal(test.status.code, 14, `run ${i + 1}: ${JSON.stringify(test)}`);
            assert.equal(test.signal, 6, 'the program did die (SIGABRT)');
          }
        });
      }
    });
  }

  for (const said of ['0.5', '1e12', 'soon']) {
    it(`an interactor's own word on when it decided counts only within the run (${said})`, async () => {
      await deliverLast('program');
      const problemId = await problemWith({ judge: rejectAtEndSaying(said), interactive: true, input: '1\n', timeLimit: 3 });
      const sub = await judge(problemId, 'import sys\nsys.exit(3)\n');
      assert.equal(sub.result.testcases[0].status.code, 12, `${JSON.stringify(sub.result.testcases[0])}\n${await streamText(sub, 'debug')}`);
    });
  }

  it('refuses a malformed interactive-delivery control and keeps the order as it was', async () => {
    await deliverLast('judge');
    const res = await setDelivery({ last: 'both' });
    assert.equal(res.status, 400);
    assert.match((await json(res)).message, /expected \{"last": "program", "judge" or null, "programAfterJudge": true or false\}, either or both/);
    for (const bad of [{}, { programAfterJudge: 'yes' }, { last: 'judge', programAfterJudge: 1 }]) assert.equal((await setDelivery(bad)).status, 400, JSON.stringify(bad));
    assert.deepEqual(await json(await fetch(emu.url('problems', '/__emulator/interactive-delivery'))), { last: 'judge', programAfterJudge: false });
  });
});
