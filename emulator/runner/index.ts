// runProcess: run one program with limits, in its own process group, inside bubblewrap when it
// works. The limits are enforced by a supervisor started inside the sandbox for each run (exact peak
// memory and CPU time via wait4): the C one compiled at start (./supervisor-c.ts, about a
// millisecond to start), else the python3 one (./supervisor-script.ts, same protocol and report);
// without either a Node-only monitor samples /proc instead (wall time, sampled memory).
import { spawn, type StdioOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { EmulatorContext, SandboxMode } from '../context';
import type { Runner, RunnerConfig, RunResult, RunSpec } from './types';
import { bwrapPrefix, detectSandbox, SANDBOX_TMP_BYTES } from './sandbox';
import { sandboxPath } from './sandbox-binds';
import { handOver } from './run-dir-owner';
import { makeWritable } from '../fs-safety/remove-tree';
import { findPython, sandboxReadOnlyPaths, toolchainExecutables } from './toolchains';
import { SUPERVISOR_PY } from './supervisor-script';
import { cSupervisor, startCompilingCSupervisor, SUPERVISOR_IN_SANDBOX } from './supervisor-binary';
import { recordRun, type RunnerPhases } from './run-stats';
import { monitorWithNode } from './node-monitor';
import { killGroup, trackGroup, untrackGroup } from './groups';
import { hideHostPaths, SANDBOX_DIR, toSandboxPath } from './sandbox-path';

export type { RunResult, RunSpec } from './types';
export { detectSandbox, type SandboxInfo } from './sandbox';
export { findPython, overridePythonForTests } from './toolchains';
export { cSupervisor, cSupervisorExpected, cSupervisorReady, overrideCSupervisorForTests } from './supervisor-binary';
export { runnerPhases, resetRunnerPhases, type RunnerPhases } from './run-stats';

const DEFAULT_MAX_PROCESSES = 64;
/** The outer guard kills the whole group this long after the time limit if the supervisor did not. */
const GUARD_GRACE_MS = 3000;
/** After asking the supervisor to stop, kill the group outright if it has not exited by then. */
const HARD_KILL_AFTER_MS = 2000;
/** How long emulator shutdown waits for running programs to be stopped and reaped. */
const CLOSE_WAIT_MS = 3000;
const SIGXFSZ = 25;
/** What a run may add to its run directory, and to its /tmp, before it is stopped as over its output limit. */
export const DISK_LIMIT_BYTES = 256 * 1024 * 1024;
export const DISK_LIMIT_ENTRIES = 20_000;

export type { Runner, RunnerConfig } from './types';

let defaults: RunnerConfig | undefined;
function defaultConfig(): RunnerConfig {
  defaults ??= { sandbox: detectSandbox('auto'), hiddenPaths: [] };
  return defaults;
}

/** Tests only: run runProcess() with a chosen sandbox mode ('auto' restores detection). */
export function setDefaultSandboxForTests(mode: SandboxMode): void {
  defaults = { sandbox: detectSandbox(mode), hiddenPaths: [] };
}


const runners = new WeakMap<EmulatorContext, Runner>();

/**
 * Once per emulator: detect the sandbox for ctx.options.sandbox, set ctx.sandbox, and
 * kill this emulator's running programs when it closes. Every module may call it; it is idempotent.
 */
export function initRunner(ctx: EmulatorContext): Runner {
  const existing = runners.get(ctx);
  if (existing) return existing;
  const config: RunnerConfig = {
    sandbox: detectSandbox(ctx.options.sandbox as SandboxMode),
    hiddenPaths: [path.resolve(ctx.options.dataDir)],
  };
  ctx.sandbox = config.sandbox;
  startCompilingCSupervisor();
  const closing = new AbortController();
  const active = new Set<Promise<RunResult>>();
  // On shutdown: stop every run of this emulator and wait (briefly) until each is cleaned up.
  ctx.onClose(async () => {
    closing.abort();
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    await Promise.race([Promise.allSettled([...active]), patience]);
    clearTimeout(timer);
  });
  const runner: Runner = {
    sandbox: config.sandbox,
    run: (spec) => {
      const run = runWith(config, { ...spec, signal: spec.signal ? AbortSignal.any([spec.signal, closing.signal]) : closing.signal });
      active.add(run);
      const forget = () => active.delete(run);
      run.then(forget, forget);
      // A run stopped by shutdown never answers, as if the emulator had died: modules do not
      // record a verdict for it, and their restart recovery sees it as interrupted.
      return new Promise<RunResult>((resolve, reject) => {
        run.then(
          (result) => !closing.signal.aborted && resolve(result),
          (err) => !closing.signal.aborted && reject(err),
        );
      });
    },
  };
  runners.set(ctx, runner);
  return runner;
}

/** Run with the default configuration (sandbox auto-detected). Modules prefer initRunner(ctx).run. */
export function runProcess(spec: RunSpec): Promise<RunResult> {
  return runWith(defaultConfig(), spec);
}

/**
 * Minimal environment: PATH of the emulator (toolchains live there; in the sandbox only the folders
 * it shows), a writable HOME, UTF-8.
 */
let insidePath: { host: string; inside: string } | undefined;
function environment(spec: RunSpec, sandboxed = false): Record<string, string> {
  const hostPath = process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin';
  // The toolchains are found once per process: so is the PATH that shows them (a realpath each).
  if (sandboxed && insidePath?.host !== hostPath) insidePath = { host: hostPath, inside: sandboxPath(toolchainExecutables(), hostPath) };
  return {
    PATH: sandboxed ? insidePath!.inside : hostPath,
    HOME: spec.cwd,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TMPDIR: '/tmp',
    ...spec.env,
  };
}

/** Opens stdin/stdout/stderr/extra fds in Node, so paths outside the sandbox work too. */
function openDescriptors(spec: RunSpec): { fds: Map<number, number>; close(): void } {
  const fds = new Map<number, number>();
  const opened: number[] = [];
  const open = (p: string, flags: string) => {
    const fd = fs.openSync(p, flags);
    opened.push(fd);
    return fd;
  };
  try {
    if (spec.stdin && 'path' in spec.stdin) {
      fds.set(0, open(spec.stdin.path, 'r'));
    } else {
      // Bytes go through an unlinked temp file: seekable like a real file, nothing left behind.
      const tmp = path.join(os.tmpdir(), `se-stdin-${process.pid}-${Math.random().toString(36).slice(2)}`);
      fs.writeFileSync(tmp, spec.stdin && 'data' in spec.stdin ? spec.stdin.data : '');
      fds.set(0, open(tmp, 'r'));
      fs.unlinkSync(tmp);
    }
    fds.set(1, open(spec.stdoutPath, 'w'));
    fds.set(2, spec.stderrPath === spec.stdoutPath ? fds.get(1)! : open(spec.stderrPath, 'w'));
    for (const extra of spec.extraFds ?? []) {
      if (extra.fd <= 2) throw new Error(`extraFds: fd ${extra.fd} is reserved`);
      fds.set(extra.fd, open(extra.path, extra.mode === 'r' ? 'r' : 'w'));
    }
  } catch (err) {
    for (const fd of opened) fs.closeSync(fd);
    throw err;
  }
  return { fds, close: () => opened.forEach((fd) => fs.closeSync(fd)) };
}

function fileSize(p: string): number {
  try {
    return fs.statSync(p).size;
  } catch {
    return 0;
  }
}

/** Under bubblewrap, the command and environment name the run directory where the program sees it. */
function asSeenInside(config: RunnerConfig, spec: RunSpec): RunSpec {
  if (config.sandbox.kind !== 'bwrap') return spec;
  const inside = (value: string) => toSandboxPath(value, spec.cwd);
  const env = Object.fromEntries(Object.entries(spec.env ?? {}).map(([k, v]) => [k, inside(v)]));
  return { ...spec, command: spec.command.map(inside), env: { HOME: SANDBOX_DIR, ...env } };
}

async function runWith(config: RunnerConfig, given: RunSpec): Promise<RunResult> {
  if (!given.command.length) throw new Error('runProcess: empty command');
  const began = performance.now();
  const spec = asSeenInside(config, given);
  // Root emulator: the program runs as the sandbox's own user, which must be able to write here.
  if (config.sandbox.dropTo) await handOver(given.cwd, config.sandbox.dropTo);
  const handedOver = performance.now();
  const descriptors = openDescriptors(spec);
  const opened = performance.now();
  const phases: Omit<RunnerPhases, 'runs' | 'totalMs'> = { supervisor: 'node', handOverMs: handedOver - began, descriptorsMs: opened - handedOver, programMs: 0, superviseMs: 0 };
  try {
    const supervisor = pickSupervisor();
    const sandboxed = config.sandbox.kind === 'bwrap';
    const { diskExceeded, ...raw } = supervisor
      ? await supervise(config, spec, descriptors.fds, supervisor, phases)
      : { ...(await monitorWithNode(config, spec, descriptors.fds, environment(spec, sandboxed))), diskExceeded: false };
    if (!supervisor) Object.assign(phases, { programMs: raw.wallSec * 1000, superviseMs: performance.now() - opened });
    // Over the disk budget reads as a file too large (SIGXFSZ), whatever the program did after.
    if (diskExceeded) Object.assign(raw, { exitCode: null, signal: SIGXFSZ });
    const outputExceeded =
      diskExceeded ||
      raw.signal === SIGXFSZ ||
      fileSize(spec.stdoutPath) >= spec.outputLimitBytes ||
      fileSize(spec.stderrPath) >= spec.outputLimitBytes;
    // Measured first: the rewrite changes the sizes.
    if (config.sandbox.kind === 'none') {
      const written = [spec.stdoutPath, spec.stderrPath, ...(spec.extraFds ?? []).filter((f) => f.mode === 'w').map((f) => f.path)];
      hideHostPaths(written, spec.cwd, config.hiddenPaths);
    }
    return { ...raw, outputExceeded };
  } finally {
    descriptors.close();
    // A folder the program left unwritable (chmod 500) must not stop its module from removing the
    // run directory. A root emulator removes anything; the program's own user may change modes.
    if (!isRoot()) await makeWritable(given.cwd);
    recordRun({ ...phases, totalMs: performance.now() - began });
  }
}

type Supervisor = { kind: 'c' | 'python'; path: string };

/** The C supervisor when it compiled, else python3, else none (the Node monitor). */
function pickSupervisor(): Supervisor | null {
  const c = cSupervisor();
  if (c) return { kind: 'c', path: c };
  const python = findPython();
  return python ? { kind: 'python', path: python } : null;
}

const isRoot = () => process.getuid?.() === 0;

type RawResult = Omit<RunResult, 'outputExceeded'> & { diskExceeded: boolean };

interface SupervisorReport {
  started?: number;
  error?: string;
  exitCode: number | null;
  signal: number | null;
  timedOut: boolean;
  memoryExceeded: boolean;
  processLimitExceeded: boolean;
  diskExceeded?: boolean;
  cpuSec: number;
  wallSec: number;
  memoryKb: number;
  aborted?: boolean;
}

interface SupervisorLimits {
  resultFd: number;
  env: Record<string, string>;
  sandboxed: boolean;
}

/** The python3 supervisor's command: its script inline and one JSON argument. */
function pythonArgv(python: string, spec: RunSpec, config: RunnerConfig, l: SupervisorLimits): string[] {
  const payload = JSON.stringify({
    argv: spec.command,
    env: l.env,
    timeLimitMs: spec.timeLimitMs,
    memoryLimitKb: spec.memoryLimitKb ?? null,
    fsizeBytes: spec.outputLimitBytes,
    maxProcesses: spec.maxProcesses ?? DEFAULT_MAX_PROCESSES,
    resultFd: l.resultFd,
    ownPidNamespace: l.sandboxed,
    dropTo: config.sandbox.dropTo ?? null,
    // Unsandboxed, /tmp is the host's: only the run directory is counted.
    disk: { tmp: l.sandboxed ? '/tmp' : null, tmpBytes: SANDBOX_TMP_BYTES, bytes: DISK_LIMIT_BYTES, entries: DISK_LIMIT_ENTRIES },
  });
  return [python, '-I', '-S', '-c', SUPERVISOR_PY, payload];
}

/** The C supervisor's command: the same limits as options (./supervisor-c.ts), then the program. */
function cArgv(binary: string, spec: RunSpec, config: RunnerConfig, l: SupervisorLimits): string[] {
  const drop = config.sandbox.dropTo;
  return [
    l.sandboxed ? SUPERVISOR_IN_SANDBOX : binary,
    '--result-fd', String(l.resultFd),
    '--time-ms', String(spec.timeLimitMs),
    '--memory-kb', String(spec.memoryLimitKb ?? 0),
    '--fsize', String(spec.outputLimitBytes),
    '--max-procs', String(spec.maxProcesses ?? DEFAULT_MAX_PROCESSES),
    '--own-pidns', l.sandboxed ? '1' : '0',
    ...(drop ? ['--drop', `${drop.uid}:${drop.gid}`] : []),
    // Unsandboxed, /tmp is the host's: only the run directory is counted.
    ...(l.sandboxed ? ['--disk-tmp', '/tmp'] : []),
    '--tmp-bytes', String(SANDBOX_TMP_BYTES),
    '--disk-bytes', String(DISK_LIMIT_BYTES),
    '--disk-entries', String(DISK_LIMIT_ENTRIES),
    ...Object.entries(l.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    // Only outside a pid namespace does Node need the program's group (to kill it): one wake-up less.
    '--announce', l.sandboxed ? '0' : '1',
    '--',
    ...spec.command,
  ];
}

function supervise(
  config: RunnerConfig,
  spec: RunSpec,
  fds: Map<number, number>,
  supervisor: Supervisor,
  phases: Omit<RunnerPhases, 'runs' | 'totalMs'>,
): Promise<RawResult> {
  const resultFd = Math.max(2, ...fds.keys()) + 1;
  const stdio: StdioOptions = [];
  for (let i = 0; i <= resultFd; i++) stdio.push(i === resultFd ? 'pipe' : (fds.get(i) ?? 'ignore'));
  const sandboxed = config.sandbox.kind === 'bwrap';
  const limits: SupervisorLimits = { resultFd, env: environment(spec, sandboxed), sandboxed };
  let argv = supervisor.kind === 'c' ? cArgv(supervisor.path, spec, config, limits) : pythonArgv(supervisor.path, spec, config, limits);
  if (sandboxed) {
    argv = [
      ...bwrapPrefix({
        cwd: spec.cwd,
        network: spec.network ?? false,
        readOnlyPaths: sandboxReadOnlyPaths(spec),
        ...(supervisor.kind === 'c' ? { supervisor: supervisor.path } : {}),
      }),
      ...argv,
    ];
  }
  phases.supervisor = supervisor.kind;
  const spawnedAt = performance.now();
  const started = Date.now();
  const child = spawn(argv[0], argv.slice(1), { cwd: spec.cwd, stdio, detached: true, env: environment(spec) });
  const pgid = child.pid;
  if (pgid !== undefined) trackGroup(pgid);
  // Outside bwrap the program has its own group (setpgid in the supervisor); kill it too.
  let programGroup: number | undefined;

  return new Promise<RawResult>((resolve, reject) => {
    let text = '';
    let report: SupervisorReport | undefined;
    let spawnError: Error | undefined;
    const killAll = () => {
      if (pgid !== undefined) killGroup(pgid);
      if (programGroup !== undefined) killGroup(programGroup);
    };
    const channel = child.stdio[resultFd] as (NodeJS.ReadableStream & NodeJS.WritableStream) | null;
    // Stopping asks the supervisor first (it kills and reaps the whole run, sandbox included);
    // a hard kill of the group follows only if it does not answer.
    let hardKill: NodeJS.Timeout | undefined;
    const stop = () => {
      try {
        channel?.end();
      } catch {
        /* already closed */
      }
      hardKill ??= setTimeout(killAll, HARD_KILL_AFTER_MS);
    };
    const guard = setTimeout(stop, spec.timeLimitMs + GUARD_GRACE_MS);
    const onAbort = () => stop();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    if (spec.signal?.aborted) stop();

    channel?.setEncoding('utf8');
    channel?.on('error', () => undefined);
    channel?.on('data', (chunk: string) => {
      text += chunk;
      let nl: number;
      while ((nl = text.indexOf('\n')) >= 0) {
        const line = text.slice(0, nl);
        text = text.slice(nl + 1);
        try {
          const msg = JSON.parse(line) as SupervisorReport;
          if (msg.started !== undefined) {
            if (config.sandbox.kind === 'none') {
              programGroup = msg.started;
              trackGroup(programGroup);
            }
          } else report = msg;
        } catch {
          /* a partial or foreign line: ignore */
        }
      }
    });
    child.on('error', (err) => (spawnError = err));
    child.on('close', (code, sig) => {
      clearTimeout(guard);
      clearTimeout(hardKill);
      spec.signal?.removeEventListener('abort', onAbort);
      // The supervisor cleans up after itself; without its report, make sure nothing survives.
      if (!report) killAll();
      if (pgid !== undefined) untrackGroup(pgid);
      if (programGroup !== undefined) untrackGroup(programGroup);
      const wallSec = (Date.now() - started) / 1000;
      phases.superviseMs = performance.now() - spawnedAt;
      if (spawnError) return reject(spawnError);
      if (report && !report.error) {
        phases.programMs = report.wallSec * 1000;
        return resolve({
          exitCode: report.exitCode,
          signal: report.signal,
          // Stopped by the outer guard: the supervisor missed its own time limit (overloaded machine).
          timedOut: report.timedOut || (report.aborted === true && !(spec.signal?.aborted ?? false)),
          memoryExceeded: report.memoryExceeded,
          processLimitExceeded: report.processLimitExceeded,
          diskExceeded: report.diskExceeded === true,
          timeSec: round3(report.cpuSec),
          wallSec: round3(report.wallSec),
          memoryKb: Math.round(report.memoryKb),
        });
      }
      // Killed from outside (abort, guard) or the supervisor failed: report it as a kill.
      const aborted = spec.signal?.aborted ?? false;
      if (report?.error) return reject(new Error(`runner: ${report.error}`));
      if (!aborted && code !== 0 && sig === null && !report) {
        return reject(new Error(`runner: supervisor exited with code ${code}${config.sandbox.kind === 'bwrap' ? ' (sandbox setup failed?)' : ''}`));
      }
      resolve({
        exitCode: null,
        signal: 9,
        timedOut: !aborted,
        memoryExceeded: false,
        processLimitExceeded: false,
        diskExceeded: false,
        timeSec: round3(wallSec),
        wallSec: round3(wallSec),
        memoryKb: 0,
      });
    });
  });
}

export const round3 = (n: number) => Math.round(n * 1000) / 1000;
