// Persisted shapes of the problems module (JSON collections in the data directory). Test case
// data, judge sources and submission streams are plain files next to them (see db.ts).
import { PROBLEMS_STREAMS, type ProblemsStreamName } from '../../contract';
import type { TestResult } from '../judges/types';

export interface TestCaseRecord {
  number: number;
  /** Seconds, may be fractional. */
  timeLimit: number;
  judgeId: number;
  active: boolean;
  inputSize: number;
  outputSize: number;
}

export interface ProblemRecord {
  id: number;
  code: string;
  name: string;
  body: string;
  /** 0 binary, 1 minimize, 2 maximize. */
  typeId: number;
  interactive: boolean;
  masterjudgeId: number;
  executionMode: 'isolated' | 'fast';
  /** Owned by another account: every access is denied (to exercise 403/200202). */
  foreign?: boolean;
  /** Unix seconds. */
  lastModifiedBody: number;
  lastModifiedSettings: number;
  testcases: TestCaseRecord[];
}

export interface JudgeRecord {
  id: number;
  name: string;
  /** 0 test case, 1 master. */
  typeId: number;
  compilerId: number;
  compilerVersionId: number;
  shared: boolean;
  sourceSize: number;
  createdAt: number;
  lastModified: number;
}

/** A test case's result as stored and shown: the judges' result and the signal's description. */
export interface TestRunRecord extends TestResult {
  signal_desc: string;
}

export type StreamName = ProblemsStreamName;
export const STREAM_NAMES: readonly StreamName[] = PROBLEMS_STREAMS;

export interface SubmissionRecord {
  id: number;
  problemId: number;
  compilerId: number;
  compilerVersionId: number;
  /** Unix milliseconds. */
  createdAt: number;
  /** Chosen test case numbers; null = the problem's active test cases at judging time. */
  tests: number[] | null;
  /** Multi-file submission: files live under the submission folder in files/. */
  multiFile: boolean;
  status: number;
  score: number | null;
  time: number | null;
  memory: number | null;
  signal: number | null;
  signal_desc: string | null;
  testcases: TestRunRecord[];
  /** Byte size of each stream that exists. */
  streams: Partial<Record<StreamName, number>>;
}

export interface ProblemsMeta {
  nextProblemId: number;
  nextJudgeId: number;
  nextSubmissionId: number;
  /** Submissions left in the account's pool; null = unlimited. 0 answers 402/2. */
  submissionPool: number | null;
  seeded: boolean;
}
