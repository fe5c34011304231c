// Runs submissions in the background, through the emulator's job pool (a few at a time): 0 waiting
// → 1 compilation → 3 execution → final status. Each step is saved, so a GET between steps shows it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { round3 } from '../clock';
import type { JobPool } from '../jobs/job-pool';
import type { Runner } from '../runner';
import type { RunResult } from '../runner/types';
import { prepareProgram, type CompileCache } from '../languages';
import { copyOutBeneath, UnsafePathError } from '../fs-safety/beneath';
import { removeTree } from '../fs-safety/remove-tree';
import { packDirToFile } from './archive';
import type { SubmissionRecord, SubmissionStore } from './records';
import { NZEC_SIGNAL, STATUS } from './statuses';

/** The program's stdout and stderr together may not grow past this. */
const OUTPUT_LIMIT_BYTES = 16 * 1024 * 1024;
/** The output-files archive's name for the program's stdout (the spec's name). */
export const STDOUT_ENTRY = 'ENGINE_STDOUT';

export interface Job {
  id: number;
  files: Map<string, Buffer>;
}

export class Executor {
  private closed = false;

  constructor(
    private readonly submissions: SubmissionStore,
    private readonly runner: Runner,
    private readonly jobs: JobPool,
    /** The emulator's compiled programs: the same source sent again is not compiled again. */
    private readonly compiled?: CompileCache,
  ) {}

  /** Queues the run in the emulator's job pool; the submission waits stored as 0 until it starts. */
  enqueue(job: Job): void {
    this.jobs.add(`compilers:${job.id}`, () => this.execute(job).catch((err) => this.fail(job.id, err)));
  }

  /**
   * Stops taking jobs. Running programs are killed by the runner right after (it closes later);
   * their submissions stay non-final and the next start marks them as failed.
   */
  close(): void {
    this.closed = true;
  }

  private fail(id: number, err: unknown): void {
    if (this.closed) return; // the emulator stopped mid-run: the next start marks it internal error
    console.error(`[emulator] compilers submission ${id} failed: ${(err as Error).message}`);
    this.submissions.update(id, { status: STATUS.internalError, time: 0, memory: 0, signal: 0 });
  }

  private async execute(job: Job): Promise<void> {
    const store = this.submissions;
    let record = store.update(job.id, { status: STATUS.compilation });
    const work = store.workDirOf(record.id);
    const stdoutPath = store.runFile(record.id, 'stdout');
    const stderrPath = store.runFile(record.id, 'stderr');
    await removeTree(work);
    // Shut down meanwhile: nothing more is written to the data directory (its owner may remove it).
    if (this.closed) return;
    try {
      const program = await prepareProgram({
        runner: this.runner,
        compilerId: record.compiler.id,
        versionId: record.compiler.version.id,
        files: job.files,
        dir: work,
        cache: this.compiled,
      });
      if (this.closed) return;
      if (!program.ok) {
        store.writeStream(record, 'cmpinfo', Buffer.from(program.cmpinfo));
        store.update(record.id, {
          status: program.reason === 'toolchain' ? STATUS.internalError : STATUS.compilationError,
          time: 0,
          memory: 0,
          signal: 0,
          streams: record.streams,
        });
        return;
      }
      if (program.cmpinfo.trim()) store.writeStream(record, 'cmpinfo', Buffer.from(program.cmpinfo));
      // Each update writes the stored record: the streams written on this copy go with it.
      record = store.update(record.id, { status: STATUS.execution, streams: record.streams });

      // The input as kept: a blob's bytes (the runner passes them through a file of its own), or the stream's file.
      const input = record.streams.input ? store.keptStream(record.id, 'input') : undefined;
      const result = await program.run({
        stdin: input && ('blob' in input ? { data: input.blob } : { path: input.file }),
        stdoutPath,
        stderrPath,
        timeLimitMs: Math.round(record.timeLimitSec * 1000),
        memoryLimitKb: record.memoryLimitKb,
        outputLimitBytes: OUTPUT_LIMIT_BYTES,
      });
      if (this.closed) return;

      if (record.outputFilenames.length) await this.packOutputFiles(work, stdoutPath, stderrPath, record.outputFilenames);
      store.transaction(() => {
        store.adoptStreamFile(record, 'output', stdoutPath);
        store.adoptStreamFile(record, 'error', stderrPath);
        store.update(record.id, { ...verdict(result, record), streams: record.streams });
      });
    } finally {
      for (const file of [stdoutPath, stderrPath]) fs.rmSync(file, { force: true });
      // Never throws: a folder the program left unwritable is made writable, or logged and left.
      await removeTree(work);
    }
  }

  /**
   * Replaces stdout with a tar.gz of the requested files plus the stdout itself. The program made
   * everything in `work`: each named file is copied out through fs-safety (no link, pipe or hard
   * link followed, wherever on its path) into a fresh folder of the emulator's own, and the archive
   * is packed from there straight to disk (never whole in memory). A name refused is left out, with
   * a line in the error stream saying why.
   */
  private async packOutputFiles(work: string, stdoutPath: string, stderrPath: string, names: string[]): Promise<void> {
    const staging = fs.mkdtempSync(path.join(path.dirname(stdoutPath), 'outfiles-'));
    try {
      const present: string[] = [];
      const refused: string[] = [];
      for (const name of names.filter((n) => n !== STDOUT_ENTRY)) {
        try {
          fs.mkdirSync(path.dirname(path.join(staging, name)), { recursive: true, mode: 0o700 });
          await copyOutBeneath(work, name, path.join(staging, name));
          present.push(name);
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (err instanceof UnsafePathError) refused.push(`output file ${err.message}`);
          else if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR') refused.push(`output file ${JSON.stringify(name)} not read: ${code ?? (err as Error).message}`);
        }
      }
      fs.renameSync(stdoutPath, path.join(staging, STDOUT_ENTRY));
      await packDirToFile(staging, [...present, STDOUT_ENTRY], stdoutPath);
      if (refused.length) fs.appendFileSync(stderrPath, `${refused.map((r) => `[emulator] ${r}`).join('\n')}\n`, { mode: 0o600 });
    } finally {
      await removeTree(staging);
    }
  }
}

/** The final status from the run: limits first, then signals, then the exit code. */
export function verdict(result: RunResult, record: SubmissionRecord): Pick<SubmissionRecord, 'status' | 'time' | 'memory' | 'signal'> {
  const time = round3(Math.min(result.timeSec, record.timeLimitSec));
  const memory = result.memoryKb;
  if (result.timedOut) return { status: STATUS.timeLimit, time: record.timeLimitSec, memory, signal: result.signal ?? 0 };
  if (result.memoryExceeded) return { status: STATUS.memoryLimit, time, memory: Math.max(memory, record.memoryLimitKb), signal: result.signal ?? 0 };
  if (result.signal !== null) return { status: STATUS.runtimeError, time, memory, signal: result.signal };
  if (result.exitCode !== 0) return { status: STATUS.runtimeError, time, memory, signal: NZEC_SIGNAL };
  return { status: STATUS.accepted, time, memory, signal: 0 };
}
