// The titles of the failed tests in mocha's spec-reporter output, so that a run's last lines (all
// a CI log may keep) say which tests failed, not only how many. The spec reporter lists each
// failure after "N failing" as
//     1) outer suite
//          inner suite
//          test title:
//        Error: message
// (hooks read `"before all" hook for "…":`). The title is the numbered line and the indented
// lines after it up to the one ending in ':'; the message is the first non-blank line after that.
'use strict';

/** @returns {string[]} one line per failure: "suite › … › test: first line of the error" */
function failedTestTitles(text) {
  const lines = text.replace(/\r/g, '').split('\n');
  const start = lines.findIndex((line) => /^\s*\d+ failing\s*$/.test(line));
  if (start < 0) return [];
  const titles = [];
  for (let i = start + 1; i < lines.length; i++) {
    const head = lines[i].match(/^\s*\d+\) (.+)$/);
    if (!head) continue;
    const parts = [head[1].trim()];
    let j = i + 1;
    // A title ends with ':' on its last line; the numbered line itself may already end so.
    while (!parts[parts.length - 1].endsWith(':') && j < lines.length && lines[j].trim() !== '') {
      parts.push(lines[j].trim());
      j++;
    }
    // Plain mocha leaves a blank line between the title and the error; the workbench's does not.
    while (j < lines.length && lines[j].trim() === '') j++;
    const message = (lines[j] ?? '').trim();
    titles.push(`${parts.join(' › ').replace(/:$/, '')}${message ? `: ${message}` : ''}`);
    i = j;
  }
  return titles;
}

module.exports = { failedTestTitles };
