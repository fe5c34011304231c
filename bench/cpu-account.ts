// CPU time, not wall time, of a judged run (issue 37, throughput): on a shared machine wall-clock
// medians move with the load, CPU time does not, and on N cores the runs a second can never pass
// N × 1000 / (CPU ms a run). Read from /proc (Linux; elsewhere every figure is 0):
//   - a process's own time (utime + stime, every thread) and the time of the children it has
//     reaped (cutime + cstime): the emulator reaps its own spawns; the launcher (a child of the
//     emulator that lives as long as it) reaps every run's bwrap, and bwrap reaps the supervisor,
//     which reaps the program, so the launcher's cutime + cstime is the whole sandbox side;
//   - a snapshot before and one after a job, and the difference divided by the runs.
// Ticks are 1/CLK_TCK s (10 ms): over a few hundred runs that is well under 0.1 ms a run.
import * as fs from 'node:fs';

/** CLK_TCK on every Linux the emulator runs on (the kernel's USER_HZ). */
const TICK_MS = 10;

export interface ProcCpu {
  /** utime + stime of the process itself, ms. */
  selfMs: number;
  /** cutime + cstime: its reaped children (and theirs), ms. */
  childrenMs: number;
}

const ZERO: ProcCpu = { selfMs: 0, childrenMs: 0 };

/** The CPU of one process so far, or zeros when it is gone or /proc is absent. */
export function procCpu(pid: number): ProcCpu {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (which may hold spaces and parentheses): state is field 3.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(f[field - 3]) * TICK_MS;
    return { selfMs: at(14) + at(15), childrenMs: at(16) + at(17) };
  } catch {
    return ZERO;
  }
}

/** The live children of a process (every thread's), from /proc/<pid>/task/<tid>/children. */
export function childPids(pid: number): number[] {
  const pids: number[] = [];
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const text = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (text) pids.push(...text.split(' ').map(Number));
    }
  } catch {
    /* gone, or not Linux */
  }
  return pids;
}

export interface TreeCpu {
  emulator: ProcCpu;
  /** Long-lived children (the launcher): summed, by pid so a snapshot pair can be matched. */
  kept: Map<number, ProcCpu>;
}

/** The emulator's CPU and that of its live children (the launcher and what it reaped). */
export function treeCpu(pid: number): TreeCpu {
  return { emulator: procCpu(pid), kept: new Map(childPids(pid).map((c) => [c, procCpu(c)])) };
}

export interface CpuPerRun {
  /** The emulator's own thread(s): HTTP, the store, judging, starting runs. */
  emulatorMs: number;
  /** Processes the emulator spawned and reaped itself (none when the launcher starts every run). */
  emulatorChildrenMs: number;
  /** The launcher's own time: reading requests, forking. */
  launcherMs: number;
  /** Every run's bwrap, supervisor and program, as the launcher reaped them. */
  sandboxMs: number;
  /** The client's process (the bench: HTTP requests, the job's bookkeeping). */
  clientMs: number;
  totalMs: number;
}

/** What a job cost a run, from snapshots before and after it (a child born during the job counts from 0). */
export function cpuPerRun(before: TreeCpu, after: TreeCpu, client: NodeJS.CpuUsage, runs: number): CpuPerRun {
  const per = (ms: number) => ms / Math.max(runs, 1);
  let launcherMs = 0;
  let sandboxMs = 0;
  for (const [pid, now] of after.kept) {
    const then = before.kept.get(pid) ?? ZERO;
    launcherMs += now.selfMs - then.selfMs;
    sandboxMs += now.childrenMs - then.childrenMs;
  }
  const out = {
    emulatorMs: per(after.emulator.selfMs - before.emulator.selfMs),
    emulatorChildrenMs: per(after.emulator.childrenMs - before.emulator.childrenMs),
    launcherMs: per(launcherMs),
    sandboxMs: per(sandboxMs),
    clientMs: per((client.user + client.system) / 1000),
  };
  return { ...out, totalMs: out.emulatorMs + out.emulatorChildrenMs + out.launcherMs + out.sandboxMs + out.clientMs };
}

export function describeCpu(c: CpuPerRun): string {
  const f = (ms: number) => ms.toFixed(2);
  return `CPU a run ${f(c.totalMs)} ms: emulator ${f(c.emulatorMs)} (its own spawns ${f(c.emulatorChildrenMs)}), launcher ${f(c.launcherMs)}, bwrap + supervisor + program ${f(c.sandboxMs)}, client ${f(c.clientMs)}`;
}

/** Waits (up to a minute) until the emulator has no child process: its start-up compiles are over. */
export async function settled(pid: number, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (childPids(pid).length && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The whole machine's CPU time so far, every core: busy and all, in ticks (from /proc/stat). */
export interface MachineCpu {
  busy: number;
  total: number;
}

export function machineCpu(): MachineCpu {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal (guest time is inside user already).
    const ticks = fields.slice(0, 8).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: total - ticks[3] - ticks[4], total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** The share of all cores' time that was busy between two readings, in % (NaN without /proc). */
export function busyShare(before: MachineCpu, after: MachineCpu): number {
  const total = after.total - before.total;
  return total > 0 ? (100 * (after.busy - before.busy)) / total : NaN;
}
