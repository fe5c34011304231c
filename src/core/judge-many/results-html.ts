// The results page of a job, as strings (no vscode): the page shell once, then its table and
// chart on every update. Everything from a file name or the service is escaped; the chart is
// SVG drawn here, so the page loads nothing from anywhere (its CSP allows no remote content).
import { type PageColumn, type ResultColumn, shownColumns } from './columns';
import { testColumns, testId, type TestColumn } from './export';
import { describeProgress, PROGRESS_WORDS } from './progress';
import { countRows, isPassed, type JobCounts, type JobSnapshot, type SolutionRow } from './types';

export interface ResultsUpdate {
  summary: string;
  head: string;
  body: string;
  chart: string;
}

/** The page's own words, translated by the caller (the VS Code side passes vscode.l10n.t's). */
export interface ResultsLabels {
  /** Each page column's header (columns.ts lists them, in order). */
  columns: Record<PageColumn, string>;
  test: (n: number) => string;
  /** A row's tooltip: "Submission 42". */
  submission: (id: number) => string;
  phases: Record<'skipped' | 'failed' | 'sending' | 'sent' | 'pending', string>;
  exportCsv: string;
  exportJson: string;
  verdicts: string;
  scores: string;
  summary: (job: JobSnapshot, counts: JobCounts) => string;
  /** The similarity column's header and the button that runs Check Similarity in Folder (issue 29). */
  similarity?: { column: string; button: string };
}

/** How many rows' cell texts the page reports back after each render (tests read what it shows). */
export const RENDERED_SAMPLE_ROWS = 50;

/** What the page reports after each render: the text it shows, as a person reads it. */
export interface RenderedTable {
  rows: number;
  head: string[];
  sample: Array<{ key: string; cells: string[] }>;
}

/** Each solution's closest partner from the folder's latest similarity check (issue 29). */
export type SimilarityColumn = ReadonlyMap<string, { partner: string; similarity: number }>;

