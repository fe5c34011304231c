// The similarity report and the side-by-side view as HTML strings (no vscode). Every name and
// every line of source is escaped; the pages load only their own script and style from
// media/similarity (the CSP allows nothing else), and the script reports clicks back as messages.
import { escapeHtml } from '../judge-many/results-html';
import { clusters } from './clusters';
import type { PairView, SimilarityReport } from './types';

/** The pages' words, translated by the caller (the VS Code side passes vscode.l10n.t's). */
export interface ReportLabels {
  caution: string;
  /** `shown` pairs at or above the `threshold` ("50%"), `hidden` below it: the table's own count (issue 40 item 12). */
  summary: (solutions: number, pairs: number, shown: number, hidden: number, threshold: string, skipped: number) => string;
  onlyOne: string;
  excluded: string;
  base: (path: string, fingerprints: number, removed: number) => string;
  noBase: string;
  common: (fingerprints: number) => string;
  commonOff: (minClass: number) => string;
  /** Solutions mostly made of code the class shares, compared by what remains of them (optional: an English default). */
  mostlyShared?: (solutions: string) => string;
  threshold: string;
  exportCsv: string;
  exportJson: string;
  chooseBase: string;
  clearBase: string;
  pairsTitle: string;
  columns: [similarity: string, a: string, b: string, longest: string, shared: string];
  lines: (file: string, from: number, to: number) => string;
  clustersTitle: string;
  noClusters: string;
  cluster: (size: number, max: string) => string;
  skippedTitle: string;
  skippedColumns: [entry: string, reason: string];
  morePairs: (shown: number, total: number) => string;
  regions: (count: number) => string;
  region: (n: number, tokens: number) => string;
}

export interface PageResources {
  cspSource: string;
  nonce: string;
  script: string;
  style: string;
}

/** Pairs listed on the page at most (the export has them all). */
export const MAX_LISTED_PAIRS = 1000;

const pct = (v: number) => `${Math.round(v * 100)}%`;

function shell(title: string, res: PageResources, body: string): string {
  const csp = `default-src 'none'; style-src ${res.cspSource}; script-src 'nonce-${res.nonce}' ${res.cspSource};`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${escapeHtml(res.style)}"></head>
<body>${body}<script nonce="${res.nonce}" src="${escapeHtml(res.script)}"></script></body></html>`;
}

export function renderClusters(report: SimilarityReport, threshold: number, labels: ReportLabels): string {
  const found = clusters(report.pairs, threshold);
  if (found.length === 0) return `<p class="muted">${escapeHtml(labels.noClusters)}</p>`;
  return `<ul class="clusters">${found
    .map((c) => `<li><strong>${escapeHtml(labels.cluster(c.members.length, pct(c.max)))}</strong> ${c.members.map((m) => `<code>${escapeHtml(m)}</code>`).join(' ')}</li>`)
    .join('')}</ul>`;
}

function excludedSection(report: SimilarityReport, labels: ReportLabels): string {
  const { base, common } = report.excluded;
  const items = [
    base ? labels.base(base.path, base.fingerprints, base.removed) : labels.noBase,
    common.applied ? labels.common(common.fingerprints) : labels.commonOff(report.settings.commonMinClass),
  ];
  const thin = report.solutions.filter((s) => s.comparedByRemainder).map((s) => s.key);
  if (thin.length > 0) items.push((labels.mostlyShared ?? mostlySharedNote)(thin.join(', ')));
  return `<h2>${escapeHtml(labels.excluded)}</h2><ul id="excluded">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}

export const mostlySharedNote = (solutions: string) =>
  `Mostly code the class shares, so compared by the little that remains of each (a score there rests on a few lines: read them): ${solutions}.`;

function pairsTable(report: SimilarityReport, labels: ReportLabels): string {
  const shown = report.pairs.slice(0, MAX_LISTED_PAIRS);
  const where = (r?: { file: string; from: number; to: number }) => (r ? labels.lines(r.file, r.from, r.to) : '');
  const rows = shown
    .map((p, i) => {
      const longest = p.longest ? `${where(p.longest.a)} ↔ ${where(p.longest.b)} (${p.longest.tokens})` : '';
      return `<tr data-a="${escapeHtml(p.a)}" data-b="${escapeHtml(p.b)}" data-sim="${p.similarity.toFixed(4)}" data-i="${i}" tabindex="0"><td class="num"><meter min="0" max="1" value="${p.similarity.toFixed(3)}"></meter> ${pct(p.similarity)}</td><td>${escapeHtml(p.a)}</td><td>${escapeHtml(p.b)}</td><td>${escapeHtml(longest)}</td><td class="num">${p.shared}</td></tr>`;
    })
    .join('');
  const head = `<tr>${labels.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>`;
  const more = report.pairs.length > shown.length ? `<p class="muted">${escapeHtml(labels.morePairs(shown.length, report.pairs.length))}</p>` : '';
  return `<h2>${escapeHtml(labels.pairsTitle)}</h2><table id="pairs"><thead>${head}</thead><tbody>${rows}</tbody></table>${more}`;
}

