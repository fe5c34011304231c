// A saturated machine for the tests that judge beside other work: bounded CPU hogs and a test
// emulator for a whole describe(). Each hog is a Node process spinning until its own deadline, so
// it ends by itself even when mocha is killed; after() kills every one left (also when a test
// failed). Each hog starts in a session of its own (detached): with the kernel's autogroup
// scheduling every session is one group, so hogs sharing mocha's session would together get no
// more CPU than one sandboxed run (bwrap --new-session), and would barely slow it down.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { startTestEmulator, type TestEmulator } from './harness';

/** One hog: a Node process spinning until its own deadline, in a session of its own; pinned to a CPU if given. */
function spawnHog(lifetimeMs: number, pinnedTo?: number): ChildProcess {
  const argv = [process.execPath, '-e', `const end = Date.now() + ${lifetimeMs}; let x = 0; while (Date.now() < end) x++;`];
  if (pinnedTo !== undefined) argv.unshift('taskset', '-c', String(pinnedTo));
  return spawn(argv[0], argv.slice(1), { stdio: 'ignore', detached: true });
}

/** Kills these hogs when the result is called, or when this process exits first. */
function stopper(hogs: ChildProcess[]): () => void {
  const stop = () => {
    for (const hog of hogs.splice(0)) hog.kill('SIGKILL');
    process.removeListener('exit', stop);
  };
  process.once('exit', stop);
  return stop;
}

/** Starts `perCore` hogs per core, each ending by itself after `lifetimeMs`; the result stops them all. */
function startCpuHogs(perCore: number, lifetimeMs: number): () => void {
  return stopper(Array.from({ length: perCore * os.availableParallelism() }, () => spawnHog(lifetimeMs)));
}

/**
 * Call in a describe(): `perCore` CPU hogs per core and an emulator from before() to after(), and
 * the suite's timeout set to the hogs' lifetime. `machine.emu` is the emulator once before() ran.
 */
export function useSaturatedEmulator(suite: Mocha.Suite, perCore: number, lifetimeMs: number): { emu: TestEmulator } {
  suite.timeout(lifetimeMs);
  const machine = {} as { emu: TestEmulator };
  let stopHogs: (() => void) | undefined;
  before(async () => {
    stopHogs = startCpuHogs(perCore, lifetimeMs);
    machine.emu = await startTestEmulator();
  });
  after(async () => {
    stopHogs?.();
    await machine.emu?.close();
  });
  return machine;
}

/** The CPU that a pinned hog and the run it starves share: the last one this process may use. */
export function starvedCpu(): number {
  const allowed = spawnSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' }).stdout;
  const list = allowed.slice(allowed.lastIndexOf(':') + 1).trim();
  const last = list.split(',').pop()!.split('-').pop()!;
  return Number(last);
}

function cpuTicks(pid: number): number {
  try {
    const rest = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    const fields = rest.slice(rest.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

export interface PinnedHog {
  /** Its nice, for the process and its autogroup: a run beside it gets about 1024 / (1024 + weight). */
  setNice(nice: number): void;
  stop(): void;
}

/**
 * A hog pinned to one CPU at a higher priority than the runs (root only: a negative nice, for the
 * process and for its autogroup, which is what counts between sessions when the kernel groups them).
 * A run pinned to the same CPU gets about 1024 / (1024 + weight(nice)) of it: about 6 % at nice -12,
 * 1 % at -20, so it waits for the CPU most of the time without sleeping or blocking. Resolves once
 * the hog is spinning. Ends by itself after `lifetimeMs`.
 */
export async function startPinnedHog(cpu: number, nice: number, lifetimeMs: number): Promise<PinnedHog> {
  const hog = spawnHog(lifetimeMs, cpu);
  const stop = stopper([hog]);
  const pid = hog.pid!;
  const setNice = (value: number) => {
    os.setPriority(pid, value);
    // Without autogroup scheduling (no such file), the process's own nice is what counts.
    if (fs.existsSync(`/proc/${pid}/autogroup`)) fs.writeFileSync(`/proc/${pid}/autogroup`, String(value));
  };
  setNice(nice);
  const deadline = Date.now() + 10_000;
  while (cpuTicks(pid) < 5) {
    if (Date.now() > deadline) {
      stop();
      throw new Error('the pinned hog did not start spinning within 10 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { setNice, stop };
}
