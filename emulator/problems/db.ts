// The module's state: records in the state database through ctx.store (one row per problem, judge
// and submission) plus files under the data directory: test case files, and streams larger than
// INLINE_BLOB_BYTES (a smaller stream is a blob in the database; a format-1 directory's are files).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KeptStreams, type Store, type Table } from '../store';
import { COLLECTIONS } from '../store/collections';
import type { JudgeRecord, ProblemRecord, ProblemsMeta, StreamName, SubmissionRecord } from './records';

const META = 'problems-meta';

export class ProblemsDb {
  private readonly problemTable: Table<ProblemRecord>;
  private readonly judgeTable: Table<JudgeRecord>;
  private readonly submissionTable: Table<SubmissionRecord>;
  /** Read once: only this process writes it, and every change goes through saveMeta(). */
  private metaValue: ProblemsMeta | undefined;
  /** Submission streams: blobs, or files `submissions/<id>/<stream>` when large (../store/kept-streams.ts). */
  private readonly streams: KeptStreams<StreamName>;

  constructor(private readonly store: Store) {
    this.streams = new KeptStreams(store, 'problems-streams', (id, stream) => path.join(this.submissionPath(id), stream));
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

  // --- files and streams ----------------------------------------------------------------------

  testCaseDir(problemId: number): string {
    return this.store.dirFor('problems', 'testcases', String(problemId));
  }

  testCaseFile(problemId: number, number: number, which: 'input' | 'output'): string {
    return path.join(this.testCaseDir(problemId), `${number}.${which === 'input' ? 'in' : 'out'}`);
  }

  judgeSourceFile(judgeId: number): string {
    return path.join(this.store.dirFor('problems', 'judges'), `${judgeId}.src`);
  }

  /** Where work folders of runs go when there is no tmpfs (../runner/run-scratch.ts); not state, see Judging. Not made here. */
  scratchDir(): string {
    return path.join(this.store.dirFor('problems'), 'scratch');
  }

  /** A submission's folder, made here: only its large streams and a multi-file submission's files need one. */
  submissionDir(id: number): string {
    const dir = this.submissionPath(id);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  /** The same folder, not made: KeptStreams makes it when a large stream is written. */
  private submissionPath(id: number): string {
    return path.join(this.store.root, 'problems', 'submissions', String(id));
  }

  writeStream(sub: SubmissionRecord, stream: StreamName, data: Buffer | string): void {
    sub.streams[stream] = this.streams.write(sub.id, stream, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  }

  /** Replaces a stream with an existing file (a run's output), which is moved in. */
  moveIntoStream(sub: SubmissionRecord, stream: StreamName, file: string): void {
    sub.streams[stream] = this.streams.adopt(sub.id, stream, file);
  }

  /** A stream's bytes; undefined when it is not kept. */
  readStream(id: number, stream: StreamName): Buffer | undefined {
    return this.streams.read(id, stream);
  }

  deleteStream(sub: SubmissionRecord, stream: StreamName): void {
    this.streams.remove(sub.id, stream);
    delete sub.streams[stream];
  }
}
