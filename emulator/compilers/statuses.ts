// Submission statuses and signal descriptions of the compilers module.
import { constants } from 'node:os';
import { isPendingStatus, statusRow, SUBMISSION_STATUS } from '../../contract';

/** The codes this module uses, under the names its code reads them by; codes and names come from the one status table (contract/status-table.ts). */
export const STATUS = {
  waiting: SUBMISSION_STATUS.waiting,
  compilation: SUBMISSION_STATUS.compilation,
  execution: SUBMISSION_STATUS.execution,
  compilationError: SUBMISSION_STATUS.compilationError,
  runtimeError: SUBMISSION_STATUS.runtimeError,
  timeLimit: SUBMISSION_STATUS.timeLimitExceeded,
  accepted: SUBMISSION_STATUS.accepted,
  memoryLimit: SUBMISSION_STATUS.memoryLimitExceeded,
  internalError: SUBMISSION_STATUS.internalError,
} as const;

/** As the service names the status (15 is "accepted", what the live service answers: the spec's table says "success"). */
export function statusName(code: number): string {
  return statusRow(code)?.name ?? 'unknown';
}

export function isFinal(code: number): boolean {
  return !isPendingStatus(code);
}

/** Signal -1 stands for a non-zero exit code (the service's NZEC). */
export const NZEC_SIGNAL = -1;

const SIGNAL_NAMES = new Map<number, string>(Object.entries(constants.signals as Record<string, number>).map(([name, n]) => [n, name]));

export function signalDescription(signal: number | null): string {
  if (signal === null || signal === 0) return '';
  if (signal === NZEC_SIGNAL) return 'NZEC';
  return SIGNAL_NAMES.get(signal) ?? `signal ${signal}`;
}

/** `yyyy-mm-dd hh:mm:ss +00:00`, server time in UTC. */
export function formatDate(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} +00:00`;
}
