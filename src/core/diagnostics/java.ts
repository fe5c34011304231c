// javac: `File.java:L: error: message`, then the source line and a caret line
// whose position gives the column. java at run time: `Exception in thread
// "main" x.Y: msg` followed by `at pkg.Class.method(File.java:L)` frames.
import type { Diagnostic, SourcePosition } from './types';

const JAVAC_LINE = /^(.+?\.java):(\d+):\s+(error|warning):\s+(.*)$/;
const CARET = /^(\s*)\^\s*$/;
const EXCEPTION = /^Exception in thread "[^"]*"\s+(.*)$/;
const FRAME = /^\s+at\s+[\w$.<>/]+\(([^():]+\.java):(\d+)\)\s*$/;

export function parseJavacOutput(text: string): Diagnostic[] {
  const lines = text.split(/\r?\n/);
  const result: Diagnostic[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = JAVAC_LINE.exec(lines[i]);
    if (!m) continue;
    const diagnostic: Diagnostic = {
      file: m[1],
      line: Number(m[2]),
      severity: m[3] === 'warning' ? 'warning' : 'error',
      message: m[4],
      source: 'javac',
    };
    // javac echoes the source line untouched, so the caret's index is the column.
    const caret = CARET.exec(lines[i + 2] ?? '');
    if (caret) diagnostic.column = caret[1].length + 1;
    result.push(diagnostic);
  }
  return result;
}

export function parseJavaException(text: string): Diagnostic[] {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => EXCEPTION.test(l));
  if (start < 0) return [];
  const message = EXCEPTION.exec(lines[start])![1];
  const stack: SourcePosition[] = [];
  for (const l of lines.slice(start + 1)) {
    const f = FRAME.exec(l);
    if (f) stack.push({ file: f[1], line: Number(f[2]) });
    else if (!/^\s+(at |\.\.\.)/.test(l)) break;
  }
  if (stack.length === 0) return [];
  return [{ ...stack[0], severity: 'error', message, source: 'java', stack }];
}