export const ENGLISH: ResultsLabels = {
  columns: { solution: 'Solution', verdict: 'Verdict', score: 'Score', time: 'Time (s)', memory: 'Memory (KB)', note: 'Note' },
  test: (n) => `Test ${n}`,
  submission: (id) => `Submission ${id}`,
  phases: { skipped: PROGRESS_WORDS.notSendable, failed: PROGRESS_WORDS.refused, sending: PROGRESS_WORDS.judging, sent: PROGRESS_WORDS.judging, pending: PROGRESS_WORDS.notSent },
  exportCsv: 'Export CSV…',
  exportJson: 'Export JSON…',
  verdicts: 'Verdicts',
  scores: 'Scores',
  summary: (job, c) => `${job.problemLabel} · ${c.total} solutions: ${describeProgress(c)}` + (job.stopReason ? ` · Stopped: ${job.stopReason}` : ''),
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function verdictClass(row: SolutionRow): string {
  if (row.phase !== 'judged') return `phase-${row.phase}`;
  return isPassed(row.result!) ? 'ok' : 'bad';
}

function rowVerdict(row: SolutionRow, labels: ResultsLabels): string {
  if (row.result) return row.result.status;
  return labels.phases[row.phase === 'judged' ? 'sent' : row.phase];
}

const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** A cell with its sort key: numbers sort as numbers, empty ones last. */
/** A column's cell: its value, except the solution (a folder ends in /) and the verdict (a row without a result says its phase, coloured). */
function pageCell(column: ResultColumn, row: SolutionRow, labels: ResultsLabels): string {
  if (column.page === 'solution') return cell(row.key + (row.kind === 'folder' ? '/' : ''));
  if (column.page === 'verdict') {
    const verdict = rowVerdict(row, labels);
    return cell(verdict, verdict, verdictClass(row));
  }
  return cell(column.value(row), column.sortKey?.(row) ?? column.value(row));
}

function cell(text: string, sortKey: string | number = text, cls = ''): string {
  return `<td${cls ? ` class="${cls}"` : ''} data-v="${escapeHtml(String(sortKey))}">${escapeHtml(text)}</td>`;
}

/** `scored` false (a binary problem): no Score column at all, an empty one says nothing (issue 40 item 14). */
export function renderHead(tests: readonly TestColumn[], labels: ResultsLabels, similar?: SimilarityColumn, scored = true): string {
  const columns = shownColumns(scored, 'page').map((c) => labels.columns[c.page!]);
  const names = [...columns, ...(similar ? [labels.similarity?.column ?? 'Most similar to'] : []), ...tests.map((c) => c.name ?? labels.test(c.number))];
  return `<tr>${names.map((n, i) => `<th data-col="${i}" tabindex="0">${escapeHtml(n)}</th>`).join('')}</tr>`;
}

/** `scored` false (a binary problem): no score cell, the service's 0 means nothing there. */
export function renderBody(rows: readonly SolutionRow[], tests: readonly TestColumn[], labels: ResultsLabels, scored = true, similar?: SimilarityColumn): string {
  const parts: string[] = [];
  for (const row of rows) {
    const r = row.result;
    const byNumber = new Map((r?.tests ?? []).map((t) => [testId(t), t]));
    // The submission id on hover: the Note column holds only what the CSV's note holds.
    const title = row.submissionId !== undefined ? ` title="${escapeHtml(labels.submission(row.submissionId))}"` : '';
    let html = `<tr data-key="${escapeHtml(row.key)}"${title} tabindex="0">`;
    for (const column of shownColumns(scored, 'page')) html += pageCell(column, row, labels);
    const best = similar?.get(row.key);
    if (similar) html += best ? cell(`${Math.round(best.similarity * 100)}% · ${best.partner}`, best.similarity) : cell('');
    for (const c of tests) {
      const t = byNumber.get(c.id);
      html += t ? cell(t.status, t.status, isPassed(t) ? 'ok' : 'bad') : cell('');
    }
    parts.push(`${html}</tr>`);
  }
  return parts.join('');
}

/** Verdict counts as bars, and the score distribution in ten bins (not for a binary problem). */
export function renderChart(rows: readonly SolutionRow[], labels: ResultsLabels, scored = true): string {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const verdict = rowVerdict(row, labels);
    counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  }
  const idle = new Set([labels.phases.pending, labels.phases.sent, labels.phases.skipped]);
  const passed = new Set(rows.filter((r) => r.result && isPassed(r.result)).map((r) => r.result!.status));
  const entries = [...counts].sort((a, b) => b[1] - a[1]);
  const max = Math.max(1, ...entries.map(([, n]) => n));
  const barH = 18;
  const width = 360;
  const label = 120;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Verdict counts" width="${width + label + 40}" height="${entries.length * barH + 24}">`;
  svg += `<text x="0" y="14" class="title">${escapeHtml(labels.verdicts)}</text>`;
  entries.forEach(([name, n], i) => {
    const y = 20 + i * barH;
    const w = Math.max(1, Math.round((n / max) * width));
    const cls = passed.has(name) ? 'bar ok' : idle.has(name) ? 'bar idle' : 'bar bad';
    svg += `<text x="0" y="${y + 13}">${escapeHtml(name)}</text><rect class="${cls}" x="${label}" y="${y + 2}" width="${w}" height="${barH - 4}"/><text x="${label + w + 4}" y="${y + 13}">${n}</text>`;
  });
  svg += '</svg>';
  return svg + (scored ? scoreHistogram(rows, labels) : '');
}

function scoreHistogram(rows: readonly SolutionRow[], labels: ResultsLabels): string {
  const scores = rows.map((r) => r.result?.score).filter((s): s is number => typeof s === 'number');
  if (scores.length === 0) return '';
  const lo = Math.min(...scores);
  const hi = Math.max(...scores);
  const bins = new Array<number>(10).fill(0);
  for (const s of scores) bins[hi === lo ? 0 : Math.min(9, Math.floor(((s - lo) / (hi - lo)) * 10))]++;
  const max = Math.max(...bins);
  const colW = 30;
  const h = 100;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Score distribution" width="${colW * 10 + 20}" height="${h + 40}">`;
  svg += `<text x="0" y="14" class="title">${escapeHtml(labels.scores)} ${escapeHtml(num(lo))}–${escapeHtml(num(hi))}</text>`;
  bins.forEach((n, i) => {
    const bh = Math.round((n / max) * h);
    svg += `<rect class="bar ok" x="${i * colW}" y="${20 + h - bh}" width="${colW - 4}" height="${bh}"/>`;
    if (n) svg += `<text x="${i * colW}" y="${20 + h + 14}">${n}</text>`;
  });
  return `${svg}</svg>`;
}

export function renderUpdate(job: JobSnapshot, labels: ResultsLabels = ENGLISH, similar?: SimilarityColumn): ResultsUpdate {
  const tests = testColumns(job.rows);
  const summary = labels.summary(job, countRows(job.rows));
  const scored = job.scored !== false;
  return {
    summary: escapeHtml(summary),
    head: renderHead(tests, labels, similar, scored),
    body: renderBody(job.rows, tests, labels, scored, similar),
    chart: renderChart(job.rows, labels, scored),
  };
}

/**
 * The page shell: a nonce for its one script and style, nothing else allowed. The script fills
 * the table from update messages, sorts by a clicked header and reports clicked rows.
 */
