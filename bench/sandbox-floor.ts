// The floor a sandboxed run cannot go below, measured in the bench's own run (issue 30 part 1):
// a bare `bwrap … /bin/true` with exactly the binds the emulator's runner uses, against the same
// `/bin/true` through the runner (runProcess: hand-over, descriptors, supervisor, limits, disk
// look), interleaved so that the machine's load falls on both alike. The difference is what the
// runner adds per run beyond the sandbox itself. Also: the emulator's own per-run breakdown, as
// GET /__emulator/runner reports it, in words for a figure's note.
//
// Every bare start goes the way the runner's own go: forked by the launcher, in a folder where the
// runner keeps its run folders. Until 2026-11-29 the bare ones were spawned by this Node process
// and wrote to the bench's temporary folder on disk: each paid a fork of Node (1.5-3 ms) and new
// files on ext4, costs the runner does not pay, so the floor was lower than it is (BENCHMARKS.md).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cSupervisorReady, launcherForTests, runProcess, runnerPhases, runScratchFolder, type RunnerPhases } from '../emulator/runner';
import { bwrapPrefix, detectSandbox } from '../emulator/runner/sandbox';
import { sandboxReadOnlyPaths } from '../emulator/runner/toolchains';
import type { RunSpec } from '../emulator/runner/types';
import type { Launcher } from '../emulator/runner/launcher';
import { programPath } from '../emulator/runner/start-process';
import { busyShare, machineCpu, procCpu } from './cpu-account';

