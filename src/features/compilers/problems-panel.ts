// Compiler messages and runtime tracebacks → Diagnostics on the user's files (Problems panel),
// until the file is edited (RunDiagnostics).
import { promises as fsp } from 'node:fs';
import * as vscode from 'vscode';
import type { Diagnostic, DiagnosticsFamily } from '../../core/diagnostics';
import { diagnosticsParsers } from '../../core/load-diagnostics';
import { RunDiagnostics } from '../../ui/run-diagnostics';

export const DIAGNOSTIC_SOURCE = 'Sphere Engine';

export interface DiagnosticsTarget {
  /** Absolute local folder of the run's files. */
  localRoot: string;
  /** Posix paths relative to localRoot. */
  localFiles: string[];
  /** Remote name → local relative path (a single file runs as prog.<ext>). */
  aliases?: Record<string, string>;
}

export class ProblemsPanel implements vscode.Disposable {
  private readonly collection = new RunDiagnostics('sphere-engine-compilers');

  clear(): void {
    this.collection.clear();
  }

  /** Parses `text` with the language's parser and publishes what maps onto local files; returns how many. */
  async publish(text: string, family: DiagnosticsFamily | undefined, target: DiagnosticsTarget): Promise<number> {
    if (!family || !text) return 0;
    const { alignColumn, createPathMapper, mapDiagnostics, parseDiagnostics } = diagnosticsParsers();
    const mapper = createPathMapper(target);
    const mapped = mapDiagnostics(parseDiagnostics(text, family), mapper);
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const d of mapped) {
      const lines = await fileLines(d.file);
      const aligned = alignColumn(d, lines[d.line - 1] ?? '');
      const list = byFile.get(aligned.file) ?? [];
      list.push(toVscode(aligned, lines));
      byFile.set(aligned.file, list);
    }
    for (const [file, list] of byFile) {
      const uri = vscode.Uri.file(file);
      this.collection.set(uri, [...(this.collection.get(uri) ?? []), ...list]);
    }
    return mapped.length;
  }

  dispose(): void {
    this.collection.dispose();
  }
}

async function fileLines(file: string): Promise<string[]> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
  const text = open ? open.getText() : await fsp.readFile(file, 'utf8').catch(() => '');
  return text.split(/\r?\n/);
}

function toVscode(d: Diagnostic, lines: string[]): vscode.Diagnostic {
  const line = Math.max(0, d.line - 1);
  const text = lines[line] ?? '';
  const firstNonBlank = /^\s*/.exec(text)![0].length;
  const start = d.column !== undefined ? Math.max(0, d.column - 1) : firstNonBlank;
  // To the end of the line: a one-character squiggle is hard to see.
  const end = Math.max(start + 1, text.length);
  const diagnostic = new vscode.Diagnostic(new vscode.Range(line, start, line, end), d.message, severity(d.severity));
  diagnostic.source = `${DIAGNOSTIC_SOURCE} (${d.source})`;
  if (d.related?.length) {
    diagnostic.relatedInformation = d.related.map(
      (r) =>
        new vscode.DiagnosticRelatedInformation(
          new vscode.Location(vscode.Uri.file(r.file), new vscode.Position(Math.max(0, r.line - 1), Math.max(0, (r.column ?? 1) - 1))),
          r.message,
        ),
    );
  }
  return diagnostic;
}

function severity(s: Diagnostic['severity']): vscode.DiagnosticSeverity {
  return s === 'warning' ? vscode.DiagnosticSeverity.Warning : s === 'info' ? vscode.DiagnosticSeverity.Information : vscode.DiagnosticSeverity.Error;
}
