// Maps paths printed by a remote run back onto the user's local files.
//
// Remote paths take many shapes: `/home/user/workspace/src/a.py` (Containers),
// an emulator run directory (`/tmp/se-run-42/prog.cpp`), or a bare `prog.cpp`.
// Rather than knowing every prefix, we match the longest trailing run of path
// segments that names a local file: `/anything/src/a.py` → `src/a.py`.
//
// Decision: diagnostics whose file (and every stack frame) maps to no local
// file are DROPPED. VS Code can only show a diagnostic in a file it can open,
// and library frames (`/usr/lib/python3.11/json/decoder.py`) are noise; callers
// still print the raw output, so nothing is lost for the user.
import * as path from 'node:path';
import type { Diagnostic, SourcePosition } from './types';

export interface PathMapperOptions {
  /** Absolute local folder the files live in. */
  localRoot: string;
  /** Local files, posix paths relative to localRoot (e.g. from the packer's scan). */
  localFiles: readonly string[];
  /**
   * Remote name → local relative path, for single-file runs where the remote
   * side renamed the file (`prog.cpp` → `solutions/two-sum.cpp`).
   */
  aliases?: Readonly<Record<string, string>>;
}

export type PathMapper = (remotePath: string) => string | undefined;

export function createPathMapper(options: PathMapperOptions): PathMapper {
  const known = new Set(options.localFiles.map(normalise));
  const aliases = new Map(Object.entries(options.aliases ?? {}).map(([k, v]) => [normalise(k), normalise(v)]));
  return (remotePath) => {
    const segments = normalise(remotePath)
      .split('/')
      .filter((s) => s !== '' && s !== '.');
    if (segments.length === 0 || segments.includes('..')) return undefined;
    for (let start = 0; start < segments.length; start++) {
      const candidate = segments.slice(start).join('/');
      const local = aliases.get(candidate) ?? (known.has(candidate) ? candidate : undefined);
      if (local !== undefined) return path.join(options.localRoot, ...local.split('/'));
    }
    return undefined;
  };
}

/**
 * Rewrites each diagnostic's file to a local absolute path. When the reported
 * position is not a local file, the innermost stack frame that is takes its
 * place; diagnostics with no local position at all are dropped.
 */
export function mapDiagnostics(diagnostics: readonly Diagnostic[], mapper: PathMapper): Diagnostic[] {
  const mapped: Diagnostic[] = [];
  for (const d of diagnostics) {
    const { columnIgnoresIndent, related, stack, ...rest } = d;
    let result: Diagnostic | undefined;
    const file = mapper(d.file);
    if (file) {
      result = { ...rest, file, ...(columnIgnoresIndent ? { columnIgnoresIndent } : {}) };
    } else {
      const frame = firstLocalFrame(stack ?? [], mapper);
      if (frame) {
        // The frame's own column (or none) replaces the header's.
        delete rest.column;
        result = { ...rest, ...frame };
      }
    }
    if (!result) continue;
    if (stack) result.stack = stack.map((f) => ({ ...f, file: mapper(f.file) ?? f.file }));
    if (related) {
      result.related = related.flatMap((r) => {
        const relatedFile = mapper(r.file);
        return relatedFile ? [{ ...r, file: relatedFile }] : [];
      });
    }
    mapped.push(result);
  }
  return mapped;
}

function firstLocalFrame(stack: readonly SourcePosition[], mapper: PathMapper): SourcePosition | undefined {
  for (const frame of stack) {
    const file = mapper(frame.file);
    if (file) return { ...frame, file };
  }
  return undefined;
}

/**
 * Python reports syntax-error columns relative to the line without its
 * indentation; given the real line text, returns the column in that line.
 */
export function alignColumn(d: Diagnostic, lineText: string): Diagnostic {
  if (!d.columnIgnoresIndent || d.column === undefined) return d;
  const indent = /^\s*/.exec(lineText)![0].length;
  const { columnIgnoresIndent: _ignored, ...rest } = d;
  return { ...rest, column: d.column + indent };
}

function normalise(p: string): string {
  return p.replace(/\\/g, '/').replace(/^\.\//, '');
}
