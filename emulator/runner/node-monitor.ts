// Fallback when python3 is missing: Node samples /proc for the program's process tree and group,
// kills on limits, and reports the CPU time it sampled as run time. Node cannot read the rusage of
// its children, so CPU time is utime+stime+cutime+cstime of the live tree, sampled every 25 ms: the
// last sample before the exit is what the run reports (up to 25 ms of CPU are missed), and a run
// over before the first sample reports its wall time. The same rlimits as the supervisors (CPU a
// second past the limit, data, stack) come from prlimit, else bash's ulimit.
import { spawn, type StdioOptions } from 'node:child_process';
import * as fs from 'node:fs';
import { constants } from 'node:os';
import type { RunnerConfig, RunResult, RunSpec } from './types';
import { bwrapPrefix } from './sandbox';
import { sandboxReadOnlyPaths } from './toolchains';
import { killGroup, trackGroup, untrackGroup } from './groups';
import { dataLimitKb, taskLimit } from './supervisor-command';
import { WallGuard } from './cpu-wait';
import { monotonicSec } from './monotonic';

const SAMPLE_MS = 25;
const PAGE_KB = 4;
/** USER_HZ: /proc's CPU times are in these ticks on every Linux architecture Node runs on. */
const TICKS_PER_SEC = 100;
const SIGNALS = constants.signals as Record<string, number>;

interface ProcInfo {
  ppid: number;
  pgid: number;
  rssKb: number;
  /** CPU ticks of the process and of the children it reaped. */
  ticks: number;
}

function readProcs(): Map<number, ProcInfo> {
  const out = new Map<number, ProcInfo>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'latin1');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (rest[0] === 'Z') continue;
      const ticks = Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
      out.set(Number(name), { ppid: Number(rest[1]), pgid: Number(rest[2]), rssKb: Number(rest[21]) * PAGE_KB, ticks });
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

/** The processes of a run: its group plus every descendant of its root (setsid does not escape). */
function runProcesses(root: number): Map<number, ProcInfo> {
  const all = readProcs();
  const mine = new Map<number, ProcInfo>();
  for (const [pid, info] of all) if (info.pgid === root || pid === root) mine.set(pid, info);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, info] of all) {
      if (!mine.has(pid) && mine.has(info.ppid)) {
        mine.set(pid, info);
        grew = true;
      }
    }
  }
  return mine;
}

let prlimitPath: string | null | undefined;
function hasPrlimit(): boolean {
  if (prlimitPath === undefined) {
    prlimitPath = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => fs.existsSync(p)) ?? null;
  }
  return prlimitPath !== null;
}

/**
 * The program's rlimits, as the supervisors set them: file size, CPU a second past the limit, data
 * (an allocation over the memory limit fails), stack up to its hard limit. prlimit when present,
 * else bash's ulimit (-f and -d count 1024-byte blocks).
 */
function rlimitPrefix(spec: RunSpec, config: RunnerConfig): string[] {
  // Set after setpriv, as the run's own user: the kernel counts that user's tasks alone.
  const tasks = config.runAs ? taskLimit(spec) : 0;
  const bytes = spec.outputLimitBytes;
  const cpuSec = Math.ceil(spec.timeLimitMs / 1000) + 1;
  const dataKb = dataLimitKb(spec);
  if (hasPrlimit()) {
    return [
      prlimitPath!,
      `--fsize=${bytes}:${bytes}`,
      `--cpu=${cpuSec}:${cpuSec + 1}`,
      ...(dataKb ? [`--data=${dataKb * 1024}:${dataKb * 1024}`] : []),
      ...(spec.memoryLimitKb ? ['--stack=unlimited'] : []),
      ...(tasks ? [`--nproc=${tasks}:${tasks}`] : []),
      '--',
    ];
  }
  const blocks = Math.max(1, Math.ceil(bytes / 1024));
  const more = `ulimit -t ${cpuSec}${dataKb ? ` && ulimit -d ${dataKb}` : ''}${spec.memoryLimitKb ? ' && ulimit -s unlimited' : ''}${tasks ? ` && ulimit -u ${tasks}` : ''}`;
  return ['bash', '-c', `ulimit -f ${blocks} && ${more} && exec "$@"`, 'runner'];
}

