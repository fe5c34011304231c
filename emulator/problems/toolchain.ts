// What the problems module needs from the shared language table (emulator/languages): the
// compiler listing, lookups for validation and display, and compile-once/run-many programs.
import type { RunResult, RunSpec } from '../runner/types';
import type { CompilerInfo } from './views';

export type RunOptions = Omit<RunSpec, 'command' | 'cwd'> & {
  /** argv run before the program's command, which it ends by exec'ing (interactive-run.ts opens the pipes so). */
  prefix?: string[];
};

export type Prepared = { ok: true; run(spec: RunOptions): Promise<RunResult>; /** The program's directory: where it runs. */ dir: string } | { ok: false; cmpinfo: string };

export type CompilerCheck = 'ok' | 'no-compiler' | 'no-version' | 'unavailable';

export interface Toolchain {
  /** Items of GET /compilers, same as the compilers module. */
  listCompilers(): unknown[];
  check(compilerId: number, versionId: number | undefined): CompilerCheck;
  describe(compilerId: number, versionId: number | undefined): CompilerInfo;
  /** Compiles (when the language needs it) in `dir`; the result runs many times. */
  prepare(opts: { compilerId: number; versionId: number | undefined; files: Map<string, Buffer>; dir: string }): Promise<Prepared>;
  /** The file name a single-source submission is saved under (prog.py, prog.cpp, Main.java...). */
  entryFileName(compilerId: number, source: string): string;
  /** Whether the language accepts `files[...]` submissions (201107 otherwise). */
  supportsMultiFile(compilerId: number): boolean;
}
