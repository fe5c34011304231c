// Problems v4 submission statuses (spec table plus 21/22 from the service's status page).
// The judges and the submission pipeline speak in these codes; the two-letter forms are what
// master judges read and write in the fd protocol.

export const STATUS = {
  waiting: 0,
  compilation: 1,
  execution: 3,
  compilingJudge: 4,
  executingJudge: 5,
  compilingMaster: 6,
  executingMaster: 7,
  testing: 8,
  compilationError: 11,
  runtimeError: 12,
  timeLimit: 13,
  wrongAnswer: 14,
  accepted: 15,
  memoryLimit: 17,
  illegalCall: 19,
  internalError: 20,
  judgeError: 21,
  problemError: 22,
} as const;

const NAMES: Record<number, string> = {
  0: 'waiting',
  1: 'compilation',
  2: 'compilation',
  3: 'execution',
  4: 'compiling judge',
  5: 'executing judge',
  6: 'compiling master judge',
  7: 'executing master judge',
  8: 'testing program',
  11: 'compilation error',
  12: 'runtime error',
  13: 'time limit exceeded',
  14: 'wrong answer',
  15: 'accepted',
  17: 'memory limit exceeded',
  19: 'illegal system call',
  20: 'internal error',
  21: 'judge error',
  22: 'problem error',
};

export function statusName(code: number): string {
  return NAMES[code] ?? 'internal error';
}

/** Codes 0-8 mean the submission is still being processed. */
export function isExecuting(code: number): boolean {
  return code >= 0 && code <= 8;
}

/** The same codes as a list, for the store's state index. */
export const EXECUTING_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

const SHORT: Record<number, string> = { 11: 'CE', 12: 'RE', 13: 'TLE', 14: 'WA', 15: 'AC', 17: 'MLE', 19: 'SC', 20: 'IE', 21: 'IE', 22: 'IE' };

/** The abbreviations master judges exchange on fd 0 / fd 1. */
export function statusShort(code: number): string {
  return SHORT[code] ?? 'IE';
}

export function statusFromShort(short: string): number | undefined {
  const upper = short.trim().toUpperCase();
  for (const [code, s] of Object.entries(SHORT)) if (s === upper) return Number(code);
  return undefined;
}
