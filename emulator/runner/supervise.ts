// One supervised run: starts the supervisor (inside bubblewrap when sandboxed) with the program's
// descriptors and a result pipe (./start-process.ts: through the launcher where it runs), reads its
// report, and makes sure nothing of the run survives: stopping asks the supervisor first, a guard
// past the run's wall-time cap and a hard kill of the process group follow if it does not answer.
import { round3 } from '../clock';
import type { RunnerConfig, RunResult, RunSpec } from './types';
import type { RunnerPhases } from './run-stats';
import { bwrapPrefix } from './sandbox';
import { sandboxReadOnlyPaths } from './toolchains';
import { environment } from './environment';
import { killGroup, trackGroup, untrackGroup } from './groups';
import { startProcess } from './start-process';
import { monotonicSec } from './monotonic';
import { supervisorArgv, wallCapMs, type Supervisor, type SupervisorLimits } from './supervisor-command';

/**
 * The outer guard kills the whole group this long after the run's wall-time cap (wallCapMs) if the
 * supervisor did not end it: the supervisor's own guard may let a run that waits for a CPU go on
 * past the wall-clock guard, never past the cap.
 */
const GUARD_GRACE_MS = 3000;
/** After asking the supervisor to stop, kill the group outright if it has not exited by then. */
const HARD_KILL_AFTER_MS = 2000;

export type RawResult = Omit<RunResult, 'outputExceeded'> & { diskExceeded: boolean };

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
  /** CLOCK_MONOTONIC seconds when the program ended. */
  endedAt: number;
  /** null without RunSpec.watchEndOfInput. */
  inputEnded?: boolean | null;
}

/** Runs the program under the supervisor and resolves with its report (a kill from outside reads as one). */
export function supervise(
  config: RunnerConfig,
  spec: RunSpec,
  fds: Map<number, number>,
  supervisor: Supervisor,
  phases: Omit<RunnerPhases, 'runs' | 'totalMs' | 'firstAt' | 'lastAt'>,
): Promise<RawResult> {
  const resultFd = Math.max(2, ...fds.keys()) + 1;
  const sandboxed = config.sandbox.kind === 'bwrap';
  const limits: SupervisorLimits = { resultFd, env: environment(spec, sandboxed), sandboxed };
  let argv = supervisorArgv(supervisor, spec, config, limits);
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
  const child = startProcess({ argv, cwd: spec.cwd, env: environment(spec), fds, resultFd });
  let pgid: number | undefined;
  // Outside bwrap the program has its own group (setpgid in the supervisor); kill it too.
  let programGroup: number | undefined;

  return new Promise<RawResult>((resolve, reject) => {
    let report: SupervisorReport | undefined;
    let spawnError: Error | undefined;
    let closed = false;
    const killAll = () => {
      if (pgid !== undefined) killGroup(pgid);
      if (programGroup !== undefined) killGroup(programGroup);
    };
    child.onStarted((pid) => {
      pgid = pid;
      // Closed before the launcher said who it was: the group is gone already.
      if (!closed) trackGroup(pgid);
    });
    // Stopping asks the supervisor first (it kills and reaps the whole run, sandbox included);
    // a hard kill of the group follows only if it does not answer.
    let hardKill: NodeJS.Timeout | undefined;
    const stop = () => {
      child.stop();
      hardKill ??= setTimeout(killAll, HARD_KILL_AFTER_MS);
    };
    const guard = setTimeout(stop, wallCapMs(spec) + GUARD_GRACE_MS);
    const onAbort = () => stop();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    if (spec.signal?.aborted) stop();

    child.onLine((line) => {
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
    });
    child.onError((err) => (spawnError = err));
    child.onClose((code, sig) => {
      closed = true;
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
        phases.programCpuMs = report.cpuSec * 1000;
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
          endedAt: report.endedAt,
          ...(typeof report.inputEnded === 'boolean' ? { inputEnded: report.inputEnded } : {}),
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
        // Killed from outside: it ended no later than now.
        endedAt: monotonicSec(),
      });
    });
  });
}
