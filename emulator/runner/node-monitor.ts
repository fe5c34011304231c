// Fallback when python3 is missing: Node samples /proc for the program's process tree and group,
// kills on limits, and reports wall time as run time (no rusage available for children).
import { spawn, type StdioOptions } from 'node:child_process';
import * as fs from 'node:fs';
import { constants } from 'node:os';
import type { RunnerConfig, RunResult, RunSpec } from './types';
import { bwrapPrefix } from './sandbox';
import type { SandboxInfo } from './types';
import { sandboxReadOnlyPaths } from './toolchains';
import { killGroup, trackGroup, untrackGroup } from './groups';

const SAMPLE_MS = 25;
const PAGE_KB = 4;
const SIGNALS = constants.signals as Record<string, number>;

interface ProcInfo {
  ppid: number;
  pgid: number;
  rssKb: number;
}

function readProcs(): Map<number, ProcInfo> {
  const out = new Map<number, ProcInfo>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'latin1');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (rest[0] === 'Z') continue;
      out.set(Number(name), { ppid: Number(rest[1]), pgid: Number(rest[2]), rssKb: Number(rest[21]) * PAGE_KB });
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

/** RLIMIT_FSIZE for the program: prlimit when present, else bash's `ulimit -f` (1024-byte blocks). */
function outputCapPrefix(bytes: number): string[] {
  if (hasPrlimit()) return [prlimitPath!, `--fsize=${bytes}:${bytes}`, '--'];
  const blocks = Math.max(1, Math.ceil(bytes / 1024));
  return ['bash', '-c', `ulimit -f ${blocks} && exec "$@"`, 'runner'];
}

/** Root emulator: setpriv switches the program to the sandbox's user with no capabilities left. */
function dropPrefix(sandbox: SandboxInfo): string[] {
  if (!sandbox.dropTo) return [];
  const { uid, gid } = sandbox.dropTo;
  return ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--bounding-set=-all', '--inh-caps=-all', '--'];
}

export function monitorWithNode(
  config: RunnerConfig,
  spec: RunSpec,
  fds: Map<number, number>,
  env: Record<string, string>,
): Promise<Omit<RunResult, 'outputExceeded'>> {
  const maxFd = Math.max(2, ...fds.keys());
  const stdio: StdioOptions = [];
  for (let i = 0; i <= maxFd; i++) stdio.push(fds.get(i) ?? 'ignore');
  let argv = [...dropPrefix(config.sandbox), ...outputCapPrefix(spec.outputLimitBytes), ...spec.command];
  if (config.sandbox.kind === 'bwrap') {
    argv = [...bwrapPrefix({ cwd: spec.cwd, network: spec.network ?? false, readOnlyPaths: sandboxReadOnlyPaths(spec) }), ...argv];
  }
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
    const timer = setInterval(() => {
      if (done) return;
      const procs = runProcesses(root);
      let total = 0;
      for (const p of procs.values()) total += p.rssKb;
      peak = Math.max(peak, total);
      if (spec.memoryLimitKb && total > spec.memoryLimitKb) {
        memoryExceeded = true;
        killRun();
      } else if (procs.size > (spec.maxProcesses ?? 64)) {
        processLimitExceeded = true;
        killRun();
      } else if (Date.now() - started >= spec.timeLimitMs) {
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
      done = true;
      clearInterval(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      killRun();
      untrackGroup(root);
      const wallSec = Math.round(Date.now() - started) / 1000;
      // bwrap reports a signal death of its command as exit code 128+n.
      const sandboxSignal = config.sandbox.kind === 'bwrap' && code !== null && code > 128 && code <= 128 + 64;
      resolve({
        exitCode: sandboxSignal ? null : code,
        signal: sig ? (SIGNALS[sig] ?? 9) : sandboxSignal ? code! - 128 : null,
        timedOut,
        memoryExceeded,
        processLimitExceeded,
        timeSec: wallSec,
        wallSec,
        memoryKb: peak,
      });
    });
  });
}
