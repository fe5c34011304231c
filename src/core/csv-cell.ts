// One cell of every CSV the extension writes (judge-many results, similarity reports).
//
// Quoted (RFC 4180) whenever it holds a separator of any locale, not only the comma: spreadsheets
// set to German or French split on `;`, others on tab, so the unquoted cell
// `a.py;=1+1;-2+3+cmd|' /C calc'!A0` became three cells there, two of them formulas (issue 36
// item 4). A cell a spreadsheet would run as a formula (a student's file named
// `=HYPERLINK(…).py`) gets a leading apostrophe. Only a cell that is a number as a whole (`-3`,
// `-0.25`, `+1e3`) is exempt: `-2+3+cmd|…` starts like one and is still a formula.
const WHOLE_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !WHOLE_NUMBER.test(value) ? `'${value}` : value;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
