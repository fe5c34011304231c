// The problem folder format (docs/problem-folder.md): the shapes of `problem.json` and the names
// of the files beside it. JSON because Node parses it with no dependency and `git diff` shows a
// changed field on its own line; the writer fixes key order and indentation, so the same problem
// always gives the same bytes.

export const SETTINGS_FILE = 'problem.json';
export const TESTS_DIR = 'tests';
export const JUDGES_DIR = 'judges';
export const SOLUTIONS_DIR = 'solutions';
/** Remembered service state (hashes of what the service holds); a cache, safe to delete. */
export const STATE_DIR = '.sphere-engine';
export const STATE_FILE = 'sync.json';

export const PROBLEM_TYPES = ['binary', 'minimize', 'maximize'] as const;
export type ProblemType = (typeof PROBLEM_TYPES)[number];
export const JUDGE_TYPES = ['testcase', 'master'] as const;
export type JudgeType = (typeof JUDGE_TYPES)[number];
export const EXECUTION_MODES = ['isolated', 'fast'] as const;

/**
 * Expected verdicts of reference solutions: the folder names under solutions/. partially_accepted
 * (Kattis scoring problems): accepted with a score strictly between 0 and 100. rejected (Kattis
 * `rejected/`, `brute_force/`): any wrong answer, time-out or run-time error.
 */
export const VERDICTS = [
  'accepted',
  'wrong_answer',
  'time_limit_exceeded',
  'runtime_error',
  'compilation_error',
  'memory_limit_exceeded',
  'partially_accepted',
  'rejected',
] as const;
export type Verdict = (typeof VERDICTS)[number];

/** A judge named by its service id (built-in or shared) or by its key in `judges`. */
export type JudgeRef = number | string;

export interface JudgeJson {
  /** Path of the source, relative to the folder (judges/<key>.<ext>). */
  file: string;
  compilerId: number;
  type: JudgeType;
  /** The judge's name on the service; default: the key. */
  name?: string;
  /** Service id once created; absent: push creates the judge. */
  id?: number;
}

export interface TestJson {
  number: number;
  /** Seconds, may be fractional. */
  timeLimit: number;
  judge: JudgeRef;
  active: boolean;
}

export interface ProblemJson {
  /** Which problem this folder is (endpoint + id); never a token. Absent: push creates it. */
  link?: { endpoint: string; problemId: number };
  name: string;
  code?: string;
  type: ProblemType;
  interactive: boolean;
  masterJudge: JudgeRef;
  executionMode?: (typeof EXECUTION_MODES)[number];
  /** The statement file (statement.md or statement.html). */
  statement: string;
  judges?: Record<string, JudgeJson>;
  tests: TestJson[];
}

export const TEST_DEFAULTS = { timeLimit: 1, judge: 1, active: true } as const;
export const MAX_TEST_FILE_BYTES = 16 * 1024 * 1024;

export const testFile = (n: number, ext: 'in' | 'out') => `${TESTS_DIR}/${n}.${ext}`;

/** Stable bytes: fixed key order (as built), two-space indent, final newline. */
export function serializeProblemJson(p: ProblemJson): string {
  const ordered: ProblemJson = {
    ...(p.link ? { link: { endpoint: p.link.endpoint, problemId: p.link.problemId } } : {}),
    name: p.name,
    ...(p.code !== undefined ? { code: p.code } : {}),
    type: p.type,
    interactive: p.interactive,
    masterJudge: p.masterJudge,
    ...(p.executionMode !== undefined ? { executionMode: p.executionMode } : {}),
    statement: p.statement,
    ...(p.judges && Object.keys(p.judges).length
      ? {
          judges: Object.fromEntries(
            Object.keys(p.judges)
              .sort()
              .map((k) => [k, orderJudge(p.judges![k])]),
          ),
        }
      : {}),
    tests: [...p.tests].sort((a, b) => a.number - b.number).map((t) => ({ number: t.number, timeLimit: t.timeLimit, judge: t.judge, active: t.active })),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

function orderJudge(j: JudgeJson): JudgeJson {
  return { file: j.file, compilerId: j.compilerId, type: j.type, ...(j.name !== undefined ? { name: j.name } : {}), ...(j.id !== undefined ? { id: j.id } : {}) };
}
