// Submission statuses and signal descriptions of the compilers module.
import { constants } from 'node:os';

export const STATUS = {
  waiting: 0,
  compilation: 1,
  execution: 3,
  compilationError: 11,
  runtimeError: 12,
  timeLimit: 13,
  accepted: 15,
  memoryLimit: 17,
  internalError: 20,
} as const;

// Code 15 is named "accepted": what the live service answers (the spec's table says "success",
// its own sample payload and public clients say "accepted").
const NAMES: Record<number, string> = {
  0: 'waiting',
  1: 'compilation',
  2: 'compilation',
  3: 'execution',
  11: 'compilation error',
  12: 'runtime error',
  13: 'time limit exceeded',
  15: 'accepted',
  17: 'memory limit exceeded',
  19: 'illegal system call',
  20: 'internal error',
};

export function statusName(code: number): string {
  return NAMES[code] ?? 'unknown';
}

export function isFinal(code: number): boolean {
  return code >= 10;
}

/** The statuses of a submission still on its way (below 10): found through the store's state index. */
export const UNFINISHED_STATUSES = [0, 1, 2, 3] as const;

/** Signal -1 stands for a non-zero exit code (the service's NZEC). */
export const NZEC_SIGNAL = -1;

const SIGNAL_NAMES = new Map<number, string>(
  Object.entries(constants.signals as Record<string, number>).map(([name, n]) => [n, name]),
);

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
