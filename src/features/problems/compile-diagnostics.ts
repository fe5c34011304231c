// Compilation errors of a submission as Diagnostics on the submitted file. A single-file
// submission is compiled under another name (prog.c, Main.java...), so every parsed message
// that is not about a system header belongs to the one file the user submitted.
import * as vscode from 'vscode';
import type { Diagnostic } from '../../core/diagnostics';
import { diagnosticsParsers } from '../../core/load-diagnostics';
import { languageForCompiler } from '../../core/languages';
import { toVscodeDiagnostic } from '../../ui/run-diagnostics';

const SYSTEM_PATH = /^\/(usr|lib|opt|nix)\//;

/** Parses `cmpinfo` for the compiler's family; [] when we have no parser for it. */
export function compileDiagnostics(cmpinfo: string, compilerId: number, document: vscode.TextDocument | undefined): vscode.Diagnostic[] {
  const family = languageForCompiler(compilerId)?.diagnostics;
  if (!family) return [];
  return diagnosticsParsers()
    .parseDiagnostics(cmpinfo, family)
    .filter((d) => !SYSTEM_PATH.test(d.file))
    .map((d) => toVscode(d, document));
}

function toVscode(d: Diagnostic, document: vscode.TextDocument | undefined): vscode.Diagnostic {
  const line = Math.max(0, d.line - 1);
  const lineText = document && line < document.lineCount ? document.lineAt(line).text : undefined;
  const aligned = lineText !== undefined ? diagnosticsParsers().alignColumn(d, lineText) : d;
  return toVscodeDiagnostic(aligned, lineText ?? '');
}