function skippedTable(report: SimilarityReport, labels: ReportLabels): string {
  if (report.skipped.length === 0) return '';
  const rows = report.skipped.map((s) => `<tr><td>${escapeHtml(s.key)}</td><td>${escapeHtml(s.reason)}</td></tr>`).join('');
  return `<h2>${escapeHtml(labels.skippedTitle)}</h2><table id="skipped"><thead><tr><th>${escapeHtml(labels.skippedColumns[0])}</th><th>${escapeHtml(labels.skippedColumns[1])}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/**
 * The report's first line: how many pairs share code, how many the table shows at the threshold
 * and how many it hides below it (the page's script hides a row when `data-sim` < threshold).
 */
export function reportSummary(report: SimilarityReport, threshold: number, labels: ReportLabels): string {
  const shown = report.pairs.filter((p) => Number(p.similarity.toFixed(4)) >= threshold).length;
  return labels.summary(report.solutions.length, report.pairs.length, shown, report.pairs.length - shown, pct(threshold), report.skipped.length);
}

/** The report's body (everything but the controls): replaced whole when the report is recomputed. */
export function renderReportUpdate(report: SimilarityReport, threshold: number, labels: ReportLabels): string {
  const summary = reportSummary(report, threshold, labels);
  const onlyOne = report.solutions.length < 2 ? `<p class="warn" id="only-one">${escapeHtml(labels.onlyOne)}</p>` : '';
  return `<p id="summary">${escapeHtml(summary)}</p>${onlyOne}${excludedSection(report, labels)}
<h2>${escapeHtml(labels.clustersTitle)}</h2><div id="clusters">${renderClusters(report, threshold, labels)}</div>
${pairsTable(report, labels)}${skippedTable(report, labels)}`;
}

export function renderReportPage(title: string, report: SimilarityReport, threshold: number, labels: ReportLabels, res: PageResources): string {
  const controls = `<div class="controls">
<label for="threshold">${escapeHtml(labels.threshold)}</label>
<input type="range" id="threshold" min="0" max="100" step="1" value="${Math.round(threshold * 100)}"><output id="threshold-value">${pct(threshold)}</output>
<button id="csv">${escapeHtml(labels.exportCsv)}</button><button id="json">${escapeHtml(labels.exportJson)}</button>
<button id="base">${escapeHtml(labels.chooseBase)}</button>${report.excluded.base ? `<button id="clear-base">${escapeHtml(labels.clearBase)}</button>` : ''}
</div>`;
  return shell(
    title,
    res,
    `<h1>${escapeHtml(title)}</h1><p class="caution" id="caution">${escapeHtml(labels.caution)}</p>${controls}<div id="report" data-view="report">${renderReportUpdate(report, threshold, labels)}</div>`,
  );
}

/** One side's files with its regions as <mark>s (regions on a side never overlap: regions.ts). */
function sideHtml(side: 'a' | 'b', files: PairView['a']['files'], view: PairView, labels: ReportLabels): string {
  return files
    .map((file, index) => {
      const marks = view.regions.filter((r) => r[side].file === index).sort((x, y) => x[side].start - y[side].start);
      let html = '';
      let at = 0;
      for (const r of marks) {
        const { start, end } = r[side];
        if (start < at) continue;
        html += escapeHtml(file.text.slice(at, start));
        html += `<mark class="m${r.id % 6}" data-r="${r.id}" tabindex="0" title="${escapeHtml(labels.region(r.id + 1, r.tokens))}">${escapeHtml(file.text.slice(start, end))}</mark>`;
        at = end;
      }
      html += escapeHtml(file.text.slice(at));
      // A one-file solution is named by its side's title already.
      const name = files.length > 1 ? `<h3>${escapeHtml(file.path)}</h3>` : '';
      return `${name}<pre><code>${html}</code></pre>`;
    })
    .join('');
}

export function renderPairPage(title: string, view: PairView, labels: ReportLabels, res: PageResources): string {
  const head = (key: string) => `<h2 class="side-title">${escapeHtml(key)}</h2>`;
  return shell(
    title,
    res,
    `<h1>${escapeHtml(title)}</h1><p class="caution">${escapeHtml(labels.caution)}</p>
<p id="pair-summary">${escapeHtml(`${pct(view.similarity)} · ${labels.regions(view.regions.length)}`)}</p>
<div class="sides" data-view="pair"><section data-side="a">${head(view.a.key)}${sideHtml('a', view.a.files, view, labels)}</section>
<section data-side="b">${head(view.b.key)}${sideHtml('b', view.b.files, view, labels)}</section></div>`,
  );
}