export interface SandboxFloor {
  sandboxed: boolean;
  /** Median of a bare bubblewrap start with /bin/true, in ms. */
  bareMs: number;
  /** Median of /bin/true through the runner, in ms. */
  runnerMs: number;
  /** Median of the program's own wall time as the supervisor measured it, in ms. */
  programMs: number;
  supervisor: RunnerPhases['supervisor'];
  runs: number;
  /** CPU time of a bare sandbox start with /bin/true (bwrap and everything it started), mean ms. */
  bareCpuMs: number;
  /** CPU time of /bin/true through the runner, mean ms: Node's side, and the launcher with what it reaped. */
  runnerCpuMs: { node: number; launcher: number; sandbox: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One bare start through the launcher, as the runner starts its own sandboxes: a fork of a small
 * process. (Node's spawn() forks this process instead, which costs this thread milliseconds a run
 * and made a floor of it slower than the runner for a reason of its own.)
 */
function launchBare(via: Launcher, binary: string, argv: string[], cwd: string, fds: Map<number, number>): Promise<void> {
  return new Promise((resolve, reject) => {
    const run = via.launch({ path: binary, argv, env: {}, cwd, fds, resultFd: 3 });
    run.once('error', reject);
    run.once('exit', (code: number | null) => (code === 0 ? resolve() : reject(new Error(`bare ${argv[0]} exited with ${code}`))));
  });
}

/** The bwrap prefix with the runner's binds for a run in `cwd` (none where there is no sandbox). */
function barePrefix(cwd: string): string[] {
  if (detectSandbox('auto').kind !== 'bwrap') return [];
  return bwrapPrefix({ cwd, network: false, readOnlyPaths: sandboxReadOnlyPaths({ readOnlyPaths: [] } as unknown as RunSpec) });
}

/** This process's launcher, started by one run of `/bin/true` through the runner if it is not yet. */
async function startedLauncher(dir: string): Promise<Launcher> {
  if (!launcherForTests()) {
    await cSupervisorReady();
    await runProcess(trueSpec(dir));
  }
  const via = launcherForTests();
  if (!via?.pid) throw new Error('the floor: the launcher did not start (its C source did not compile?)');
  return via;
}

function trueSpec(dir: string): RunSpec {
  return {
    command: ['/bin/true'],
    cwd: dir,
    stdoutPath: path.join(dir, 'out'),
    stderrPath: path.join(dir, 'err'),
    timeLimitMs: 5000,
    memoryLimitKb: 256 * 1024,
    outputLimitBytes: 1 << 20,
  };
}

/** The path the launcher execs for `name`, found as the runner finds its programs'. */
function pathOf(name: string): string {
  const found = programPath(name);
  if (!found) throw new Error(`the floor: no ${name} on PATH`);
  return found;
}

/** A folder where the runner keeps its run folders: a tmpfs when there is one. */
function scratchLikeRuns(tmpDir: string, name: string): string {
  return fs.mkdtempSync(path.join(runScratchFolder(path.join(tmpDir, `${name}-work`), name), 'floor-'));
}

export async function measureSandboxFloor(tmpDir: string, runs = 60): Promise<SandboxFloor> {
  const dir = scratchLikeRuns(tmpDir, 'sandbox-floor');
  const sandboxed = detectSandbox('auto').kind === 'bwrap';
  const bare = [...barePrefix(dir), '/bin/true'];
  const spec = trueSpec(dir);
  // Warm-up: the supervisor is compiled, the launcher started, the binaries in the page cache.
  const via = await startedLauncher(dir);
  const binary = pathOf(bare[0]);
  const devNull = fs.openSync('/dev/null', 'r+');
  const nullFds = new Map([0, 1, 2].map((fd) => [fd, devNull]));
  await launchBare(via, binary, bare, dir, nullFds);
  const bareMs: number[] = [];
  const runnerMs: number[] = [];
  const programMs: number[] = [];
  // CPU: both kinds of run go through the launcher, a live child of this process whose own stat
  // holds them (it is their subreaper: bwrap leaves its pid-namespace init unreaped, so a bare
  // bwrap spawned from here would show only half its CPU). Runs one at a time, so the launcher's
  // reaped time between two readings is that one run's.
  const runnerCpu = { node: 0, launcher: 0, sandbox: 0 };
  let bareCpu = 0;
  try {
    for (let i = 0; i < runs; i++) {
      let before = procCpu(via.pid!);
      let t = performance.now();
      await launchBare(via, binary, bare, dir, nullFds);
      bareMs.push(performance.now() - t);
      let after = procCpu(via.pid!);
      bareCpu += after.childrenMs - before.childrenMs;
      before = after;
      const node = process.cpuUsage();
      t = performance.now();
      const r = await runProcess(spec);
      runnerMs.push(performance.now() - t);
      const spent = process.cpuUsage(node);
      runnerCpu.node += (spent.user + spent.system) / 1000;
      after = procCpu(via.pid!);
      runnerCpu.launcher += after.selfMs - before.selfMs;
      runnerCpu.sandbox += after.childrenMs - before.childrenMs;
      programMs.push(r.wallSec * 1000);
    }
  } finally {
    fs.closeSync(devNull);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (launcherForTests() !== via) throw new Error('the floor: the launcher restarted during the measurement');
  const mean = (ms: number) => ms / runs;
  return {
    sandboxed,
    bareMs: median(bareMs),
    runnerMs: median(runnerMs),
    programMs: median(programMs),
    supervisor: runnerPhases().supervisor,
    runs,
    bareCpuMs: mean(bareCpu),
    runnerCpuMs: { node: mean(runnerCpu.node), launcher: mean(runnerCpu.launcher), sandbox: mean(runnerCpu.sandbox) },
  };
}

/** Mean time per run of each phase, for a note: "c supervisor; mean per run: hand-over 0.1 ms, …". */
export function describePhases(p: RunnerPhases): string {
  const per = (ms: number) => (p.runs ? (ms / p.runs).toFixed(2) : '0');
  return `${p.runs} runs, ${p.supervisor} supervisor; mean per run: hand-over ${per(p.handOverMs)} ms, descriptors ${per(p.descriptorsMs)} ms, program ${per(p.programMs)} ms (CPU ${per(p.programCpuMs)} ms), sandbox and supervisor around it ${per(p.superviseMs - p.programMs)} ms, whole runProcess ${per(p.totalMs)} ms`;
}

/** What measureConcurrentFloor found: each NaN where there is no bwrap. */
export interface ConcurrentFloor {
  runsPerSecond: number;
  /** CPU a run: every bare sandbox and its program, the launcher and this process starting them, ms. */
  cpuPerRunMs: number;
  /** How busy the whole machine was during the loops, % of every core's time. */
  busyShare: number;
}

/**
 * The floor as the issue words it, measured rather than multiplied out: `workers` loops at once,
 * each starting a bare `bwrap` (the runner's binds) that runs `argv` in a folder holding `files`,
 * with each of `inputs` in turn as its standard input and its output to a file, as the emulator's
 * runs do. What `workers` × one loop's rate assumes, that each loop has a core of its own and
 * nothing else runs, this does not.
 *
 * Started the way the runner starts its sandboxes, so that the floor is no slower than ours for a
 * reason of its own: by the launcher (a fork of a small process, where Node's spawn() would fork
 * this one), in a folder where the runner keeps its run folders (a tmpfs when there is one: a new
 * file on this machine's ext4 costs up to 1 ms of CPU).
 */
export async function measureConcurrentFloor(
  tmpDir: string,
  workers: number,
  program: { files: Record<string, string>; argv: string[]; inputs: string[] },
  runs = 600,
): Promise<ConcurrentFloor> {
  if (detectSandbox('auto').kind !== 'bwrap') return { runsPerSecond: NaN, cpuPerRunMs: NaN, busyShare: NaN };
  const dir = scratchLikeRuns(tmpDir, 'concurrent-floor');
  for (const [name, text] of Object.entries(program.files)) fs.writeFileSync(path.join(dir, name), text);
  const inputs = program.inputs.map((text, i) => {
    const file = path.join(dir, `in-${i}`);
    fs.writeFileSync(file, text);
    return file;
  });
  const argv = [...barePrefix(dir), ...program.argv];
  const via = await startedLauncher(dir);
  const binary = pathOf(argv[0]);
  const devNull = fs.openSync('/dev/null', 'r+');
  const once = async (n: number) => {
    const stdin = fs.openSync(inputs[n % inputs.length], 'r');
    const stdout = fs.openSync(path.join(dir, `out-${n % (2 * workers)}`), 'w');
    try {
      await launchBare(
        via,
        binary,
        argv,
        dir,
        new Map([
          [0, stdin],
          [1, stdout],
          [2, devNull],
        ]),
      );
    } finally {
      fs.closeSync(stdin);
      fs.closeSync(stdout);
    }
  };
  try {
    await once(0); // warm: the binaries in the page cache
    let next = 0;
    const loop = async () => {
      while (next < runs) await once(next++);
    };
    const machine = machineCpu();
    const launcher = procCpu(via.pid!);
    const own = process.cpuUsage();
    const started = performance.now();
    await Promise.all(Array.from({ length: workers }, loop));
    const seconds = (performance.now() - started) / 1000;
    const spent = process.cpuUsage(own);
    const after = procCpu(via.pid!);
    const cpuMs = after.selfMs - launcher.selfMs + after.childrenMs - launcher.childrenMs + (spent.user + spent.system) / 1000;
    return { runsPerSecond: runs / seconds, cpuPerRunMs: cpuMs / runs, busyShare: busyShare(machine, machineCpu()) };
  } finally {
    fs.closeSync(devNull);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
