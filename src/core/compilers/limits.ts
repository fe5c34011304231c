// Checks made before anything is sent, so a mistyped setting costs no submission from the pool.
// The spec gives no bounds for timeLimit/memoryLimit; these are generous sanity bounds, and the
// service's own 201906/202006 answers are still shown when it disagrees.
import { MAX_TRANSFER_BYTES } from '../../api';
import { formatBytes } from '../packer';

export const TIME_LIMIT_RANGE = { min: 1, max: 60 } as const;
/** Kilobytes: 1 MiB to 4 GiB. */
export const MEMORY_LIMIT_RANGE = { min: 1024, max: 4 * 1024 * 1024 } as const;
/** The client's transfer cap (16 MiB) applies to source and input alike. */
export const MAX_SOURCE_BYTES = MAX_TRANSFER_BYTES;
export const MAX_INPUT_BYTES = MAX_TRANSFER_BYTES;

/**
 * The limits of one Compilers run, from the settings (and a command's own values) to the request:
 * one type, read and checked in one place (resolveRunLimits; the extension's reader is
 * features/shared/compiler-settings.ts's readRunLimits), spread into the request as they are.
 */
export interface RunLimits {
  /** Seconds; undefined = the service default (5 s). */
  timeLimit?: number;
  /** Kilobytes; undefined = the service default. */
  memoryLimit?: number;
}

/** Where each limit came from, named in a refusal so the person knows what to change. */
export interface LimitOrigins {
  timeLimit: string;
  memoryLimit: string;
}

const SETTING_ORIGINS: LimitOrigins = { timeLimit: 'setting sphereEngine.compilers.timeLimit', memoryLimit: 'setting sphereEngine.compilers.memoryLimit' };

/** Problems with the limits, one sentence each saying what to change; empty when fine. */
export function checkLimits(limits: RunLimits, origins: LimitOrigins = SETTING_ORIGINS): string[] {
  const problems: string[] = [];
  const { timeLimit, memoryLimit } = limits;
  if (timeLimit !== undefined && (!Number.isInteger(timeLimit) || timeLimit < TIME_LIMIT_RANGE.min || timeLimit > TIME_LIMIT_RANGE.max)) {
    problems.push(`The time limit ${timeLimit} s is out of range: use a whole number of seconds from ${TIME_LIMIT_RANGE.min} to ${TIME_LIMIT_RANGE.max} (${origins.timeLimit}).`);
  }
  if (memoryLimit !== undefined && (!Number.isInteger(memoryLimit) || memoryLimit < MEMORY_LIMIT_RANGE.min || memoryLimit > MEMORY_LIMIT_RANGE.max)) {
    problems.push(
      `The memory limit ${memoryLimit} KB is out of range: use a whole number of kilobytes from ${MEMORY_LIMIT_RANGE.min} to ${MEMORY_LIMIT_RANGE.max}, or 0 for the service default (${origins.memoryLimit}).`,
    );
  }
  return problems;
}

/**
 * The limits a run sends: a command's own values (`given`, e.g. a stress.json's timeLimit, named by
 * `givenBy`) over the settings, with the sentences that say what to change when one is out of
 * range. Every path that sends a Compilers run takes its limits from here, and sends none when
 * `problems` is not empty.
 */
export function resolveRunLimits(
  settings: { timeLimit: unknown; memoryLimit: unknown },
  given: RunLimits = {},
  givenBy = 'the command',
): { limits: RunLimits; problems: string[] } {
  const fromSettings = limitsFromSettings(settings.timeLimit, settings.memoryLimit);
  const limits: RunLimits = { timeLimit: given.timeLimit ?? fromSettings.timeLimit, memoryLimit: given.memoryLimit ?? fromSettings.memoryLimit };
  const origins: LimitOrigins = {
    timeLimit: given.timeLimit !== undefined ? givenBy : SETTING_ORIGINS.timeLimit,
    memoryLimit: given.memoryLimit !== undefined ? givenBy : SETTING_ORIGINS.memoryLimit,
  };
  return { limits, problems: checkLimits(limits, origins) };
}

/** Size problems of the text about to be sent; empty when fine. */
export function checkPayloadSizes(sizes: { sourceBytes?: number; inputBytes?: number }): string[] {
  const problems: string[] = [];
  if (sizes.sourceBytes !== undefined && sizes.sourceBytes > MAX_SOURCE_BYTES) {
    problems.push(`The source is ${formatBytes(sizes.sourceBytes)}, above the ${formatBytes(MAX_SOURCE_BYTES)} that can be sent. Make the program smaller.`);
  }
  if (sizes.inputBytes !== undefined && sizes.inputBytes > MAX_INPUT_BYTES) {
    problems.push(`The input is ${formatBytes(sizes.inputBytes)}, above the ${formatBytes(MAX_INPUT_BYTES)} that can be sent. Use a smaller input.`);
  }
  return problems;
}

/** Setting values → limits: 0 or empty means "leave it to the service". */
export function limitsFromSettings(timeLimit: unknown, memoryLimit: unknown): RunLimits {
  const asNumber = (v: unknown) => (typeof v === 'number' && v !== 0 ? v : undefined);
  return { timeLimit: asNumber(timeLimit), memoryLimit: asNumber(memoryLimit) };
}
