// JSON shape of a Problems v4 submission.
import type { EmulatorContext } from '../context';
import { isExecuting, statusName } from '../judges/statuses';
import type { ProblemsDb } from './db';
import { formatDate } from './links';
import { STREAM_NAMES, type SubmissionRecord } from './records';
import type { Toolchain } from './toolchain';

export function submissionView(ctx: EmulatorContext, db: ProblemsDb, toolchain: Toolchain, sub: SubmissionRecord, withStreams: boolean) {
  const token = `access_token=${ctx.streamToken()}`;
  const base = `${ctx.origin()}/problems/api/v4`;
  const problem = db.problem(sub.problemId);
  const executing = isExecuting(sub.status);
  const streams = Object.fromEntries(
    STREAM_NAMES.map((name) => {
      const size = sub.streams[name];
      return [name, size === undefined ? null : { size, uri: `${base}/submissions/${sub.id}/${name}?${token}` }];
    }),
  );
  return {
    id: sub.id,
    executing,
    date: formatDate(sub.createdAt),
    compiler: toolchain.describe(sub.compilerId, sub.compilerVersionId),
    problem: {
      id: sub.problemId,
      code: problem?.code ?? '',
      name: problem?.name ?? '',
      uri: `${base}/problems/${sub.problemId}?${token}`,
    },
    result: {
      status: { code: sub.status, name: statusName(sub.status) },
      // Data not known yet is null rather than 0 (the v4 rule).
      score: executing ? null : sub.score,
      time: executing ? null : sub.time,
      memory: executing ? null : sub.memory,
      signal: executing ? null : sub.signal,
      signal_desc: executing ? null : sub.signal_desc,
      ...(withStreams ? { streams } : {}),
      testcases: sub.testcases.map((t) => ({
        number: t.number,
        status: { code: t.status, name: statusName(t.status) },
        score: t.score,
        time: t.time,
        memory: t.memory,
        signal: t.signal,
        signal_desc: t.signal_desc,
      })),
    },
    uri: `${base}/submissions/${sub.id}?${token}`,
  };
}
