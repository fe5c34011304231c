// Compiler messages and runtime tracebacks → Diagnostics on the user's files (Problems panel),
// until the file is edited (RunDiagnostics).
import { promises as fsp } from 'node:fs';
import * as vscode from 'vscode';
import type { DiagnosticsFamily } from '../../core/diagnostics';
import { diagnosticsParsers } from '../../core/load-diagnostics';
import { RunDiagnostics, toVscodeDiagnostic } from '../../ui/run-diagnostics';

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
      list.push(toVscodeDiagnostic(aligned, lines[aligned.line - 1] ?? ''));
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
