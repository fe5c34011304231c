// Node.js: an uncaught error prints `path:line`, the source line and a caret
// (syntax errors and thrown errors alike), a blank line, `Name: message`, then
// `at fn (path:L:C)` or `at path:L:C` frames. The header is the best position
// when present; the frames are the fallback for the mapper.
import type { Diagnostic, SourcePosition } from './types';

const HEADER = /^(.+?):(\d+)$/;
const ERROR_LINE = /^([A-Za-z_$][\w$]*(?:Error|Exception)?)(?: \[[A-Z_]+\])?: (.*)$|^(Uncaught .*)$/;
const FRAME_PARENS = /^\s+at (?:async )?.*?\((.+):(\d+):(\d+)\)\s*$/;
const FRAME_BARE = /^\s+at (?:async )?(.+):(\d+):(\d+)\s*$/;

export function parseNodeError(text: string): Diagnostic[] {
  const lines = text.split(/\r?\n/);
  const errorIndex = lines.findIndex((l) => ERROR_LINE.test(l) && isFollowedByFrames(lines, l));
  if (errorIndex < 0) return [];
  const message = lines[errorIndex].trim();

  const stack: SourcePosition[] = [];
  for (const l of lines.slice(errorIndex + 1)) {
    const f = FRAME_PARENS.exec(l) ?? FRAME_BARE.exec(l);
    if (!f) continue;
    stack.push({ file: stripFileUrl(f[1]), line: Number(f[2]), column: Number(f[3]) });
  }

  let position: SourcePosition | undefined;
  const header = lines.slice(0, errorIndex).findIndex((l) => HEADER.test(l) && !/^\s/.test(l));
  if (header >= 0) {
    const h = HEADER.exec(lines[header])!;
    position = { file: stripFileUrl(h[1]), line: Number(h[2]) };
    // Node echoes the line as written, so the caret index is the column.
    const caret = lines[header + 2];
    if (caret !== undefined && /^\s*\^+\s*$/.test(caret)) position.column = caret.indexOf('^') + 1;
  }
  position ??= stack[0];
  if (!position) return [];
  return [{ ...position, severity: 'error', message, source: 'node', stack }];
}

function isFollowedByFrames(lines: string[], line: string): boolean {
  const i = lines.indexOf(line);
  const next = lines[i + 1] ?? '';
  return /^\s+at /.test(next) || next.trim() === '' || i === lines.length - 1;
}

function stripFileUrl(p: string): string {
  return p.startsWith('file://') ? decodeURIComponent(p.slice('file://'.length)) : p;
}
