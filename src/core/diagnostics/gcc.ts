// gcc and clang: `file:line[:col]: (fatal error|error|warning|note): message`.
// Source excerpts (`    5 |   code`), caret lines and `In function ...:`
// context lines are skipped. Notes are attached to the preceding error or
// warning as related information, since on their own they say nothing.
import type { Diagnostic } from './types';

const LINE = /^(.+?):(\d+):(?:(\d+):)?\s+(fatal error|error|warning|note|remark):\s+(.*)$/;

export function parseGccOutput(text: string): Diagnostic[] {
  const result: Diagnostic[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const m = LINE.exec(raw);
    if (!m) continue;
    const [, file, line, column, kind, message] = m;
    const position = { file, line: Number(line), ...(column ? { column: Number(column) } : {}) };
    if (kind === 'note' || kind === 'remark') {
      const previous = result[result.length - 1];
      if (previous) (previous.related ??= []).push({ ...position, message });
      else result.push({ ...position, severity: 'info', message, source: 'gcc' });
      continue;
    }
    result.push({ ...position, severity: kind === 'warning' ? 'warning' : 'error', message, source: 'gcc' });
  }
  return result;
}
