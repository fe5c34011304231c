// A finished job in one line: how many rows got each verdict, most frequent first, then what was
// not judged (failed to send, not sendable, not sent). Plain data; the words come from the caller.
import type { SolutionRow } from './types';

export interface VerdictCount {
  verdict: string;
  count: number;
}

/** Judged rows by verdict name ("accepted", "wrong answer", "ok", "fail"), most frequent first. */
export function countVerdicts(rows: readonly SolutionRow[]): VerdictCount[] {
  const counts = new Map<string, number>();
  for (const row of rows) if (row.phase === 'judged' && row.result) counts.set(row.result.status, (counts.get(row.result.status) ?? 0) + 1);
  return [...counts].map(([verdict, count]) => ({ verdict, count })).sort((a, b) => b.count - a.count || a.verdict.localeCompare(b.verdict));
}
