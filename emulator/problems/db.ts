// The module's state: JSON collections through ctx.store plus blob files under the data directory.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Store } from '../store';
import type { JudgeRecord, ProblemRecord, ProblemsMeta, StreamName, SubmissionRecord } from './records';

const PROBLEMS = 'problems-problems';
const JUDGES = 'problems-judges';
const SUBMISSIONS = 'problems-submissions';
const META = 'problems-meta';

export class ProblemsDb {
  constructor(private readonly store: Store) {}

  // --- collections -------------------------------------------------------------------------

  get problems(): ProblemRecord[] {
    return this.store.load<ProblemRecord[]>(PROBLEMS, () => []);
  }
  saveProblems(): void {
    this.store.save(PROBLEMS, this.problems);
  }

  get judges(): JudgeRecord[] {
    return this.store.load<JudgeRecord[]>(JUDGES, () => []);
  }
  saveJudges(): void {
    this.store.save(JUDGES, this.judges);
  }

  get submissions(): SubmissionRecord[] {
    return this.store.load<SubmissionRecord[]>(SUBMISSIONS, () => []);
  }
  saveSubmissions(): void {
    this.store.save(SUBMISSIONS, this.submissions);
  }

  get meta(): ProblemsMeta {
    return this.store.load<ProblemsMeta>(META, () => ({
      nextProblemId: 1,
      nextJudgeId: 2000,
      nextSubmissionId: 1,
      submissionPool: null,
      seeded: false,
    }));
  }
  saveMeta(): void {
    this.store.save(META, this.meta);
  }

  // --- lookups -----------------------------------------------------------------------------

  /** By integer id or (deprecated, still accepted) code. */
  findProblem(idOrCode: string): ProblemRecord | undefined {
    const s = idOrCode.trim();
    if (/^\d+$/.test(s)) {
      const byId = this.problems.find((p) => p.id === Number(s));
      if (byId) return byId;
    }
    return this.problems.find((p) => p.code.toUpperCase() === s.toUpperCase());
  }

  findSubmission(id: number): SubmissionRecord | undefined {
    return this.submissions.find((s) => s.id === id);
  }

  // --- blobs -------------------------------------------------------------------------------

  testCaseDir(problemId: number): string {
    return this.store.dirFor('problems', 'testcases', String(problemId));
  }

  testCaseFile(problemId: number, number: number, which: 'input' | 'output'): string {
    return path.join(this.testCaseDir(problemId), `${number}.${which === 'input' ? 'in' : 'out'}`);
  }

  judgeSourceFile(judgeId: number): string {
    return path.join(this.store.dirFor('problems', 'judges'), `${judgeId}.src`);
  }

  /** Work folders of runs in progress (compiled programs, outputs); not state, see Judging. */
  scratchDir(): string {
    return this.store.dirFor('problems', 'scratch');
  }

  submissionDir(id: number): string {
    return this.store.dirFor('problems', 'submissions', String(id));
  }

  streamFile(id: number, stream: StreamName): string {
    return path.join(this.submissionDir(id), stream);
  }

  writeStream(sub: SubmissionRecord, stream: StreamName, data: Buffer | string): void {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    fs.writeFileSync(this.streamFile(sub.id, stream), buf);
    sub.streams[stream] = buf.length;
  }

  /** Replaces a stream with an existing file (no copy of big outputs through memory). */
  moveIntoStream(sub: SubmissionRecord, stream: StreamName, file: string): void {
    const target = this.streamFile(sub.id, stream);
    fs.copyFileSync(file, target);
    sub.streams[stream] = fs.statSync(target).size;
  }
}
