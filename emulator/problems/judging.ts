// The judging pipeline: compile once, run every chosen test case with its own time limit, pass
// each output through the test case judge (an interactive problem's judge talks to the program
// while it runs: interactive-run.ts), fold the results with the master judge. Submissions
// wait (status 0) in the emulator's job pool, so a burst does not start dozens of compilers at once.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EmulatorContext } from '../context';
import { removeTree } from '../fs-safety/remove-tree';
import { runScratchFolder } from '../runner';
import type { JobPool } from '../jobs/job-pool';
import { PENDING_STATUSES } from '../../contract';
import { STATUS } from '../judges/statuses';
import type { TestResult } from '../judges/types';
import type { ProblemsDb } from './db';
import { CustomJudges } from './custom-judges';
import { runInteractive, type InteractiveResult, type InteractiveRun } from './interactive-run';
import { findJudge } from './judges-store';
import type { ProblemRecord, SubmissionRecord, TestRunRecord } from './records';
import { runOutcome, signalDesc } from './run-outcome';
import type { Toolchain } from './toolchain';

const MEMORY_LIMIT_KB = 512 * 1024;
const OUTPUT_LIMIT_BYTES = 64 * 1024 * 1024;

export class Judging {
  private closed = false;
  private readonly jobs: JobPool;
  private readonly custom: CustomJudges;
  private readonly scratch: string;
  /** Test control (--test-hooks, ./admin-routes.ts): which side of an interactive run reaches the verdict last. */
  deliverLast: InteractiveRun['deliverLast'] = null;
  /** Test control (./admin-routes.ts): start an interactive run's program only once its judge's run is over. */
  programAfterJudge = false;

  constructor(
    ctx: EmulatorContext,
    private readonly db: ProblemsDb,
    private readonly toolchain: Toolchain,
  ) {
    // Work folders live in this emulator's private scratch folder (../runner/run-scratch.ts: on a
    // tmpfs, else the data directory), hidden from runs and removed on close; one a judge cut short
    // by shutdown left goes with the process's folder, or with the next start. A folder a program
    // left unwritable (chmod 000) never stops a start: it is opened up and removed in the background.
    this.scratch = runScratchFolder(db.scratchDir(), 'problems', { onDisk: ctx.options.workOnDisk });
    this.custom = new CustomJudges(toolchain, db, path.join(this.scratch, 'judges'));
    this.jobs = ctx.jobs;
    ctx.onClose(() => {
      this.closed = true;
      return removeTree(this.scratch);
    });
  }

  /**
   * After a restart: a run cut short cannot be resumed, so it ends as internal error (20); a
   * submission still waiting (0) never started, so it is queued again, in id order.
   */
  recoverInterrupted(): void {
    for (const sub of this.db.submissionsWithStatus(PENDING_STATUSES)) {
      if (sub.status === STATUS.waiting) {
        this.enqueue(sub.id);
        continue;
      }
      sub.status = STATUS.internalError;
      sub.score = sub.score ?? 0;
      sub.time = sub.time ?? 0;
      sub.memory = sub.memory ?? 0;
      sub.signal = sub.signal ?? 0;
      sub.signal_desc = sub.signal_desc ?? '';
      this.db.writeStream(sub, 'debug', 'internal error: the emulator stopped while this submission was being judged; submit it again\n');
      this.db.saveSubmission(sub);
    }
  }

  /** Queues the judging in the emulator's job pool; the submission waits stored as 0 until it starts. */
  enqueue(id: number): void {
    this.jobs.add(`problems:${id}`, () => this.judgeSafely(id));
  }

  private async judgeSafely(id: number): Promise<void> {
    const sub = this.db.findSubmission(id);
    if (!sub) return;
    const work = fs.mkdtempSync(path.join(this.scratch, `${id}-`));
    try {
      await this.judge(sub, work);
    } catch (err) {
      if (this.closed) return; // shutting down: the next start marks it as internal error
      this.finish(sub, { status: STATUS.internalError, score: 0, time: 0, memory: 0, signal: 0 });
      this.db.writeStream(sub, 'debug', `internal error: ${(err as Error).message}\n`);
      this.db.saveSubmission(sub);
    } finally {
      await removeTree(work); // never throws: what cannot go is logged
    }
  }

  private setStatus(sub: SubmissionRecord, status: number): void {
    sub.status = status;
    this.db.saveSubmission(sub);
  }

  private finish(sub: SubmissionRecord, v: { status: number; score: number; time: number; memory: number; signal: number }): void {
    sub.status = v.status;
    sub.score = v.score;
    sub.time = v.time;
    sub.memory = v.memory;
    sub.signal = v.signal;
    sub.signal_desc = signalDesc(v.signal);
    this.db.saveSubmission(sub);
  }

