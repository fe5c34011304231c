// The job's results to keep: CSV (one row per solution, one column per test case) and JSON.
import { csvCell } from '../csv-cell';
import { shownColumns } from './columns';
import type { JobSnapshot, JudgedTest, SolutionRow } from './types';

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
  const columns = shownColumns(job.scored, 'csv');
  const lines = [[...columns.map((c) => c.csv), ...tests.map((c) => `test_${c.id}`)]];
  for (const row of job.rows) {
    const byNumber = new Map((row.result?.tests ?? []).map((t) => [testId(t), t.status]));
    // A binary problem keeps its score column in the CSV, empty: the service's 0 means nothing there.
    lines.push([...columns.map((c) => (c.scoreOnly && job.scored === false ? '' : c.value(row))), ...tests.map((c) => byNumber.get(c.id) ?? '')]);
  }
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function toJson(job: JobSnapshot): string {
  return `${JSON.stringify(job, null, 2)}\n`;
}

/** One cell, as every CSV of ours writes it (src/core/csv-cell.ts). */
export { csvCell } from '../csv-cell';
