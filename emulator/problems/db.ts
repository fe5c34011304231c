// The module's state: records in the state database through ctx.store (one row per problem, judge
// and submission) plus blob files under the data directory.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Store, Table } from '../store';
import { COLLECTIONS } from '../store/collections';
import type { JudgeRecord, ProblemRecord, ProblemsMeta, StreamName, SubmissionRecord } from './records';

const META = 'problems-meta';

export class ProblemsDb {
  private readonly problemTable: Table<ProblemRecord>;
  private readonly judgeTable: Table<JudgeRecord>;
  private readonly submissionTable: Table<SubmissionRecord>;
  /** Read once: only this process writes it, and every change goes through saveMeta(). */
  private metaValue: ProblemsMeta | undefined;

  constructor(private readonly store: Store) {
    this.problemTable = store.table<ProblemRecord>(COLLECTIONS.problemsProblems);
    this.judgeTable = store.table<JudgeRecord>(COLLECTIONS.problemsJudges);
    this.submissionTable = store.table<SubmissionRecord>(COLLECTIONS.problemsSubmissions);
  }

  /** All writes of `fn` land together (e.g. a new id in meta and the record that takes it). */
  transaction<R>(fn: () => R): R {
    return this.store.transaction(fn);
  }

  // --- problems and judges: few, read whole when listed --------------------------------------

  /** Every problem, by id: fresh copies, so a change is kept only through saveProblem(). */
  get problems(): ProblemRecord[] {
    return this.problemTable.all();
  }
  problem(id: number): ProblemRecord | undefined {
    return this.problemTable.get(id);
  }
  saveProblem(problem: ProblemRecord): void {
    this.problemTable.put(problem);
  }
  deleteProblem(id: number): void {
    this.problemTable.delete(id);
  }

  get judges(): JudgeRecord[] {
    return this.judgeTable.all();
  }
  judge(id: number): JudgeRecord | undefined {
    return this.judgeTable.get(id);
  }
  saveJudge(judge: JudgeRecord): void {
    this.judgeTable.put(judge);
  }

  // --- submissions: many, by key or by status ---------------------------------------------------

  findSubmission(id: number): SubmissionRecord | undefined {
    return this.submissionTable.get(id);
  }
  saveSubmission(sub: SubmissionRecord): void {
    this.submissionTable.put(sub);
  }
  submissionsWithStatus(statuses: readonly number[]): SubmissionRecord[] {
    return this.submissionTable.withState(statuses);
  }

  get meta(): ProblemsMeta {
    this.metaValue ??= this.store.getMeta<ProblemsMeta>(META, {
      nextProblemId: 1,
      nextJudgeId: 2000,
      nextSubmissionId: 1,
      submissionPool: null,
      seeded: false,
    });
    return this.metaValue;
  }
  saveMeta(): void {
    this.store.setMeta(META, this.meta);
  }

  // --- lookups -----------------------------------------------------------------------------

  /** By integer id or (deprecated, still accepted) code. */
  findProblem(idOrCode: string): ProblemRecord | undefined {
    const s = idOrCode.trim();
    if (/^\d+$/.test(s)) {
      const byId = this.problem(Number(s));
      if (byId) return byId;
    }
    return this.problems.find((p) => p.code.toUpperCase() === s.toUpperCase());
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
    fs.writeFileSync(this.streamFile(sub.id, stream), buf, { mode: 0o600 });
    sub.streams[stream] = buf.length;
  }

  /**
   * Replaces a stream with an existing file, which is moved: a rename within the data directory
   * copies nothing and makes no new file (a new file costs this machine's disk up to 0.6 ms of CPU,
   * BENCHMARKS.md issue 37); a copy only where a rename cannot go (another file system).
   */
  moveIntoStream(sub: SubmissionRecord, stream: StreamName, file: string): void {
    const target = this.streamFile(sub.id, stream);
    try {
      fs.renameSync(file, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      fs.copyFileSync(file, target);
    }
    fs.chmodSync(target, 0o600);
    sub.streams[stream] = fs.statSync(target).size;
  }
}
