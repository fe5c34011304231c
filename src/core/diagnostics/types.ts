// What every parser produces. Lines and columns are 1-based, as tools print them.

export type Severity = 'error' | 'warning' | 'info';

export interface SourcePosition {
  /** As printed by the tool: absolute remote path, relative path, or `<stdin>`. */
  file: string;
  line: number;
  column?: number;
}

export interface Diagnostic extends SourcePosition {
  severity: Severity;
  message: string;
  /** Which parser produced it: `gcc`, `python`, `node`, `javac`, `java`. */
  source: string;
  /**
   * For runtime errors: the call stack, innermost first. When `file` is not
   * one of the user's files (a library frame), the path mapper walks these to
   * find the innermost frame that is.
   */
  stack?: SourcePosition[];
  /** gcc notes and similar, attached to the diagnostic they explain. */
  related?: Array<SourcePosition & { message: string }>;
  /**
   * Python prints the offending line with its indentation removed, so its
   * caret column counts from the first non-blank character; see alignColumn.
   */
  columnIgnoresIndent?: boolean;
}
