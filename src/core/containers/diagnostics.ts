// Compiler and interpreter messages of a Containers run → diagnostics on the user's local files.
// The project decides the language, and we are not told which, so every parser family reads the
// build and run error streams; each only recognises its own tool's format, so false hits are rare,
// and anything that maps to no local file is dropped by the path mapper anyway.
import type { Diagnostic, DiagnosticsFamily } from '../diagnostics';
import { diagnosticsParsers } from '../load-diagnostics';
import type { ContainersStreamName } from '../../api';

/** Where compilers and interpreters write: the build and run stages' streams. */
export const DIAGNOSTIC_STREAMS: readonly ContainersStreamName[] = ['stage_build_error', 'stage_build_output', 'stage_run_error'];
const FAMILIES: readonly DiagnosticsFamily[] = ['gcc', 'python', 'node', 'java'];

export interface LocalFolder {
  /** Absolute path of the folder that was sent. */
  root: string;
  /** Its files, posix paths relative to root (the packer's scan). */
  files: readonly string[];
}

export function containersDiagnostics(streams: Partial<Record<ContainersStreamName, string>>, folder: LocalFolder): Diagnostic[] {
  // `/home/user/workspace/src/a.py` ends in `src/a.py`, which the mapper finds among the files.
  const { createPathMapper, mapDiagnostics, parseDiagnostics } = diagnosticsParsers();
  const mapper = createPathMapper({ localRoot: folder.root, localFiles: folder.files });
  const found: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const name of DIAGNOSTIC_STREAMS) {
    const text = streams[name];
    if (!text) continue;
    for (const family of FAMILIES) {
      for (const d of mapDiagnostics(parseDiagnostics(text, family), mapper)) {
        const key = `${d.file}:${d.line}:${d.column ?? ''}:${d.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push(d);
      }
    }
  }
  return found;
}
