// Python tracebacks. The message is the exception line (`ZeroDivisionError:
// division by zero`); the position is the innermost frame (the mapper moves it
// out of library code, using `stack`). SyntaxError-style reports have one
// `File "x", line N` header without `, in ...` and may carry a caret line.
import type { Diagnostic, SourcePosition } from './types';

const FRAME = /^\s*File "([^"]+)", line (\d+)(?:, in (.*))?$/;
const EXCEPTION_LINE = /^([A-Za-z_][\w.]*(?:Error|Exception|Warning|Exit|Interrupt|Iteration)\b[^:]*)(?::\s?(.*))?$/;
const CARET_ONLY = /^\s*[\^~]+\s*$/;

export function parsePythonTraceback(text: string): Diagnostic[] {
  const lines = text.split(/\r?\n/);
  // With chained exceptions the last traceback is the one that ended the program.
  const exceptionIndex = findLastIndex(lines, (l) => EXCEPTION_LINE.test(l) && !/^\s/.test(l));
  if (exceptionIndex < 0) return [];
  const m = EXCEPTION_LINE.exec(lines[exceptionIndex])!;
  const message = m[2] ? `${m[1]}: ${m[2]}` : m[1];

  const frames: Array<SourcePosition & { index: number }> = [];
  for (let i = exceptionIndex - 1; i >= 0; i--) {
    if (/^(Traceback \(most recent call last\):|During handling|The above exception)/.test(lines[i])) break;
    const f = FRAME.exec(lines[i]);
    if (f) frames.push({ file: f[1], line: Number(f[2]), index: i });
  }
  if (frames.length === 0) return [];

  const innermost = frames[0];
  const diagnostic: Diagnostic = {
    file: innermost.file,
    line: innermost.line,
    severity: 'error',
    message,
    source: 'python',
    stack: frames.map(({ file, line }) => ({ file, line })),
  };
  // Only syntax errors point at a column; runtime caret lines (`~~^~~`) mark
  // an expression span and come after a source line, not a header without ", in".
  const isSyntaxReport = !FRAME.exec(lines[innermost.index])![3];
  const source = lines[innermost.index + 1];
  const caret = lines[innermost.index + 2];
  if (isSyntaxReport && source !== undefined && caret !== undefined && CARET_ONLY.test(caret)) {
    const indent = /^\s*/.exec(source)![0].length;
    diagnostic.column = caret.indexOf('^') - indent + 1;
    diagnostic.columnIgnoresIndent = true;
  }
  return [diagnostic];
}

function findLastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}
