// The Containers `tests_report` stream: a JSON array of
// `{name, status: ok|error|failure|skipped, time, classname, error?, failure?}`.
// Projects write it with their own tooling, so we accept small variations
// (time as a numeric string, common status spellings) and reject anything
// else with an error that says what was wrong and where.

export type TestStatus = 'ok' | 'failure' | 'error' | 'skipped';

export interface TestCaseResult {
  name: string;
  classname: string;
  status: TestStatus;
  /** seconds */
  time: number;
  /** The failure or error text, when there is one. */
  message?: string;
}

export interface TestsSummary {
  total: number;
  passed: number;
  failed: number;
  errors: number;
  skipped: number;
  /** seconds, sum of the tests' times */
  time: number;
}

export interface TestsReport {
  tests: TestCaseResult[];
  summary: TestsSummary;
}

export class TestsReportError extends Error {
  constructor(message: string) {
    super(`Tests report: ${message}`);
    this.name = 'TestsReportError';
  }
}

const STATUS_ALIASES: Record<string, TestStatus> = {
  ok: 'ok',
  passed: 'ok',
  pass: 'ok',
  success: 'ok',
  failure: 'failure',
  failed: 'failure',
  fail: 'failure',
  error: 'error',
  errored: 'error',
  skipped: 'skipped',
  skip: 'skipped',
};

export function parseTestsReport(text: string): TestsReport {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    const excerpt = text.trim().slice(0, 60);
    throw new TestsReportError(`not valid JSON (${(err as Error).message}); it starts with ${JSON.stringify(excerpt)}`);
  }
  if (!Array.isArray(data)) throw new TestsReportError(`expected a JSON array of tests, got ${describeType(data)}`);
  const tests = data.map((item, index) => parseTest(item, index));
  return { tests, summary: summarise(tests) };
}

function parseTest(item: unknown, index: number): TestCaseResult {
  const where = `entry ${index + 1}`;
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new TestsReportError(`${where} should be an object, got ${describeType(item)}`);
  }
  const o = item as Record<string, unknown>;
  if (typeof o.name !== 'string' || o.name === '') throw new TestsReportError(`${where} has no "name"`);
  const rawStatus = typeof o.status === 'string' ? o.status.trim().toLowerCase() : undefined;
  const status = rawStatus === undefined ? undefined : STATUS_ALIASES[rawStatus];
  if (!status) {
    throw new TestsReportError(`${where} ("${o.name}") has status ${JSON.stringify(o.status)}; expected ok, failure, error or skipped`);
  }
  const time = typeof o.time === 'number' ? o.time : typeof o.time === 'string' && o.time.trim() !== '' ? Number(o.time) : 0;
  if (!Number.isFinite(time) || time < 0) throw new TestsReportError(`${where} ("${o.name}") has time ${JSON.stringify(o.time)}`);
  const messageField = status === 'failure' ? (o.failure ?? o.error) : status === 'error' ? (o.error ?? o.failure) : undefined;
  const message = messageField === undefined || messageField === null ? undefined : String(messageField);
  return {
    name: o.name,
    classname: typeof o.classname === 'string' ? o.classname : '',
    status,
    time,
    ...(message !== undefined ? { message } : {}),
  };
}

function summarise(tests: readonly TestCaseResult[]): TestsSummary {
  const count = (s: TestStatus): number => tests.filter((t) => t.status === s).length;
  return {
    total: tests.length,
    passed: count('ok'),
    failed: count('failure'),
    errors: count('error'),
    skipped: count('skipped'),
    time: roundSeconds(tests.reduce((sum, t) => sum + t.time, 0)),
  };
}

export function formatSummary(s: TestsSummary): string {
  const parts = [`${s.passed} passed`, `${s.failed} failed`, `${s.errors} errors`];
  if (s.skipped) parts.push(`${s.skipped} skipped`);
  return `${s.total} tests: ${parts.join(', ')} in ${formatSeconds(s.time)}`;
}

const STATUS_LABEL: Record<TestStatus, string> = { ok: 'PASS', failure: 'FAIL', error: 'ERROR', skipped: 'SKIP' };
const MAX_CELL = 60;

/**
 * A fixed-width table for an output channel:
 *   STATUS  TEST  CLASS  TIME
 * with each failure or error message indented under its row, then a summary.
 */
export function formatTestsTable(report: TestsReport): string {
  const rows = report.tests.map((t) => [STATUS_LABEL[t.status], clip(t.name), clip(t.classname), formatSeconds(t.time)]);
  const header = ['STATUS', 'TEST', 'CLASS', 'TIME'];
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((r) => r[col].length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, col) => (col === cells.length - 1 ? c.padStart(widths[col]) : c.padEnd(widths[col])))
      .join('  ')
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w)))];
  report.tests.forEach((t, i) => {
    out.push(line(rows[i]));
    if (t.message) for (const m of t.message.split(/\r?\n/)) out.push(`        ${m}`);
  });
  out.push('', formatSummary(report.summary));
  return out.join('\n');
}

function clip(s: string): string {
  const oneLine = s.replace(/\s+/g, ' ');
  return oneLine.length > MAX_CELL ? `${oneLine.slice(0, MAX_CELL - 1)}…` : oneLine;
}

function formatSeconds(s: number): string {
  return `${s.toFixed(3)}s`;
}

function roundSeconds(s: number): number {
  return Math.round(s * 1e6) / 1e6;
}

function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
