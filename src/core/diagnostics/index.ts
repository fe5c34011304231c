// One entry point: raw tool output + which tool → diagnostics. Parsers are
// tried per family; runtime parsers (tracebacks) and compile parsers can both
// apply to one run's text (compile messages in cmpinfo, traces in stderr).
import { parseGccOutput } from './gcc';
import { parseJavacOutput, parseJavaException } from './java';
import { parseNodeError } from './node';
import { parsePythonTraceback } from './python';
import type { Diagnostic } from './types';

export type DiagnosticsFamily = 'gcc' | 'python' | 'node' | 'java';

export function parseDiagnostics(text: string, family: DiagnosticsFamily): Diagnostic[] {
  switch (family) {
    case 'gcc':
      return parseGccOutput(text);
    case 'python':
      return parsePythonTraceback(text);
    case 'node':
      return parseNodeError(text);
    case 'java':
      return [...parseJavacOutput(text), ...parseJavaException(text)];
  }
}

export type { Diagnostic, Severity, SourcePosition } from './types';
export { parseGccOutput } from './gcc';
export { parseJavacOutput, parseJavaException } from './java';
export { parseNodeError } from './node';
export { parsePythonTraceback } from './python';
export { alignColumn, createPathMapper, mapDiagnostics, type PathMapper, type PathMapperOptions } from './path-mapper';
