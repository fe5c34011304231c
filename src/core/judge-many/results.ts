// A judged submission as a row's result: only what the table, the exports and the chart show.
import type { ProblemsSubmission } from '../../api';
import type { JudgedResult } from './types';

export function judgedResult(submission: ProblemsSubmission): JudgedResult {
  const r = submission.result;
  return {
    statusCode: r.status.code,
    status: r.status.name,
    score: r.score,
    time: r.time,
    memory: r.memory,
    tests: r.testCases.map((t) => ({ number: t.number, statusCode: t.status.code, status: t.status.name, score: t.score, time: t.time, memory: t.memory })),
  };
}
