// API views of a submission: the single GET (with streams) and list items (with uri, no streams).
import type { EmulatorContext } from '../context';
import { MODULE_PATHS } from '../context';
import { STREAMS, type SubmissionRecord } from './records';
import { formatDate, isFinal, signalDescription, statusName } from './statuses';

function submissionUri(ctx: EmulatorContext, id: number, suffix = ''): string {
  return `${ctx.origin()}${MODULE_PATHS.compilers}/submissions/${id}${suffix}?access_token=${encodeURIComponent(ctx.streamToken())}`;
}

function resultCore(record: SubmissionRecord) {
  const final = isFinal(record.status);
  return {
    status: { code: record.status, name: statusName(record.status) },
    // Data not available yet is null rather than 0.
    time: final ? record.time : null,
    memory: final ? record.memory : null,
    signal: final ? record.signal : null,
    signal_desc: final ? signalDescription(record.signal) : null,
  };
}

function header(record: SubmissionRecord) {
  return {
    id: record.id,
    executing: !isFinal(record.status),
    date: formatDate(record.createdAt),
    compiler: {
      id: record.compiler.id,
      name: record.compiler.name,
      version: { id: record.compiler.version.id, name: record.compiler.version.name },
    },
  };
}

export function submissionView(ctx: EmulatorContext, record: SubmissionRecord) {
  const streams: Record<string, { size: number; uri: string } | null> = {};
  for (const name of STREAMS) {
    const size = record.streams[name];
    streams[name] = size === undefined ? null : { size, uri: submissionUri(ctx, record.id, `/${name}`) };
  }
  return { ...header(record), result: { ...resultCore(record), streams } };
}

export function listItemView(ctx: EmulatorContext, record: SubmissionRecord) {
  return { ...header(record), result: resultCore(record), uri: submissionUri(ctx, record.id) };
}
