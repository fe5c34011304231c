// Interactive problems (problems-api-v4.md `interactive`; service-notes §3.4): the test case judge
// runs beside the program and talks to it. The judge reads the test input on fd 0, the reference
// output on fd 4, what the program prints on fd 3 as it is printed, and writes the program's input
// on fd 8; its exit code is the verdict (0 accepted, 1 wrong answer, anything else judge error),
// its fd 1 the score, fd 6 the debug notes. The two ends are named pipes in the run's work folder.
//
// From the program to the judge: the runner opens the pipe by path as the program's stdout, and
// the judge opens it onto its fd 3 itself (below). A reader held here while the program runs
// means it never dies of SIGPIPE for writing after the judge ended; a writer held here until the
// program's result is in means the judge sees the end of its fd 3 exactly then, never before.
// From the judge to the program: the program must read end of file as soon as the judge closes
// fd 8, as under Kattis, so nobody but the judge may hold that pipe's write end once both sides
// have opened it (./input-hold.ts holds it until then, so that neither side's start waits on the
// other's). The runner keeps the descriptors it opens until the run ends, so each side opens its
// pipes itself, inside its sandbox: a small `sh` wrapper (the run's `prefix`) opens them onto fd 8
// and fd 3 (judge) or fd 0 (program) and exec's the real command. Each side sees a pipe as a hard
// link in its own run directory (the only folder its sandbox shows of ours): a side that replaces
// its link only cuts its own line. A read-only holder here lets the judge's open of fd 8 return at
// once, before the program opened its end.
// The verdict, as Kattis decides it (problemtools' interactive runner): a run that ended badly
// (time, memory, crash) gives its own status, except that a judge that ended first and rejected
// the answer gives wrong answer (the program may have waited or crashed because the judge stopped
// talking); a judge that died without a verdict after the program had failed leaves the program's
// status. "First" never depends on the order in which the two results reach Node (a report waits
// for its sandbox to close, the event loop, the run directory's clean-up: on a busy machine the
// later end may arrive first). The judge came first when:
// - it ended before the program did, each end on the host's monotonic clock (RunResult.endedAt, as
//   each side's supervisor saw it), the judge's taken as the time it says it decided if it does
//   (./verdict-time.ts: the Kattis adapter notes when its validator ended, since the adapter itself
//   ends a moment later and a program may die of its closed input in that moment); or
// - the program's input had lost its last writer when the program ended (the judge had closed
//   it: the program may have died of that) and the judge had stopped reading the program's output
//   when the program's result came in (no reader left on that pipe but the judge's fd 3, and ours
//   is closed first): it did not wait for the program's end. Both are read from the pipes, not
//   from clocks, so no load changes them.
// A judge that reads the program's end (fd 3 at end of file) ends after the program by
// construction: that end of file comes only once the program's result is in.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { STATUS } from '../judges/statuses';
import type { RunResult } from '../runner/types';
import { judgeFailure, JUDGE_LIMITS } from './judge-limits';
import { runOutcome, type RunOutcome } from './run-outcome';
import { monotonicSec } from '../runner/monotonic';
import { holdInput } from './input-hold';
import { hasReader, judgeOpening, programOpening, writersGone } from './interactive-pipes';
import { VERDICT_TIME_FD, verdictTime } from './verdict-time';
import type { Prepared, RunOptions } from './toolchain';

export interface InteractiveRun {
  /** The compiled judge (a custom test case judge). */
  judge: Extract<Prepared, { ok: true }>;
  judgeId: number;
  program: { run(spec: RunOptions): Promise<RunResult>; dir: string };
  inputFile: string;
  referenceFile: string;
  source: Buffer;
  compilerId: number;
  timeLimitSec: number;
  memoryLimitKb: number;
  outputLimitBytes: number;
  /** The program's stderr. */
  errPath: string;
  /** An empty folder of this test's own. */
  work: string;
  /**
   * Test control (--test-hooks): hand this side's result to the verdict only after the other
   * side's, so that the order of arrival differs from the order of the ends.
   */
  deliverLast?: 'program' | 'judge' | null;
  /** Test control (--test-hooks): start the program only once the judge's run is over. */
  programAfterJudge?: boolean;
}

export interface InteractiveResult {
  outcome: RunOutcome;
  status: number;
  score: number;
  debug: string;
}

const readText = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

