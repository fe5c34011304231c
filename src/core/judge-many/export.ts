// The job's results to keep: CSV (one row per solution, one column per test case) and JSON.
import { csvCell } from '../csv-cell';
import type { JobSnapshot, JudgedTest, SolutionRow } from './types';

export const CSV_HEADER = ['solution', 'kind', 'compiler_id', 'submission_id', 'state', 'verdict', 'score', 'time_s', 'memory_kb', 'note'];

/** A column of tests: a numbered test case (Problems) or a named test (a Containers tests report). */
export interface TestColumn {
  id: string;
  number: number;
  name?: string;
}

export const testId = (t: Pick<JudgedTest, 'number' | 'name'>): string => t.name ?? String(t.number);

/** The tests any row has a result for: numbered ones in order, named ones as first met. */
export function testColumns(rows: readonly SolutionRow[]): TestColumn[] {
  const columns = new Map<string, TestColumn>();
  for (const row of rows) for (const t of row.result?.tests ?? []) if (!columns.has(testId(t))) columns.set(testId(t), { id: testId(t), number: t.number, name: t.name });
  return [...columns.values()].sort((a, b) => (a.name === undefined && b.name === undefined ? a.number - b.number : 0));
}

/** `test_<n>` (or `test_<name>`) columns hold that test's verdict name; empty when it was not run. */
export function toCsv(job: JobSnapshot): string {
  const tests = testColumns(job.rows);
  const lines = [[...CSV_HEADER, ...tests.map((c) => `test_${c.id}`)]];
  for (const row of job.rows) {
    const r = row.result;
    const byNumber = new Map((r?.tests ?? []).map((t) => [testId(t), t.status]));
    lines.push([
      row.key,
      row.kind,
      row.compilerId?.toString() ?? '',
      row.submissionId?.toString() ?? '',
      row.phase,
      r?.status ?? '',
      job.scored === false ? '' : (r?.score?.toString() ?? ''),
      r?.time?.toString() ?? '',
      r?.memory?.toString() ?? '',
      noteOf(row),
      ...tests.map((c) => byNumber.get(c.id) ?? ''),
    ]);
  }
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The note of a row, the same on the results page and in the CSV: why it was not sent or not judged. */
export function noteOf(row: SolutionRow): string {
  return row.problem ?? row.error ?? row.result?.note ?? '';
}

export function toJson(job: JobSnapshot): string {
  return `${JSON.stringify(job, null, 2)}\n`;
}

/** One cell, as every CSV of ours writes it (src/core/csv-cell.ts). */
export { csvCell } from '../csv-cell';
