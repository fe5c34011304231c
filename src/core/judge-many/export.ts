// The job's results to keep: CSV (one row per solution, one column per test case) and JSON.
import type { JobSnapshot, SolutionRow } from './types';

export const CSV_HEADER = ['solution', 'kind', 'compiler_id', 'submission_id', 'state', 'verdict', 'score', 'time_s', 'memory_kb', 'note'];

/** The test case numbers any row has a result for, in order. */
export function testNumbers(rows: readonly SolutionRow[]): number[] {
  const numbers = new Set<number>();
  for (const row of rows) for (const t of row.result?.tests ?? []) numbers.add(t.number);
  return [...numbers].sort((a, b) => a - b);
}

/** `test_<n>` columns hold that test case's verdict name; empty when it was not run. */
export function toCsv(job: JobSnapshot): string {
  const tests = testNumbers(job.rows);
  const lines = [[...CSV_HEADER, ...tests.map((n) => `test_${n}`)]];
  for (const row of job.rows) {
    const r = row.result;
    const byNumber = new Map((r?.tests ?? []).map((t) => [t.number, t.status]));
    lines.push([
      row.key,
      row.kind,
      row.compilerId?.toString() ?? '',
      row.submissionId?.toString() ?? '',
      row.phase,
      r?.status ?? '',
      r?.score?.toString() ?? '',
      r?.time?.toString() ?? '',
      r?.memory?.toString() ?? '',
      row.problem ?? row.error ?? '',
      ...tests.map((n) => byNumber.get(n) ?? ''),
    ]);
  }
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function toJson(job: JobSnapshot): string {
  return `${JSON.stringify(job, null, 2)}\n`;
}

/**
 * RFC 4180 quoting; a cell a spreadsheet would run as a formula (a student's file named
 * `=HYPERLINK(…).py`) gets a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
