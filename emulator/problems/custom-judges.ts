// Judges created with POST /judges run as programs with the service's fd protocol:
//   test case judge: fd 0 test input, 3 program output, 4 reference output, 5 user source;
//                    exit 0 accepted, 1 wrong answer (anything else: judge error); fd 1 score;
//                    fd 6 notes for the debug stream; env `compiler` = the solution's language id.
//   master judge:    fd 0 one line per test "number STATUS score signal time memory", fd 5 source;
//                    fd 1 one line "STATUS score signal time memory"; fd 6 debug.
// A judge is compiled once per source version and kept for the life of the emulator.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { STATUS, statusFromShort, statusShort } from '../judges/statuses';
import type { TestResult } from '../judges/types';
import type { ProblemsDb } from './db';
import type { JudgeRecord } from './records';
import type { Prepared, Toolchain } from './toolchain';
import { judgeFailure, JUDGE_LIMITS } from './judge-limits';

export interface TestCaseFiles {
  inputFile: string;
  outputFile: string;
  referenceFile: string;
  source: Buffer;
  compilerId: number;
  work: string;
}

const readText = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

export class CustomJudges {
  private readonly compiled = new Map<string, Promise<Prepared>>();

  constructor(
    private readonly toolchain: Toolchain,
    private readonly db: ProblemsDb,
    /** Where compiled judges live; the caller removes it. */
    private readonly root: string,
  ) {}

  /** The judge compiled (once per source version); interactive runs use it too (interactive-run.ts). */
  prepare(judge: JudgeRecord): Promise<Prepared> {
    const key = `${judge.id}-${judge.lastModified}-${judge.sourceSize}-${judge.compilerId}`;
    let p = this.compiled.get(key);
    if (!p) {
      const source = fs.readFileSync(this.db.judgeSourceFile(judge.id));
      const files = new Map([[this.toolchain.entryFileName(judge.compilerId, source.toString('utf8')), source]]);
      p = this.toolchain.prepare({ compilerId: judge.compilerId, versionId: judge.compilerVersionId, files, dir: path.join(this.root, key) });
      this.compiled.set(key, p);
    }
    return p;
  }

  async testCase(judge: JudgeRecord, f: TestCaseFiles): Promise<{ status: number; score: number; debug: string }> {
    const program = await this.prepare(judge);
    if (!program.ok) return { status: STATUS.judgeError, score: 0, debug: `judge ${judge.id} does not compile:\n${program.cmpinfo}` };
    fs.mkdirSync(f.work, { recursive: true });
    const sourceFile = path.join(f.work, 'source');
    const scoreFile = path.join(f.work, 'score');
    const debugFile = path.join(f.work, 'debug');
    fs.writeFileSync(sourceFile, f.source);
    fs.writeFileSync(debugFile, '');
    const r = await program.run({
      stdin: { path: f.inputFile },
      stdoutPath: scoreFile,
      stderrPath: path.join(f.work, 'stderr'),
      extraFds: [
        { fd: 3, path: f.outputFile, mode: 'r' },
        { fd: 4, path: f.referenceFile, mode: 'r' },
        { fd: 5, path: sourceFile, mode: 'r' },
        { fd: 6, path: debugFile, mode: 'w' },
      ],
      env: { compiler: String(f.compilerId) },
      ...JUDGE_LIMITS,
    });
    const debug = readText(debugFile);
    if (r.exitCode !== 0 && r.exitCode !== 1) {
      return { status: STATUS.judgeError, score: 0, debug: `${judgeFailure(`judge ${judge.id}`, r, JUDGE_LIMITS)}${debug ? `\n${debug}` : ''}` };
    }
    const score = Number.parseFloat(readText(scoreFile).trim());
    return { status: r.exitCode === 0 ? STATUS.accepted : STATUS.wrongAnswer, score: Number.isFinite(score) ? score : 0, debug };
  }

  async master(judge: JudgeRecord, results: TestResult[], source: Buffer, work: string) {
    const fail = (debug: string) => ({ status: STATUS.judgeError, score: 0, time: 0, memory: 0, signal: 0, debug });
    const program = await this.prepare(judge);
    if (!program.ok) return fail(`master judge ${judge.id} does not compile:\n${program.cmpinfo}`);
    fs.mkdirSync(work, { recursive: true });
    const lines = results.map((t) => `${t.number} ${statusShort(t.status)} ${t.score} ${t.signal} ${t.time} ${t.memory}\n`).join('');
    const sourceFile = path.join(work, 'source');
    const outFile = path.join(work, 'verdict');
    const debugFile = path.join(work, 'debug');
    fs.writeFileSync(sourceFile, source);
    fs.writeFileSync(debugFile, '');
    const r = await program.run({
      stdin: { data: lines },
      stdoutPath: outFile,
      stderrPath: path.join(work, 'stderr'),
      extraFds: [
        { fd: 5, path: sourceFile, mode: 'r' },
        { fd: 6, path: debugFile, mode: 'w' },
      ],
      ...JUDGE_LIMITS,
    });
    const debug = readText(debugFile);
    const [short, score, signal, time, memory] = readText(outFile).trim().split(/\s+/);
    const status = short ? statusFromShort(short) : undefined;
    if (r.exitCode !== 0 || status === undefined) {
      const why =
        r.exitCode === 0
          ? `master judge ${judge.id} gave no verdict line ("STATUS score signal time memory") on its stdout: print one`
          : judgeFailure(`master judge ${judge.id}`, r, JUDGE_LIMITS);
      return fail(`${why}${debug ? `\n${debug}` : ''}`);
    }
    const num = (s: string | undefined) => (Number.isFinite(Number(s)) ? Number(s) : 0);
    return { status, score: num(score), signal: num(signal), time: num(time), memory: Math.round(num(memory)), debug };
  }
}