export function renderPage(title: string, nonce: string, first: ResultsUpdate, labels: ResultsLabels = ENGLISH): string {
  const csp = `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src data:;`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body{font-family:var(--vscode-font-family);color:var(--vscode-foreground);padding:8px 16px}
table{border-collapse:collapse;font-size:var(--vscode-editor-font-size)}
th,td{padding:2px 8px;text-align:left;border-bottom:1px solid var(--vscode-panel-border,#8884);white-space:nowrap}
th{cursor:pointer;position:sticky;top:0;background:var(--vscode-editor-background)}
th.asc::after{content:" ▲"}th.desc::after{content:" ▼"}
tbody tr{cursor:pointer}tbody tr:hover{background:var(--vscode-list-hoverBackground)}
.ok{color:var(--vscode-testing-iconPassed,#3a3)}.bad{color:var(--vscode-testing-iconFailed,#c33)}
.phase-skipped,.phase-failed{color:var(--vscode-errorForeground,#c33)}
svg text{fill:var(--vscode-foreground);font-size:12px}svg .title{font-weight:bold}
rect.ok{fill:var(--vscode-testing-iconPassed,#3a3)}rect.bad{fill:var(--vscode-testing-iconFailed,#c33)}rect.idle{fill:#888}
#chart{display:flex;gap:32px;flex-wrap:wrap;margin:8px 0}
button{background:var(--vscode-button-background);color:var(--vscode-button-foreground);border:0;padding:4px 10px;margin-right:6px;cursor:pointer}
</style></head><body>
<p id="summary">${first.summary}</p>
<p><button id="csv">${escapeHtml(labels.exportCsv)}</button><button id="json">${escapeHtml(labels.exportJson)}</button>${labels.similarity ? `<button id="similarity">${escapeHtml(labels.similarity.button)}</button>` : ''}</p>
<div id="chart">${first.chart}</div>
<table><thead id="head">${first.head}</thead><tbody id="body">${first.body}</tbody></table>
<script nonce="${nonce}">
(function () {
  const vscode = acquireVsCodeApi();
  const body = document.getElementById('body');
  const head = document.getElementById('head');
  // What the page shows, as text, reported back: the row count, the header, the first rows' cells.
  const rendered = () => vscode.postMessage({ type: 'rendered', rows: body.rows.length,
    head: [...head.querySelectorAll('th')].map((th) => th.textContent),
    sample: [...body.rows].slice(0, ${RENDERED_SAMPLE_ROWS}).map((tr) => ({ key: tr.dataset.key, cells: [...tr.cells].map((td) => td.textContent) })) });
  let sort = vscode.getState() || { col: -1, dir: 1 };
  function key(td) { const v = td ? td.dataset.v : ''; const n = Number(v); return v !== '' && !isNaN(n) ? n : v; }
  function apply() {
    head.querySelectorAll('th').forEach((th) => { th.classList.toggle('asc', +th.dataset.col === sort.col && sort.dir > 0); th.classList.toggle('desc', +th.dataset.col === sort.col && sort.dir < 0); });
    if (sort.col < 0) return;
    const rows = Array.from(body.rows);
    rows.sort((a, b) => {
      const x = key(a.cells[sort.col]), y = key(b.cells[sort.col]);
      if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), undefined, { numeric: true })) * sort.dir;
    });
    body.append(...rows);
  }
  head.addEventListener('click', (e) => {
    const th = e.target.closest('th'); if (!th) return;
    const col = +th.dataset.col;
    sort = { col, dir: sort.col === col ? -sort.dir : 1 };
    vscode.setState(sort); apply();
  });
  body.addEventListener('click', (e) => { const tr = e.target.closest('tr'); if (tr) vscode.postMessage({ type: 'open', key: tr.dataset.key }); });
  body.addEventListener('keydown', (e) => { const tr = e.target.closest('tr'); if (tr && e.key === 'Enter') vscode.postMessage({ type: 'open', key: tr.dataset.key }); });
  document.getElementById('csv').addEventListener('click', () => vscode.postMessage({ type: 'export', format: 'csv' }));
  document.getElementById('json').addEventListener('click', () => vscode.postMessage({ type: 'export', format: 'json' }));
  document.getElementById('similarity')?.addEventListener('click', () => vscode.postMessage({ type: 'similarity' }));
  window.addEventListener('message', (e) => {
    const m = e.data; if (!m || m.type !== 'update') return;
    document.getElementById('summary').innerHTML = m.summary;
    document.getElementById('chart').innerHTML = m.chart;
    head.innerHTML = m.head; body.innerHTML = m.body; apply();
    rendered();
  });
  apply();
  rendered();
})();
</script></body></html>`;
}
