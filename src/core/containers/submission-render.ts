// The text a person reads once a Containers submission is done: each stage in order with its
// numbers and its two streams, then the result. Plain text with fixed separators, so one output
// channel can hold many submissions and each is easy to find.
import { CONTAINERS_STAGES, CONTAINERS_STATUS, type ContainersStage, type ContainersStreamName, type ContainersSubmission } from '../../api';
import { formatTestsTable, type TestsReport } from './tests-report';

export interface RenderInput {
  submission: ContainersSubmission;
  streams: Partial<Record<ContainersStreamName, string>>;
  streamErrors?: Partial<Record<ContainersStreamName, string>>;
  testsReport?: TestsReport;
  testsReportError?: string;
  /** The local folder that was sent, for the header. */
  folder?: string;
}

const RULE = '='.repeat(72);
const STAGE_RULE = '-'.repeat(72);

/** First line of a submission's block; the output channel and tests look for it. */
export function submissionHeader(s: ContainersSubmission): string {
  return `Submission ${s.id} · ${s.project?.name ?? s.project?.id ?? 'project'} · scenario "${s.scenario}"`;
}

export function renderSubmission(input: RenderInput): string {
  const { submission: s, streams } = input;
  const errors = input.streamErrors ?? {};
  const out: string[] = [RULE, submissionHeader(s)];
  if (input.folder) out.push(`Folder: ${input.folder}`);
  if (s.date) out.push(`Date: ${s.date}`);
  out.push(RULE);

  for (const name of CONTAINERS_STAGES) {
    const stage = s.stages?.[name];
    if (!stage) continue;
    out.push('', `[${name}] ${describeStage(stage)}`);
    if (stage.status_changed_to) {
      const change = stage.status_changed_to;
      out.push(`  status changed to ${change.name} (${change.code})${change.desc ? `: ${change.desc}` : ''}`);
    }
    for (const kind of ['output', 'error'] as const) {
      const key = `stage_${name}_${kind}` as ContainersStreamName;
      const text = streams[key];
      if (errors[key]) out.push(`  ${kind}: could not be fetched (${errors[key]})`);
      if (text === undefined || text === '') continue;
      out.push(`  ${kind}:`, STAGE_RULE, text.replace(/\s+$/, ''), STAGE_RULE);
    }
  }

  out.push('', `Result: ${s.result.status.name} (${s.result.status.code})`);
  out.push(`  score: ${formatNumber(s.result.score)}`);
  out.push(`  time: ${s.result.time === null || s.result.time === undefined ? '-' : `${formatNumber(s.result.time)} s`}`);
  out.push(`  memory: ${s.result.memory === null || s.result.memory === undefined ? '-' : `${s.result.memory} KB`}`);
  if (s.result.signal) out.push(`  signal: ${s.result.signal}`);

  if (input.testsReport) out.push('', 'Tests report:', formatTestsTable(input.testsReport));
  else if (input.testsReportError) out.push('', `Tests report could not be read: ${input.testsReportError}`);
  if (errors.tests_report) out.push('', `Tests report could not be fetched: ${errors.tests_report}`);

  const code = s.result.status.code;
  if (code === CONTAINERS_STATUS.projectError) {
    out.push('', 'Project error: the project configuration made the run fail, not your code. Debug log:');
    out.push(streams.debug_log?.replace(/\s+$/, '') || errors.debug_log || '(the service gave no debug log)');
  } else if (streams.debug_log && code !== CONTAINERS_STATUS.internalError) {
    out.push('', 'Debug log:', streams.debug_log.replace(/\s+$/, ''));
  }
  if (code === CONTAINERS_STATUS.internalError) {
    out.push('', 'Internal error: the service failed on its side, not because of your code. Submit again.');
    if (streams.debug_log) out.push(streams.debug_log.replace(/\s+$/, ''));
  }
  out.push(`${RULE}`, '');
  return out.join('\n');
}

export function describeStage(stage: ContainersStage): string {
  const signal = stage.signal === null || stage.signal === undefined || stage.signal === '' ? '-' : String(stage.signal);
  return [`time ${formatNumber(stage.time)} s`, `exit code ${stage.exit_code}`, `signal ${signal}`, `skipped ${stage.skipped ? 'yes' : 'no'}`].join(' · ');
}

function formatNumber(n: number | null | undefined): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '-';
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}
