// The shared language API for the compilers and problems modules: which compilers exist here
// (detected once, cached), lookups, and compile-once/run-many programs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Runner, RunResult, RunSpec } from '../runner/types';
import { LANGUAGES } from './table';
import { CompileCache, type Compiled } from './compile-cache';
import type { Compiler, CompilerVersion, LanguageDefinition, Toolchain } from './types';

export type { Compiler, CompilerVersion, LanguageDefinition } from './types';
export { HIGHLIGHTER_KEYS } from './types';
export { compileCacheFor, CompileCache, type CompileCacheStats } from './compile-cache';

/** Every installed language has one version, with this id (the API's default compilerVersionId). */
export const DEFAULT_VERSION_ID = 1;

interface Installed {
  language: LanguageDefinition;
  toolchain: Toolchain;
  compiler: Compiler;
}

let installed: Map<number, Installed> | undefined;

/** Probes every toolchain once per process (a second or so); later calls are free. */
export function detectLanguages(): Map<number, Installed> {
  if (installed) return installed;
  installed = new Map();
  for (const language of LANGUAGES) {
    let toolchain: Toolchain | null = null;
    try {
      toolchain = language.detect();
    } catch {
      toolchain = null;
    }
    if (!toolchain) continue;
    installed.set(language.id, {
      language,
      toolchain,
      compiler: {
        id: language.id,
        name: language.name,
        short: language.short,
        versions: [{ id: DEFAULT_VERSION_ID, name: toolchain.versionName }],
        highlighters: { ...language.highlighters },
      },
    });
  }
  return installed;
}

/** GET /compilers items: only languages whose toolchain exists here, by id. */
export function availableCompilers(): Compiler[] {
  return [...detectLanguages().values()].map((i) => structuredClone(i.compiler)).sort((a, b) => a.id - b.id);
}

export type CompilerLookup =
  | { ok: true; compiler: Compiler; version: CompilerVersion; language: LanguageDefinition }
  /** no-compiler: unknown id; unavailable: known language whose toolchain is not installed here. */
  | { ok: false; reason: 'no-compiler' | 'unavailable' | 'no-version' };

/** versionId undefined means the default version. */
export function findCompiler(id: number, versionId?: number): CompilerLookup {
  const found = detectLanguages().get(id);
  if (!found) return { ok: false, reason: LANGUAGES.some((l) => l.id === id) ? 'unavailable' : 'no-compiler' };
  const version = versionId === undefined ? found.compiler.versions[0] : found.compiler.versions.find((v) => v.id === versionId);
  if (!version) return { ok: false, reason: 'no-version' };
  return { ok: true, compiler: found.compiler, version, language: found.language };
}

/** The file a single-source submission is saved as: prog.py, prog.cpp, Main.java... */
export function sourceFileName(compilerId: number, source = ''): string {
  const language = LANGUAGES.find((l) => l.id === compilerId);
  return language ? language.sourceFileName(source) : 'prog';
}

export function supportsMultiFile(compilerId: number): boolean {
  return LANGUAGES.find((l) => l.id === compilerId)?.multiFile ?? false;
}

export type ProgramRunOptions = Omit<RunSpec, 'command' | 'cwd'> & {
  /** argv run before the program's command, which it ends by exec'ing (a wrapper that opens a descriptor itself). */
  prefix?: string[];
};

export type PreparedProgram =
  | {
      ok: true;
      /** Compiler messages (warnings) when it compiled; '' for interpreted languages. */
      cmpinfo: string;
      /** Compilation time in seconds (0 when nothing was compiled). */
      compileSec: number;
      /** Runs the program in its directory; call as often as needed (one per test case). */
      run(spec: ProgramRunOptions): Promise<RunResult>;
    }
  | {
      ok: false;
      /** Why it cannot run: compiler output, or the missing entry file. */
      cmpinfo: string;
      /** entry: no entry file; compile: the compiler failed; toolchain: language not installed. */
      reason: 'entry' | 'compile' | 'toolchain';
    };

export interface PrepareOptions {
  runner: Runner;
  compilerId: number;
  versionId?: number;
  /** Relative path → content (a single source: use sourceFileName for its name). */
  files: Map<string, Buffer>;
  /** Program directory: files are written here, compiled here, run here. */
  dir: string;
  compileTimeLimitMs?: number;
  compileMemoryLimitKb?: number;
  /** The emulator's compiled programs (./compile-cache.ts): the same sources compile once. */
  cache?: CompileCache;
}

const CMPINFO_LIMIT = 256 * 1024;
/** The compiler's memory limit unless the caller gives one. */
const COMPILE_MEMORY_KB = 2 * 1024 * 1024;
/**
 * The largest file a compiler may write, and what it may keep on disk at once. A contest judge
 * compiles `char a[512 << 20] = {1};` (a 512 MiB binary: the array is in the file) and judges it
 * at run time, by its memory limit; a run's 64 MiB / 256 MiB would make it a compilation error.
 * The object file and the binary both exist while linking, so the disk gets twice the file.
 */
