// The contract of the process runner shared by all three modules (compilers runs, problems test
// cases and judges, containers stage commands). Implementation: ./index.ts (runProcess).

export interface RunSpec {
  /** argv; use ['bash', '-c', script] for shell commands. */
  command: string[];
  /** Run directory: the only writable place inside the sandbox. */
  cwd: string;
  /** Extra environment on top of a minimal PATH/HOME/LANG. */
  env?: Record<string, string>;
  /** Standard input: a file path, or bytes. Absent means empty input. */
  stdin?: { path: string } | { data: Buffer | string };
  /** Where stdout and stderr go (files in the run directory are fine). */
  stdoutPath: string;
  stderrPath: string;
  /** Extra descriptors for judges: fd number → file, opened for reading or writing. */
  extraFds?: Array<{ fd: number; path: string; mode: 'r' | 'w' }>;
  /**
   * CPU-time limit (user + system of the program and every process it starts); the whole run is
   * killed when it passes, as when the wall-clock guard (wallLimitMs) passes.
   */
  timeLimitMs: number;
  /**
   * Wall-clock guard for programs that sleep or block; default wallGuardMs(timeLimitMs). Time spent
   * waiting for a CPU does not count; the plain wall time is capped at wallCapMs (10 x the guard).
   */
  wallLimitMs?: number;
  /** Resident memory limit of the whole process group, in KB; absent means no limit. */
  memoryLimitKb?: number;
  /**
   * RLIMIT_DATA of each process, in KB: an allocation past it fails when made. Default memoryLimitKb;
   * null: none (the resident memory is still sampled against memoryLimitKb).
   */
  dataLimitKb?: number | null;
  /** Largest file the program may write (stdout and stderr included), in bytes. */
  outputLimitBytes: number;
  /** Bytes the run may keep in its directory and /tmp at once; default DISK_LIMIT_BYTES (a compiler writing a large binary needs more). */
  diskLimitBytes?: number;
  /** Most processes the run may have at once (fork bombs are killed). */
  maxProcesses?: number;
  /** Extra read-only paths to bind into the sandbox (toolchains outside /usr). */
  readOnlyPaths?: string[];
  /** Allow network access (containers scenarios with network: true). Default false. */
  network?: boolean;
  /** Kill early from outside (emulator shutdown). */
  signal?: AbortSignal;
  /**
   * A named pipe in the run directory (a path relative to it) that is the program's input: the
   * result's inputEnded says whether every writer had closed it when the program ended (an
   * interactive run: had the judge stopped talking?). The program does not get this descriptor.
   */
  watchEndOfInput?: string;
}

export interface RunResult {
  /** Exit code when the program exited on its own, else null. */
  exitCode: number | null;
  /** Signal number that ended the program (9 after a limit kill), else null. */
  signal: number | null;
  timedOut: boolean;
  memoryExceeded: boolean;
  /** The program hit outputLimitBytes (SIGXFSZ or the monitor). */
  outputExceeded: boolean;
  /** Killed for too many processes. */
  processLimitExceeded: boolean;
  /** CPU time (user + system) of the program and every process it started, in seconds. */
  timeSec: number;
  wallSec: number;
  /** Peak resident memory in KB. */
  memoryKb: number;
  /**
   * When the program ended (its watcher saw it exit, or killed it), in seconds of the host's
   * CLOCK_MONOTONIC (./monotonic.ts): the same clock in every sandbox, so two runs' ends compare.
   */
  endedAt: number;
  /**
   * With RunSpec.watchEndOfInput: whether every writer of that pipe had closed it when the program
   * ended, as its supervisor saw it. Absent without it, and under the Node monitor (no poll()).
   */
  inputEnded?: boolean;
}

/** How programs are run: inside bubblewrap, as the user, or whichever this machine allows. */
export type SandboxMode = 'auto' | 'bwrap' | 'none';

/** Which sandbox runs programs, as detected (sandbox.ts). */
export interface SandboxInfo {
  kind: 'bwrap' | 'none';
  /** For the start banner. */
  description: string;
  /**
   * Set when the emulator is root and sandboxed: each run's program switches to a user of its own
   * (./sandbox-users.ts; its run directory is handed to it first). Absent: the program keeps the
   * ids it starts with.
   */
  userPerRun?: true;
}

/** How runProcess() runs programs (index.ts keeps one; node-monitor.ts reads it). */
export interface RunnerConfig {
  sandbox: SandboxInfo;
  /** Unsandboxed runs: folders (the data directory) rewritten to SANDBOX_DIR in what the program wrote. */
  hiddenPaths: string[];
  /** The user this run's program switches to: set per run (./run-one.ts) when the sandbox has userPerRun. */
  runAs?: { uid: number; gid: number };
}

/** One emulator's way to run programs (index.ts's initRunner); languages/ only needs its shape. */
export interface Runner {
  sandbox: SandboxInfo;
  run(spec: RunSpec): Promise<RunResult>;
}
