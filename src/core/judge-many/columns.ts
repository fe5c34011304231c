// The judge results' columns: ONE list, in order, that the results page and the CSV both render
// (the JSON export is the whole job, every field). A new column is a row here, plus its page label
// (ResultsLabels.columns is keyed by the column, so a page column without a label does not compile).
// test/unit/judge-many/columns.test.ts fails when the page or the CSV lists a column of its own.
import type { SolutionRow } from './types';

/** The columns the results page shows (each with a label in ResultsLabels.columns). */
export type PageColumn = 'solution' | 'verdict' | 'score' | 'time' | 'memory' | 'note';

export interface ResultColumn {
  /** Its header in the CSV. */
  csv: string;
  /** Its column on the results page; absent: the CSV only (ids and states a spreadsheet may want). */
  page?: PageColumn;
  /** A score: left out of the page, and empty in the CSV, for a binary problem (issue 40 item 14). */
  scoreOnly?: boolean;
  /** Its value as text, the same in the CSV and on the page (the page's verdict cell words a row without a result itself). */
  value(row: SolutionRow): string;
  /** The page sorts by this when it is not the text (numbers). */
  sortKey?(row: SolutionRow): string | number;
}

const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The note of a row, the same on the results page and in the CSV: why it was not sent or not judged. */
export function noteOf(row: SolutionRow): string {
  return row.problem ?? row.error ?? row.result?.note ?? '';
}

export const RESULT_COLUMNS: readonly ResultColumn[] = [
  { csv: 'solution', page: 'solution', value: (row) => row.key },
  { csv: 'kind', value: (row) => row.kind },
  { csv: 'compiler_id', value: (row) => num(row.compilerId) },
  { csv: 'submission_id', value: (row) => num(row.submissionId) },
  { csv: 'state', value: (row) => row.phase },
  { csv: 'verdict', page: 'verdict', value: (row) => row.result?.status ?? '' },
  { csv: 'score', page: 'score', scoreOnly: true, value: (row) => num(row.result?.score), sortKey: (row) => row.result?.score ?? '' },
  { csv: 'time_s', page: 'time', value: (row) => num(row.result?.time), sortKey: (row) => row.result?.time ?? '' },
  { csv: 'memory_kb', page: 'memory', value: (row) => num(row.result?.memory), sortKey: (row) => row.result?.memory ?? '' },
  { csv: 'note', page: 'note', value: noteOf },
];

/** The columns a page or CSV of this job shows: without the score for a binary problem (`scored` false). */
export function shownColumns(scored: boolean | undefined, where: 'page' | 'csv'): readonly ResultColumn[] {
  return RESULT_COLUMNS.filter((c) => (where === 'csv' || c.page) && (where === 'csv' || scored !== false || !c.scoreOnly));
}