/** Root emulator: setpriv switches the program to the run's own user with no capabilities left. */
function dropPrefix(config: RunnerConfig): string[] {
  if (!config.runAs) return [];
  const { uid, gid } = config.runAs;
  return ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--bounding-set=-all', '--inh-caps=-all', '--'];
}

export function monitorWithNode(config: RunnerConfig, spec: RunSpec, fds: Map<number, number>, env: Record<string, string>): Promise<Omit<RunResult, 'outputExceeded'>> {
  const maxFd = Math.max(2, ...fds.keys());
  const stdio: StdioOptions = [];
  for (let i = 0; i <= maxFd; i++) stdio.push(fds.get(i) ?? 'ignore');
  let argv = [...dropPrefix(config), ...rlimitPrefix(spec, config), ...spec.command];
  if (config.sandbox.kind === 'bwrap') {
    argv = [...bwrapPrefix({ cwd: spec.cwd, network: spec.network ?? false, readOnlyPaths: sandboxReadOnlyPaths(spec) }), ...argv];
  }
  const dataKb = dataLimitKb(spec);
  const started = Date.now();
  const child = spawn(argv[0], argv.slice(1), { cwd: spec.cwd, stdio, detached: true, env });
  const root = child.pid;
  return new Promise((resolve, reject) => {
    if (root === undefined) {
      child.once('error', reject);
      return;
    }
    trackGroup(root);
    let timedOut = false;
    let memoryExceeded = false;
    let processLimitExceeded = false;
    let peak = 0;
    let cpuSec: number | undefined;
    let done = false;
    const killRun = () => {
      // The group first (atomic; under bwrap it also tears down the pid namespace), then escapees.
      killGroup(root);
      for (const pid of runProcesses(root).keys()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    };
    const wallGuard = new WallGuard(spec);
    const timer = setInterval(() => {
      if (done) return;
      const procs = runProcesses(root);
      let total = 0;
      let ticks = 0;
      for (const p of procs.values()) {
        total += p.rssKb;
        ticks += p.ticks;
      }
      peak = Math.max(peak, total);
      // The tree shrinks as processes are reaped by a parent outside it: never report less than seen.
      cpuSec = Math.max(cpuSec ?? 0, ticks / TICKS_PER_SEC);
      if (spec.memoryLimitKb && total > spec.memoryLimitKb) {
        memoryExceeded = true;
        killRun();
      } else if (procs.size > (spec.maxProcesses ?? 64)) {
        processLimitExceeded = true;
        killRun();
      } else if (cpuSec * 1000 >= spec.timeLimitMs || wallGuard.passed(Date.now() - started, procs.keys())) {
        timedOut = true;
        killRun();
      }
    }, SAMPLE_MS);
    const onAbort = () => killRun();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (err) => {
      done = true;
      clearInterval(timer);
      untrackGroup(root);
      reject(err);
    });
    child.on('exit', (code, sig) => {
      // Seen from here, as soon as Node hears of the exit (the supervisors see it through a pidfd).
      const endedAt = monotonicSec();
      done = true;
      clearInterval(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      killRun();
      untrackGroup(root);
      const wallSec = Math.round(Date.now() - started) / 1000;
      const timeSec = cpuSec ?? wallSec;
      // bwrap reports a signal death of its command as exit code 128+n.
      const sandboxSignal = config.sandbox.kind === 'bwrap' && code !== null && code > 128 && code <= 128 + 64;
      resolve({
        exitCode: sandboxSignal ? null : code,
        signal: sig ? (SIGNALS[sig] ?? 9) : sandboxSignal ? code! - 128 : null,
        // Killed by its RLIMIT_CPU (SIGXCPU, or SIGKILL at the hard limit) is over the time limit too.
        timedOut: timedOut || timeSec * 1000 > spec.timeLimitMs || sig === 'SIGXCPU' || (sandboxSignal && code === 128 + 24),
        // An allocation refused by RLIMIT_DATA ends the program its own way: with its peak within
        // an eighth of the limit, that is the limit it hit (as the supervisors judge it).
        memoryExceeded: memoryExceeded || (dataKb > 0 && (sig !== null || code !== 0) && peak * 8 >= dataKb * 7),
        processLimitExceeded,
        timeSec,
        wallSec,
        memoryKb: peak,
        endedAt,
      });
    });
  });
}
