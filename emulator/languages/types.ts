// The shared language table's types: what GET /compilers shows, and how a language is detected,
// compiled and run. Used by the compilers and problems modules.

export const HIGHLIGHTER_KEYS = ['ace', 'geshi', 'pygments', 'highlights', 'rouge', 'codemirror', 'highlightjs', 'prism', 'monaco', 'code_prettify'] as const;

export type HighlighterKey = (typeof HIGHLIGHTER_KEYS)[number];
export type Highlighters = Record<HighlighterKey, string>;

export interface CompilerVersion {
  id: number;
  name: string;
}

/** A language as the API shows it (GET /compilers item). */
export interface Compiler {
  id: number;
  name: string;
  short: string;
  versions: CompilerVersion[];
  highlighters: Highlighters;
}

/** The installed toolchain found at start: absolute tool paths and the version text. */
export interface Toolchain {
  /** e.g. "gcc 12.2.0". */
  versionName: string;
  /** Absolute paths of the tools by role (compiler, interpreter...). */
  tools: Record<string, string>;
}

/** Where the program is after preparing: which file to start, what to compile. */
export interface EntryChoice {
  ok: true;
  /** Argument for run/compile: an entry file or a main class. */
  entry: string;
}

export interface EntryProblem {
  ok: false;
  /** Shown in cmpinfo. */
  message: string;
}

/** The limits a command may be sized from (the JVM's heap and stacks: ./jvm-memory.ts). */
export interface CommandLimits {
  /** The run's memory limit in KB; absent means none. */
  memoryLimitKb?: number;
}

export interface LanguageDefinition {
  id: number;
  name: string;
  short: string;
  highlighters: Highlighters;
  /** The file a single-source submission is saved as (may depend on the source, e.g. Java). */
  sourceFileName(source: string): string;
  /** The spec's entry-file rule, in words (error messages, docs). */
  entryRule: string;
  /** Multi-file submissions are accepted (the spec's 201107 otherwise). */
  multiFile: boolean;
  /** Finds the entry among the submitted files (paths relative to the program directory). */
  findEntry(files: Map<string, Buffer>): EntryChoice | EntryProblem;
  /** Probes the machine once; null when the toolchain is missing. */
  detect(): Toolchain | null;
  /** What to put on PATH for it, for the start banner when it is missing: "python2", "a JDK (javac and java)". */
  install: string;
  /** Compile command (run in the program directory), or null for interpreted languages. */
  compile?(tc: Toolchain, entry: string, files: string[], limits: CommandLimits): string[];
  /** Run command (in the program directory). */
  run(tc: Toolchain, entry: string, limits: CommandLimits): string[];
  /** Extra environment for compile and run. */
  env?(tc: Toolchain): Record<string, string>;
}
