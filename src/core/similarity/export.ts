// The report as CSV (one row per pair, then one per entry not compared) and as JSON (the whole
// report), for a spreadsheet or an archive of the decision. Both carry the same caution as the page.
import { csvCell } from '../csv-cell';
import type { SimilarityReport } from './types';

export const CAUTION = 'Similarity is evidence for a person to review, not proof of copying.';

const quote = (v: string | number) => csvCell(String(v));

export function toCsv(report: SimilarityReport): string {
  const lines = [['solution_a', 'solution_b', 'similarity_percent', 'shared_fingerprints', 'longest_tokens', 'longest_a', 'longest_b', 'note'].join(',')];
  const where = (r?: { file: string; from: number; to: number }) => (r ? `${r.file}:${r.from}-${r.to}` : '');
  const thin = new Set(report.solutions.filter((s) => s.comparedByRemainder).map((s) => s.key));
  for (const p of report.pairs) {
    const mostly = [p.a, p.b].filter((k) => thin.has(k));
    const note = mostly.length > 0 ? `compared by what remains: ${mostly.join(' and ')} mostly code the class shares` : '';
    lines.push([p.a, p.b, (p.similarity * 100).toFixed(1), p.shared, p.longest?.tokens ?? '', where(p.longest?.a), where(p.longest?.b), note].map(quote).join(','));
  }
  for (const s of report.skipped) lines.push([s.key, '', '', '', '', '', '', `not compared: ${s.reason}`].map(quote).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function toJson(report: SimilarityReport): string {
  return `${JSON.stringify({ caution: CAUTION, ...report }, null, 2)}\n`;
}
