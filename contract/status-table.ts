// The v4 submission statuses, one row per code: Compilers and Problems share the codes (the
// Problems spec's table, plus 21 and 22 from the service's status page). The extension (its client,
// the problems CLI, the Kattis checks, judge-many, the stress test) and the emulator both read this
// table; nothing else in the project may spell a status code as a number (test/unit/status-table.test.ts).
//
// Columns:
// - name: as the service names it (15 is "accepted", what the live service answers; the Compilers
//   spec's table says "success");
// - outcome: pending (still on its way), accepted, rejected (the program's fault), error (the
//   service's or the problem's fault, not the program's);
// - runKind: what a run that ended so means to a stress round or a Run File report;
// - kattis: the problemtools verdict it stands for (a memory limit is a run-time error there);
// - short: the two letters master judges exchange on fd 0 / fd 1.

export const SUBMISSION_STATUS = {
  waiting: 0,
  compilation: 1,
  compilation2: 2,
  execution: 3,
  compilingJudge: 4,
  executingJudge: 5,
  compilingMasterJudge: 6,
  executingMasterJudge: 7,
  testing: 8,
  compilationError: 11,
  runtimeError: 12,
  timeLimitExceeded: 13,
  wrongAnswer: 14,
  accepted: 15,
  memoryLimitExceeded: 17,
  illegalSystemCall: 19,
  internalError: 20,
  judgeError: 21,
  problemError: 22,
} as const;

export type StatusKey = keyof typeof SUBMISSION_STATUS;
export type StatusOutcome = 'pending' | 'accepted' | 'rejected' | 'error';
export type RunKind = 'ok' | 'crash' | 'timeout' | 'compile-error' | 'other';
export type KattisVerdict = 'AC' | 'WA' | 'TLE' | 'RTE';

export interface StatusRow {
  readonly key: StatusKey;
  readonly code: number;
  readonly name: string;
  readonly outcome: StatusOutcome;
  readonly runKind: RunKind;
  readonly kattis?: KattisVerdict;
  readonly short?: string;
}

const row = (key: StatusKey, name: string, outcome: StatusOutcome, runKind: RunKind, extra: { kattis?: KattisVerdict; short?: string } = {}): StatusRow => ({
  key,
  code: SUBMISSION_STATUS[key],
  name,
  outcome,
  runKind,
  ...extra,
});

export const STATUS_TABLE: readonly StatusRow[] = [
  row('waiting', 'waiting', 'pending', 'other'),
  row('compilation', 'compilation', 'pending', 'other'),
  row('compilation2', 'compilation', 'pending', 'other'),
  row('execution', 'execution', 'pending', 'other'),
  row('compilingJudge', 'compiling judge', 'pending', 'other'),
  row('executingJudge', 'executing judge', 'pending', 'other'),
  row('compilingMasterJudge', 'compiling master judge', 'pending', 'other'),
  row('executingMasterJudge', 'executing master judge', 'pending', 'other'),
  row('testing', 'testing program', 'pending', 'other'),
  row('compilationError', 'compilation error', 'rejected', 'compile-error', { short: 'CE' }),
  row('runtimeError', 'runtime error', 'rejected', 'crash', { kattis: 'RTE', short: 'RE' }),
  row('timeLimitExceeded', 'time limit exceeded', 'rejected', 'timeout', { kattis: 'TLE', short: 'TLE' }),
  row('wrongAnswer', 'wrong answer', 'rejected', 'other', { kattis: 'WA', short: 'WA' }),
  row('accepted', 'accepted', 'accepted', 'ok', { kattis: 'AC', short: 'AC' }),
  row('memoryLimitExceeded', 'memory limit exceeded', 'rejected', 'crash', { kattis: 'RTE', short: 'MLE' }),
  row('illegalSystemCall', 'illegal system call', 'rejected', 'crash', { short: 'SC' }),
  row('internalError', 'internal error', 'error', 'other', { short: 'IE' }),
  row('judgeError', 'judge error', 'error', 'other'),
  row('problemError', 'problem error', 'error', 'other'),
];

const BY_CODE: ReadonlyMap<number, StatusRow> = new Map(STATUS_TABLE.map((r) => [r.code, r]));

/** The row of a status code, or undefined for a code the table does not know. */
export function statusRow(code: number): StatusRow | undefined {
  return BY_CODE.get(code);
}

/** The codes of a submission still on its way (the pending rows), as a list for a store's state index. */
export const PENDING_STATUSES: readonly number[] = STATUS_TABLE.filter((r) => r.outcome === 'pending').map((r) => r.code);

/** Codes 0-8: the submission is still on its way. */
export function isPendingStatus(code: number): boolean {
  return statusRow(code)?.outcome === 'pending';
}

/** A run-time error in the problemtools sense: 12, or 17 (a program out of memory fails to allocate and crashes; a judge may stop it first). */
export function isRuntimeErrorStatus(code: number): boolean {
  return statusRow(code)?.kattis === 'RTE';
}

/** What a run that ended with `code` means for a stress round or a run report. */
export function runKindOf(code: number): RunKind {
  return statusRow(code)?.runKind ?? 'other';
}

/** The problemtools verdict a status stands for, or `status N` for one with none. */
export function kattisVerdictOf(code: number): KattisVerdict | `status ${number}` {
  return statusRow(code)?.kattis ?? `status ${code}`;
}

/** The two letters master judges exchange for a final status; IE for anything else. */
export function statusShort(code: number): string {
  return statusRow(code)?.short ?? 'IE';
}

/** The final status two letters stand for (the first row that uses them: IE is internal error). */
export function statusFromShort(short: string): number | undefined {
  const upper = short.trim().toUpperCase();
  return STATUS_TABLE.find((r) => r.short === upper)?.code;
}
