// Which supervisor watches a run and its command line: the C one when it compiled
// (./supervisor-binary.ts), else python3 (./supervisor.py, passed inline), else none (the Node
// monitor). Both take the same limits, the C one as options, the python3 one as one JSON argument.
import type { RunnerConfig, RunSpec } from './types';
import { SANDBOX_TMP_BYTES } from './sandbox';
import { findPython } from './toolchains';
import SUPERVISOR_PY from './supervisor.py';
import { cSupervisor, SUPERVISOR_IN_SANDBOX } from './supervisor-binary';

const DEFAULT_MAX_PROCESSES = 64;
/** What a run may add to its run directory, and to its /tmp, before it is stopped as over its output limit. */
export const DISK_LIMIT_BYTES = 256 * 1024 * 1024;
export const DISK_LIMIT_ENTRIES = 20_000;

export type Supervisor = { kind: 'c' | 'python'; path: string };

/**
 * The wall-clock guard of a run whose CPU-time limit is given: 3 x the limit + 1 s. It ends programs
 * that sleep or block; time the run spent waiting for a CPU does not count (./cpu-wait.ts).
 */
export function wallGuardMs(spec: Pick<RunSpec, 'timeLimitMs' | 'wallLimitMs'>): number {
  return spec.wallLimitMs ?? 3 * spec.timeLimitMs + 1000;
}

/** How many guards of plain wall time a run may last at most, however long it waited for a CPU. */
const WALL_CAP_GUARDS = 10;

/** The plain wall time after which a run is ended whatever the reason: 10 x the guard. */
export function wallCapMs(spec: Pick<RunSpec, 'timeLimitMs' | 'wallLimitMs'>): number {
  return WALL_CAP_GUARDS * wallGuardMs(spec);
}

/** RLIMIT_DATA of a run in KB, 0 for none. */
export function dataLimitKb(spec: Pick<RunSpec, 'memoryLimitKb' | 'dataLimitKb'>): number {
  return spec.dataLimitKb === undefined ? (spec.memoryLimitKb ?? 0) : (spec.dataLimitKb ?? 0);
}

/** The run directory's disk budget in bytes: the run's own (a compile's), else the runner's. */
function diskLimitBytes(spec: Pick<RunSpec, 'diskLimitBytes'>): number {
  return spec.diskLimitBytes ?? DISK_LIMIT_BYTES;
}

/**
 * RLIMIT_NPROC of a program that runs as a user of its own (./sandbox-users.ts): the kernel counts
 * threads, so a runtime's own (a JVM's GC and compiler threads grow with the cores) need room above
 * the processes the supervisor allows. A fork bomb is held here by the kernel, whatever the
 * supervisor's sampling sees in between.
 */
export function taskLimit(spec: Pick<RunSpec, 'maxProcesses'>): number {
  return Math.max(256, 4 * (spec.maxProcesses ?? DEFAULT_MAX_PROCESSES));
}

/** The C supervisor when it compiled, else python3, else none (the Node monitor). */
export function pickSupervisor(): Supervisor | null {
  const c = cSupervisor();
  if (c) return { kind: 'c', path: c };
  const python = findPython();
  return python ? { kind: 'python', path: python } : null;
}

export interface SupervisorLimits {
  resultFd: number;
  env: Record<string, string>;
  sandboxed: boolean;
}

/** The supervisor's command (without the sandbox around it). */
export function supervisorArgv(supervisor: Supervisor, spec: RunSpec, config: RunnerConfig, limits: SupervisorLimits): string[] {
  return supervisor.kind === 'c' ? cArgv(supervisor.path, spec, config, limits) : pythonArgv(supervisor.path, spec, config, limits);
}

/** The python3 supervisor's command: its script inline and one JSON argument. */
function pythonArgv(python: string, spec: RunSpec, config: RunnerConfig, l: SupervisorLimits): string[] {
  const payload = JSON.stringify({
    argv: spec.command,
    env: l.env,
    timeLimitMs: spec.timeLimitMs,
    wallLimitMs: wallGuardMs(spec),
    wallCapMs: wallCapMs(spec),
    memoryLimitKb: spec.memoryLimitKb ?? null,
    dataLimitKb: dataLimitKb(spec) || null,
    fsizeBytes: spec.outputLimitBytes,
    maxProcesses: spec.maxProcesses ?? DEFAULT_MAX_PROCESSES,
    resultFd: l.resultFd,
    ownPidNamespace: l.sandboxed,
    dropTo: config.runAs ?? null,
    tasks: config.runAs ? taskLimit(spec) : null,
    // Unsandboxed, /tmp is the host's: only the run directory is counted.
    disk: { tmp: l.sandboxed ? '/tmp' : null, tmpBytes: SANDBOX_TMP_BYTES, bytes: diskLimitBytes(spec), entries: DISK_LIMIT_ENTRIES },
    ...(spec.watchEndOfInput ? { watchInput: spec.watchEndOfInput } : {}),
  });
  return [python, '-I', '-S', '-c', SUPERVISOR_PY, payload];
}

/** The C supervisor's command: the same limits as options (./supervisor.c), then the program. */
function cArgv(binary: string, spec: RunSpec, config: RunnerConfig, l: SupervisorLimits): string[] {
  const drop = config.runAs;
  return [
    l.sandboxed ? SUPERVISOR_IN_SANDBOX : binary,
    '--result-fd',
    String(l.resultFd),
    '--time-ms',
    String(spec.timeLimitMs),
    '--wall-ms',
    String(wallGuardMs(spec)),
    '--wall-cap-ms',
    String(wallCapMs(spec)),
    '--memory-kb',
    String(spec.memoryLimitKb ?? 0),
    '--data-kb',
    String(dataLimitKb(spec)),
    '--fsize',
    String(spec.outputLimitBytes),
    '--max-procs',
    String(spec.maxProcesses ?? DEFAULT_MAX_PROCESSES),
    '--own-pidns',
    l.sandboxed ? '1' : '0',
    ...(drop ? ['--drop', `${drop.uid}:${drop.gid}`, '--tasks', String(taskLimit(spec))] : []),
    // Unsandboxed, /tmp is the host's: only the run directory is counted.
    ...(l.sandboxed ? ['--disk-tmp', '/tmp'] : []),
    '--tmp-bytes',
    String(SANDBOX_TMP_BYTES),
    '--disk-bytes',
    String(diskLimitBytes(spec)),
    '--disk-entries',
    String(DISK_LIMIT_ENTRIES),
    ...Object.entries(l.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    ...(spec.watchEndOfInput ? ['--watch-input', spec.watchEndOfInput] : []),
    // Only outside a pid namespace does Node need the program's group (to kill it): one wake-up less.
    '--announce',
    l.sandboxed ? '0' : '1',
    '--',
    ...spec.command,
  ];
}
