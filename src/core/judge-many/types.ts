// The data of a "judge many" job: one row per solution found in a folder, what was sent for it
// and what came back. Plain JSON, so the state file, the exports and the view share it.
import { SUBMISSION_STATUS } from '../../api';

/** A solution found in the folder; `problem` says why it cannot be sent (never silently skipped). */
export interface PlannedSolution {
  /** Its path relative to the job's folder, with `/`: a file, or a subfolder (multi-file). */
  key: string;
  kind: 'file' | 'folder';
  compilerId?: number;
  /** Files of a multi-file solution, relative to its folder. */
  files?: string[];
  problem?: string;
}

export interface JudgedTest {
  number: number;
  /** A named test (Containers tests report: "Class.test"); numbered test cases have none. */
  name?: string;
  /** Whether it passed; absent on Problems results, where accepted (15) is the pass. */
  passed?: boolean;
  statusCode: number;
  status: string;
  score: number | null;
  time: number | null;
  memory: number | null;
}

export interface JudgedResult {
  statusCode: number;
  status: string;
  score: number | null;
  /** Seconds. */
  time: number | null;
  /** Kilobytes. */
  memory: number | null;
  tests: JudgedTest[];
  /** Whether it passed; absent on Problems results, where accepted (15) is the pass. */
  passed?: boolean;
  /** What the row's note says about the result (a tests report that could not be read). */
  note?: string;
}

/** Passed: said by the result, else the Problems rule (accepted). */
export function isPassed(result: Pick<JudgedResult, 'passed' | 'statusCode'>): boolean {
  return result.passed ?? result.statusCode === SUBMISSION_STATUS.accepted;
}

/**
 * Where a row stands: `skipped` (never sendable: `problem`), `pending` (not sent yet), `sending`
 * (a POST was started and not answered: it may exist, so it is never sent again), `sent` (has
 * an id, being judged), `judged`, `failed` (the POST was refused: `error`).
 */
export type SolutionPhase = 'skipped' | 'pending' | 'sending' | 'sent' | 'judged' | 'failed';

export interface SolutionRow extends PlannedSolution {
  phase: SolutionPhase;
  submissionId?: number;
  error?: string;
  result?: JudgedResult;
}

export interface JobHeader {
  /** Unique per job; also the state file's name. */
  id: string;
  /** Absolute path of the folder the solutions came from. */
  folder: string;
  /** Absent on Containers jobs. */
  problemId?: number;
  /** What the rows are sent to, as people read it: a problem, or a project and scenario. */
  problemLabel: string;
  /** Absent on Problems jobs (written before Containers jobs existed). */
  target?: JobTarget;
  /** False when the problem is binary: its master judge gives no score, so none is shown or exported. */
  scored?: boolean;
  /** The endpoint it was sent to (no token). */
  endpoint: string;
  createdAt: string;
}

/** A Containers job: every row a project folder, packed and sent to this project and scenario. */
export interface JobTarget {
  kind: 'containers';
  projectId: string;
  /** As the Submissions view names it (absent in jobs written before). */
  projectName?: string;
  /** Undefined: the project's default scenario. */
  scenario?: string;
}

export interface JobSnapshot extends JobHeader {
  rows: SolutionRow[];
  /** Why sending stopped before every row was sent (402, cancel), when it did. */
  stopReason?: string;
}

/** Each row counted once; the words for each are in progress.ts. */
export interface JobCounts {
  total: number;
  skipped: number;
  pending: number;
  sent: number;
  judged: number;
  failed: number;
}

export function countRows(rows: readonly SolutionRow[]): JobCounts {
  const counts: JobCounts = { total: rows.length, skipped: 0, pending: 0, sent: 0, judged: 0, failed: 0 };
  for (const row of rows) {
    if (row.phase === 'skipped') counts.skipped++;
    else if (row.phase === 'pending') counts.pending++;
    else if (row.phase === 'judged') counts.judged++;
    else if (row.phase === 'failed') counts.failed++;
    // `sending`: its POST is under way, so it is being judged until refused (never counted as
    // refused for a moment, issue 40 item 11).
    else counts.sent++;
  }
  return counts;
}

/** Nothing left to send or to wait for. */
export function isFinished(rows: readonly SolutionRow[]): boolean {
  return rows.every((r) => r.phase !== 'pending' && r.phase !== 'sent');
}