export async function runInteractive(o: InteractiveRun): Promise<InteractiveResult> {
  const runStart = monotonicSec();
  fs.mkdirSync(o.work, { recursive: true });
  const toProgram = path.join(o.work, 'to-program');
  const fromProgram = path.join(o.work, 'from-program');
  execFileSync('mkfifo', ['-m', '600', toProgram, fromProgram]);
  // A root emulator runs both sides as the sandbox's user: they open these pipes by path.
  fs.chmodSync(toProgram, 0o666);
  fs.chmodSync(fromProgram, 0o666);
  const unique = `${path.basename(o.work)}-${process.hrtime.bigint()}`;
  const linkName = `.se-to-program-${unique}`;
  const fromLinkName = `.se-from-program-${unique}`;
  const links = [path.join(o.program.dir, linkName), path.join(o.judge.dir, linkName), path.join(o.judge.dir, fromLinkName)];
  fs.linkSync(toProgram, links[0]);
  fs.linkSync(toProgram, links[1]);
  fs.linkSync(fromProgram, links[2]);
  const sourceFile = path.join(o.work, 'source');
  const scoreFile = path.join(o.work, 'score');
  const debugFile = path.join(o.work, 'debug');
  const verdictTimeFile = path.join(o.work, 'verdict-time');
  fs.writeFileSync(sourceFile, o.source);
  fs.writeFileSync(debugFile, '');
  // A reader, never a writer: the program's end of file depends on the judge alone.
  const holdTo = fs.openSync(toProgram, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  // A reader while the program runs (it never dies of SIGPIPE for writing after the judge ended),
  // and a writer until its result is in (the judge reads the end of fd 3 only then).
  const holdFromReader = fs.openSync(fromProgram, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const holdFrom = fs.openSync(fromProgram, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
  const hold = holdInput(toProgram, path.join(o.work, 'opened'));
  // Its own limits; the time also covers waiting for the program, which may use all of its own.
  const judgeLimits = { ...JUDGE_LIMITS, timeLimitMs: Math.round(o.timeLimitSec * 1000) + JUDGE_LIMITS.timeLimitMs };
  // Whether the judge had stopped reading the program's output (ended, or closed fd 3) by the time
  // the program's result was in: then it cannot have waited for the program's end.
  let judgeGone = false;
  // Whether the program's input had lost its last writer when the program ended: its supervisor's
  // reading, else (the Node monitor cannot watch a pipe) ours once its result is in.
  let inputEnded = false;
  const startProgram = () =>
    o.program
      .run({
        prefix: programOpening(`./${linkName}`),
        watchEndOfInput: `./${linkName}`,
        stdoutPath: fromProgram,
        stderrPath: o.errPath,
        extraFds: [hold.signalFd],
        timeLimitMs: Math.round(o.timeLimitSec * 1000),
        memoryLimitKb: o.memoryLimitKb,
        outputLimitBytes: o.outputLimitBytes,
      })
      .then((r) => {
        inputEnded = r.inputEnded ?? writersGone(holdTo);
        return r;
      })
      .finally(() => {
        hold.ended('program');
        // The program is over: no reader of ours is needed any more, so a reader left is the judge's.
        fs.closeSync(holdFromReader);
        judgeGone = hold.opened('judge') && !hasReader(fromProgram);
        fs.closeSync(holdFrom);
      });
  const startedFirst = o.programAfterJudge ? undefined : startProgram();
  const judgeRun = o.judge
    .run({
      prefix: judgeOpening(`./${linkName}`, `./${fromLinkName}`),
      stdin: { path: o.inputFile },
      stdoutPath: scoreFile,
      stderrPath: path.join(o.work, 'stderr'),
      extraFds: [
        { fd: 4, path: o.referenceFile, mode: 'r' },
        { fd: 5, path: sourceFile, mode: 'r' },
        { fd: 6, path: debugFile, mode: 'w' },
        hold.signalFd,
        { fd: VERDICT_TIME_FD, path: verdictTimeFile, mode: 'w' },
      ],
      env: { compiler: String(o.compilerId), SE_EMULATOR_VERDICT_FD: String(VERDICT_TIME_FD) },
      ...judgeLimits,
    })
    .finally(() => hold.ended('judge'));
  const programRun = startedFirst ?? judgeRun.catch(() => undefined).then(startProgram);
  const [run, judged] = await Promise.all(deliveredInOrder(programRun, judgeRun, o.deliverLast)).finally(() => {
    hold.close();
    // Only now: the program's side reads what is left in its input once its result is in.
    fs.closeSync(holdTo);
    links.forEach((link) => fs.rmSync(link, { force: true }));
  });
  const judgeEnd = Math.min(judged.endedAt, verdictTime(verdictTimeFile, runStart, judged.endedAt));
  // Equal readings count as the judge first: its verdict stands.
  const judgeFirst = judgeEnd <= run.endedAt || (inputEnded && judgeGone);
  const programFirst = !judgeFirst;
  const outcome = runOutcome(run, o.timeLimitSec);
  const debug = readText(debugFile);
  if (judged.exitCode !== 0 && judged.exitCode !== 1) {
    // The program failed first (crash, limit) and the judge died after it: the program's verdict.
    if (outcome.status !== null && programFirst)
      return { outcome, status: outcome.status, score: 0, debug: `judge ${o.judgeId} ended without a verdict after the program had failed${debug ? `\n${debug}` : ''}` };
    return { outcome, status: STATUS.judgeError, score: 0, debug: `${judgeFailure(`judge ${o.judgeId}`, judged, judgeLimits)}${debug ? `\n${debug}` : ''}` };
  }
  const score = Number.parseFloat(readText(scoreFile).trim());
  const verdict = judged.exitCode === 0 ? STATUS.accepted : STATUS.wrongAnswer;
  const status = verdict === STATUS.wrongAnswer && !programFirst ? verdict : (outcome.status ?? verdict);
  return { outcome, status, score: Number.isFinite(score) ? score : 0, debug };
}

/** The two results, one of them held back until the other has arrived (test control), else as they come. */
function deliveredInOrder(program: Promise<RunResult>, judge: Promise<RunResult>, last: InteractiveRun['deliverLast']): [Promise<RunResult>, Promise<RunResult>] {
  const after = (held: Promise<RunResult>, first: Promise<RunResult>) => first.catch(() => undefined).then(() => held);
  if (last === 'program') return [after(program, judge), judge];
  if (last === 'judge') return [program, after(judge, program)];
  return [program, judge];
}
