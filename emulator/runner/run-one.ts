// One run from start to end: the run directory handed to the sandbox's user, the descriptors
// opened, the program watched by a supervisor (./supervise.ts) or else the Node monitor
// (./node-monitor.ts), its output measured against the limit, host paths hidden from what it
// wrote, and the run directory left removable.
import * as fs from 'node:fs';
import type { RunnerConfig, RunResult, RunSpec } from './types';
import { handOver } from './run-dir-owner';
import { makeWritable } from '../fs-safety/remove-tree';
import { recordRun, type RunnerPhases } from './run-stats';
import { monitorWithNode } from './node-monitor';
import { hideHostPaths, SANDBOX_DIR, sandboxPathsOf } from './sandbox-path';
import { openDescriptors } from './descriptors';
import { environment } from './environment';
import { pickSupervisor } from './supervisor-command';
import { supervise } from './supervise';
import { sandboxUsers } from './sandbox-users';

const SIGXFSZ = 25;

const isRoot = () => process.getuid?.() === 0;

function ownerOf(dir: string): number | undefined {
  try {
    return fs.statSync(dir).uid;
  } catch {
    return undefined;
  }
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
  const inside = sandboxPathsOf(spec.cwd);
  const env = Object.fromEntries(Object.entries(spec.env ?? {}).map(([k, v]) => [k, inside(v)]));
  return { ...spec, command: spec.command.map(inside), env: { HOME: SANDBOX_DIR, ...env } };
}

/** Runs one program with the given configuration (sandbox, hidden paths). */
export async function runWith(config: RunnerConfig, given: RunSpec): Promise<RunResult> {
  if (!given.command.length) throw new Error('runProcess: empty command');
  const began = performance.now();
  const spec = asSeenInside(config, given);
  // Root emulator: the program runs as a user of the run's own, which must be able to write here.
  const user = config.sandbox.userPerRun ? sandboxUsers().acquire(ownerOf(given.cwd)) : undefined;
  if (user) config = { ...config, runAs: user };
  try {
    return await runAs(config, given, spec, began);
  } finally {
    if (user) sandboxUsers().release(user);
  }
}

async function runAs(config: RunnerConfig, given: RunSpec, spec: RunSpec, began: number): Promise<RunResult> {
  if (config.runAs) await handOver(given.cwd, config.runAs);
  const handedOver = performance.now();
  const descriptors = openDescriptors(spec);
  const opened = performance.now();
  const phases: Omit<RunnerPhases, 'runs' | 'totalMs' | 'firstAt' | 'lastAt'> = {
    supervisor: 'node',
    handOverMs: handedOver - began,
    descriptorsMs: opened - handedOver,
    programMs: 0,
    programCpuMs: 0,
    superviseMs: 0,
  };
  try {
    const supervisor = pickSupervisor();
    const sandboxed = config.sandbox.kind === 'bwrap';
    const { diskExceeded, ...raw } = supervisor
      ? await supervise(config, spec, descriptors.fds, supervisor, phases)
      : { ...(await monitorWithNode(config, spec, descriptors.fds, environment(spec, sandboxed))), diskExceeded: false };
    if (!supervisor) Object.assign(phases, { programMs: raw.wallSec * 1000, programCpuMs: raw.timeSec * 1000, superviseMs: performance.now() - opened });
    // Over the disk budget reads as a file too large (SIGXFSZ), whatever the program did after.
    if (diskExceeded) Object.assign(raw, { exitCode: null, signal: SIGXFSZ });
    const outputExceeded = diskExceeded || raw.signal === SIGXFSZ || fileSize(spec.stdoutPath) >= spec.outputLimitBytes || fileSize(spec.stderrPath) >= spec.outputLimitBytes;
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
