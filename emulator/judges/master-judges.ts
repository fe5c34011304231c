// Built-in master judges (service-notes §3.4): they fold per-test results into the final verdict.
import { round3 } from '../clock';
import { STATUS } from './statuses';
import type { BuiltinMasterJudge, MasterVerdict, TestResult } from './types';

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * 1000 Generic: the first test case that is not accepted decides the status (score 0); time is
 * the sum and memory the maximum up to and including it. All accepted: score is the average.
 */
export const generic: BuiltinMasterJudge = (results) => {
  let time = 0;
  let memory = 0;
  for (const r of results) {
    time += r.time;
    memory = Math.max(memory, r.memory);
    if (r.status !== STATUS.accepted) {
      return { status: r.status, score: 0, time: round3(time), memory, signal: r.signal };
    }
  }
  const score = results.length ? results.reduce((s, r) => s + r.score, 0) / results.length : 0;
  return { status: STATUS.accepted, score: round2(score), time: round3(time), memory, signal: 0 };
};

/**
 * 1001 Score is % of correctly solved sets: score = 100 * accepted / total (2 decimals); time and
 * memory over the accepted ones. Status follows the PHP version of the judge: runtime error when
 * every test failed that way, time limit likewise, wrong answer when none passed, else accepted.
 */
export const percentSolved: BuiltinMasterJudge = (results): MasterVerdict => {
  const passed = results.filter((r) => r.status === STATUS.accepted);
  const score = results.length ? round2((100 * passed.length) / results.length) : 0;
  const time = round3(passed.reduce((s, r) => s + r.time, 0));
  const memory = passed.reduce((m, r) => Math.max(m, r.memory), 0);
  const all = (code: number) => results.length > 0 && results.every((r) => r.status === code);
  let status: number = STATUS.accepted;
  if (all(STATUS.runtimeError)) status = STATUS.runtimeError;
  else if (all(STATUS.timeLimit)) status = STATUS.timeLimit;
  else if (passed.length === 0) status = STATUS.wrongAnswer;
  const signal = status === STATUS.runtimeError ? (results[0]?.signal ?? 0) : 0;
  return { status, score, time, memory, signal };
};

export type { TestResult };