  private submissionFiles(sub: SubmissionRecord): Map<string, Buffer> {
    const files = new Map<string, Buffer>();
    if (!sub.multiFile) {
      const source = this.db.readStream(sub.id, 'source') ?? Buffer.alloc(0);
      files.set(this.toolchain.entryFileName(sub.compilerId, source.toString('utf8')), source);
      return files;
    }
    const root = path.join(this.db.submissionDir(sub.id), 'files');
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else files.set(path.relative(root, full), fs.readFileSync(full));
      }
    };
    walk(root);
    return files;
  }

  private async judge(sub: SubmissionRecord, work: string): Promise<void> {
    const problem = this.db.problem(sub.problemId);
    if (!problem) {
      this.db.writeStream(sub, 'debug', 'problem error: the problem was deleted before judging\n');
      this.finish(sub, { status: STATUS.problemError, score: 0, time: 0, memory: 0, signal: 0 });
      return;
    }
    const numbers = sub.tests ?? problem.testcases.filter((t) => t.active).map((t) => t.number);
    const tests = numbers.map((n) => problem.testcases.find((t) => t.number === n)).filter((t) => t !== undefined);

    this.setStatus(sub, STATUS.compilation);
    const files = this.submissionFiles(sub);
    const source = sub.multiFile ? Buffer.concat([...files.values()]) : files.values().next().value!;
    const program = await this.toolchain.prepare({ compilerId: sub.compilerId, versionId: sub.compilerVersionId, files, dir: path.join(work, 'program') });
    if (this.closed) throw new Error('emulator closing');
    if (!program.ok) {
      this.db.writeStream(sub, 'cmpinfo', program.cmpinfo);
      this.finish(sub, { status: STATUS.compilationError, score: 0, time: 0, memory: 0, signal: 0 });
      return;
    }

    const results: TestRunRecord[] = [];
    const debug: string[] = [];
    let shown: { out: string; err: string } | undefined;
    let firstFailure: { out: string; err: string } | undefined;
    // Test cases write into the same two files until one fails: the streams keep only the first
    // failure (or the last test case), and reopening a file costs a fraction of creating one
    // (BENCHMARKS.md, issue 37: a new file costs this disk up to 0.6 ms of CPU).
    const recordTest = (status: number, out: string, err: string) => {
      // The output/error streams show the first test case that failed, else the last one.
      if (status !== STATUS.accepted) firstFailure ??= { out, err };
      shown = firstFailure ?? { out, err };
      sub.testcases = results;
    };
    for (const t of tests) {
      if (this.closed) throw new Error('emulator closing');
      // An interactive program runs with its judge from the start: one status, one save a test case.
      this.setStatus(sub, problem.interactive ? STATUS.executingJudge : STATUS.execution);
      const pair = firstFailure ? 1 : 0;
      const out = path.join(work, `out-${pair}`);
      const err = path.join(work, `err-${pair}`);
      const inputFile = this.db.testCaseFile(problem.id, t.number, 'input');
      if (problem.interactive) {
        // The program talks to the judge instead of writing an output file (interactive-run.ts).
        const v = await this.interactiveTest(problem, t, program, inputFile, err, source, sub.compilerId, work);
        if (this.closed) throw new Error('emulator closing');
        if (v.debug) debug.push(`test ${t.number}: ${v.debug.trimEnd()}`);
        const o = v.outcome;
        results.push({ number: t.number, status: v.status, score: v.score, time: o.time, memory: o.memory, signal: o.signal, signal_desc: signalDesc(o.signal) });
        fs.writeFileSync(out, '');
        recordTest(v.status, out, err);
        continue;
      }
      const run = await program.run({
        stdin: { path: inputFile },
        stdoutPath: out,
        stderrPath: err,
        timeLimitMs: Math.round(t.timeLimit * 1000),
        memoryLimitKb: MEMORY_LIMIT_KB,
        outputLimitBytes: OUTPUT_LIMIT_BYTES,
      });
      // Shutting down: the run was killed, its verdict is meaningless; the next start reports 20.
      if (this.closed) throw new Error('emulator closing');
      const outcome = runOutcome(run, t.timeLimit);
      let status = outcome.status;
      let score = 0;
      if (status === null) {
        const v = await this.judgeTestCase(sub, problem, t.judgeId, t.number, inputFile, out, source, work);
        status = v.status;
        score = v.score;
        if (v.debug) debug.push(`test ${t.number}: ${v.debug.trimEnd()}`);
      }
      results.push({ number: t.number, status, score, time: outcome.time, memory: outcome.memory, signal: outcome.signal, signal_desc: signalDesc(outcome.signal) });
      recordTest(status, out, err);
    }

    const master = await this.master(problem, results, source, work, sub);
    if (master.debug) debug.push(master.debug.trimEnd());
    // The streams and the verdict land in one commit: a reader sees both or neither.
    this.db.transaction(() => {
      if (shown) {
        this.db.moveIntoStream(sub, 'output', shown.out);
        if (fs.existsSync(shown.err) && fs.statSync(shown.err).size > 0) this.db.moveIntoStream(sub, 'error', shown.err);
      }
      if (debug.length) this.db.writeStream(sub, 'debug', `${debug.join('\n')}\n`);
      sub.testcases = results;
      this.finish(sub, master);
    });
  }

  private async interactiveTest(
    problem: ProblemRecord,
    t: ProblemRecord['testcases'][number],
    program: InteractiveRun['program'],
    inputFile: string,
    errPath: string,
    source: Buffer,
    compilerId: number,
    work: string,
  ): Promise<InteractiveResult> {
    const judge = findJudge(this.db, t.judgeId);
    const noRun = { status: null, signal: 0, time: 0, memory: 0 };
    if (!judge || judge.judge.typeId !== 0 || judge.kind !== 'custom') {
      return {
        outcome: noRun,
        status: STATUS.judgeError,
        score: 0,
        debug: `judge ${t.judgeId}: an interactive problem needs a custom test case judge that talks to the program (fd 3 and fd 8)`,
      };
    }
    const compiled = await this.custom.prepare(judge.judge);
    if (!compiled.ok) return { outcome: noRun, status: STATUS.judgeError, score: 0, debug: `judge ${t.judgeId} does not compile:\n${compiled.cmpinfo}` };
    return runInteractive({
      judge: compiled,
      judgeId: t.judgeId,
      program,
      inputFile,
      referenceFile: this.db.testCaseFile(problem.id, t.number, 'output'),
      source,
      compilerId,
      timeLimitSec: t.timeLimit,
      memoryLimitKb: MEMORY_LIMIT_KB,
      outputLimitBytes: OUTPUT_LIMIT_BYTES,
      errPath,
      work: path.join(work, `interactive-${t.number}`),
      deliverLast: this.deliverLast,
      programAfterJudge: this.programAfterJudge,
    });
  }

  private async judgeTestCase(
    sub: SubmissionRecord,
    problem: ProblemRecord,
    judgeId: number,
    number: number,
    inputFile: string,
    outputFile: string,
    source: Buffer,
    work: string,
  ): Promise<{ status: number; score: number; debug: string }> {
    const judge = findJudge(this.db, judgeId);
    const referenceFile = this.db.testCaseFile(problem.id, number, 'output');
    if (!judge || judge.judge.typeId !== 0) return { status: STATUS.judgeError, score: 0, debug: `judge ${judgeId} not found` };
    if (judge.kind === 'custom') {
      // Only a judge that runs as a program shows its own status: a built-in one takes microseconds.
      this.setStatus(sub, STATUS.executingJudge);
      return this.custom.testCase(judge.judge, { inputFile, outputFile, referenceFile, source, compilerId: sub.compilerId, work: path.join(work, `judge-${number}`) });
    }
    if (judge.judge.typeId !== 0) return { status: STATUS.judgeError, score: 0, debug: '' };
    const v = judge.judge.run({
      input: fs.readFileSync(inputFile),
      programOutput: fs.readFileSync(outputFile),
      referenceOutput: fs.readFileSync(referenceFile),
      source,
    });
    return { status: v.accepted ? STATUS.accepted : STATUS.wrongAnswer, score: v.score, debug: v.debug };
  }

  private async master(problem: ProblemRecord, results: TestResult[], source: Buffer, work: string, sub: SubmissionRecord) {
    const judge = findJudge(this.db, problem.masterjudgeId);
    if (!judge || judge.judge.typeId !== 1) {
      return { status: STATUS.judgeError, score: 0, time: 0, memory: 0, signal: 0, debug: `master judge ${problem.masterjudgeId} not found` };
    }
    if (judge.kind === 'custom') {
      this.setStatus(sub, STATUS.executingMaster);
      return this.custom.master(judge.judge, results, source, path.join(work, 'master'));
    }
    if (judge.judge.typeId !== 1) return { status: STATUS.judgeError, score: 0, time: 0, memory: 0, signal: 0, debug: '' };
    return { ...judge.judge.run(results), debug: '' };
  }
}