const COMPILE_FILE_BYTES = 1024 * 1024 * 1024;
const COMPILE_DISK_BYTES = 2 * COMPILE_FILE_BYTES + 256 * 1024 * 1024;

/** Writes the files, checks the entry-file rule, compiles once. */
export async function prepareProgram(opts: PrepareOptions): Promise<PreparedProgram> {
  const lookup = findCompiler(opts.compilerId, opts.versionId);
  if (!lookup.ok) return { ok: false, reason: 'toolchain', cmpinfo: `compiler ${opts.compilerId} is not available on this machine` };
  const { language, toolchain } = detectLanguages().get(opts.compilerId)!;
  writeFiles(opts.dir, opts.files);

  const entry = language.findEntry(opts.files);
  if (!entry.ok) return { ok: false, reason: 'entry', cmpinfo: entry.message };
  const env = language.env?.(toolchain) ?? {};

  let cmpinfo = '';
  let compileSec = 0;
  if (language.compile) {
    const command = language.compile(toolchain, entry.entry, [...opts.files.keys()], { memoryLimitKb: opts.compileMemoryLimitKb ?? COMPILE_MEMORY_KB });
    const compile = () => compileIn(opts, command, env);
    const compiled = opts.cache
      ? await opts.cache.compileInto(
          CompileCache.keyOf({ compilerId: opts.compilerId, version: toolchain.versionName, command, env, files: opts.files }),
          opts.dir,
          opts.files.keys(),
          compile,
        )
      : await compile();
    if (!compiled.ok) return { ok: false, reason: 'compile', cmpinfo: compiled.cmpinfo };
    ({ cmpinfo, compileSec } = compiled);
  }

  return {
    ok: true,
    cmpinfo,
    compileSec,
    // The command per run: a JVM's heap and stacks follow each run's memory limit.
    run: ({ prefix = [], ...spec }) =>
      opts.runner.run({
        ...spec,
        env: { ...env, ...spec.env },
        command: [...prefix, ...language.run(toolchain, entry.entry, { memoryLimitKb: spec.memoryLimitKb })],
        cwd: opts.dir,
      }),
  };
}

/** Runs the compiler in the program directory: ok when it exited 0; kept only if no limit was hit either. */
async function compileIn(opts: PrepareOptions, command: string[], env: Record<string, string>): Promise<Compiled> {
  const log = path.join(opts.dir, '.compile.log');
  const result = await opts.runner.run({
    command,
    cwd: opts.dir,
    // Temporary files (gcc's object files) in the program directory, not the sandbox's small /tmp.
    env: { TMPDIR: '.', ...env },
    stdoutPath: log,
    stderrPath: log,
    timeLimitMs: opts.compileTimeLimitMs ?? 30_000,
    memoryLimitKb: opts.compileMemoryLimitKb ?? COMPILE_MEMORY_KB,
    outputLimitBytes: COMPILE_FILE_BYTES,
    diskLimitBytes: COMPILE_DISK_BYTES,
    maxProcesses: 64,
  });
  const cmpinfo = readCapped(log);
  fs.rmSync(log, { force: true });
  if (result.exitCode !== 0) {
    const why = result.timedOut ? '\ncompilation time limit exceeded' : result.memoryExceeded ? '\ncompilation memory limit exceeded' : '';
    return { ok: false, keep: false, compileSec: result.wallSec, cmpinfo: `${cmpinfo}${why}`.trim() || `compiler exited with ${result.exitCode ?? `signal ${result.signal}`}` };
  }
  const keep = !result.timedOut && !result.memoryExceeded && !result.outputExceeded && !result.processLimitExceeded && result.signal === null;
  return { ok: true, keep, cmpinfo, compileSec: result.wallSec };
}

/** A submitted file name that stays inside the program directory (no absolute path, no ..). */
export function isSafeRelativePath(name: string): boolean {
  if (!name || name.startsWith('/') || name.includes('\0')) return false;
  const normal = path.posix.normalize(name);
  return normal !== '.' && !normal.startsWith('../') && normal !== '..';
}

function writeFiles(dir: string, files: Map<string, Buffer>): void {
  fs.mkdirSync(dir, { recursive: true });
  const root = path.resolve(dir);
  for (const [name, data] of files) {
    const target = path.resolve(root, name);
    // Names come from users: nothing may land outside the program directory.
    if (!target.startsWith(root + path.sep)) throw new Error(`bad file name ${name}`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, data);
  }
}

function readCapped(file: string): string {
  try {
    const buf = fs.readFileSync(file);
    return buf.subarray(0, CMPINFO_LIMIT).toString('utf8');
  } catch {
    return '';
  }
}
