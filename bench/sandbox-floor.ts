// The floor a sandboxed run cannot go below, measured in the bench's own run (issue 30 part 1):
// a bare `bwrap … /bin/true` with exactly the binds the emulator's runner uses, against the same
// `/bin/true` through the runner (runProcess: hand-over, descriptors, supervisor, limits, disk
// look), interleaved so that the machine's load falls on both alike. The difference is what the
// runner adds per run beyond the sandbox itself. Also: the emulator's own per-run breakdown, as
// GET /__emulator/runner reports it, in words for a figure's note.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cSupervisorReady, launcherForTests, runProcess, runnerPhases, type RunnerPhases } from '../emulator/runner';
import { bwrapPrefix, detectSandbox } from '../emulator/runner/sandbox';
import { sandboxReadOnlyPaths } from '../emulator/runner/toolchains';
import type { RunSpec } from '../emulator/runner/types';
import { which } from '../emulator/languages/probe';
import { procCpu } from './cpu-account';

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

function spawnAndWait(argv: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { cwd, stdio: 'ignore' });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${argv[0]} exited with ${code}`))));
  });
}

export async function measureSandboxFloor(tmpDir: string, runs = 60): Promise<SandboxFloor> {
  const dir = fs.mkdtempSync(path.join(tmpDir, 'floor-'));
  const sandboxed = detectSandbox('auto').kind === 'bwrap';
  const bare = [...(sandboxed ? bwrapPrefix({ cwd: dir, network: false, readOnlyPaths: sandboxReadOnlyPaths({ readOnlyPaths: [] } as unknown as RunSpec) }) : []), '/bin/true'];
  const spec = {
    command: ['/bin/true'],
    cwd: dir,
    stdoutPath: path.join(dir, 'out'),
    stderrPath: path.join(dir, 'err'),
    timeLimitMs: 5000,
    memoryLimitKb: 256 * 1024,
    outputLimitBytes: 1 << 20,
  };
  // Warm-up: the supervisor is compiled, the binaries are in the page cache.
  await cSupervisorReady();
  await spawnAndWait(bare, dir);
  await runProcess(spec);
  const bareMs: number[] = [];
  const runnerMs: number[] = [];
  const programMs: number[] = [];
  // CPU: the runner's runs go through the launcher, a live child of this process whose own stat
  // holds them (it is their subreaper: bwrap leaves its pid-namespace init unreaped, so a bare
  // bwrap spawned from here would show only half its CPU). The bare runs' CPU is measured below,
  // through the same launcher.
  const runnerCpu = { node: 0, launcher: 0, sandbox: 0 };
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await spawnAndWait(bare, dir);
    bareMs.push(performance.now() - t);
    const launcher = launcherForTests()?.pid;
    const before = launcher ? procCpu(launcher) : undefined;
    const node = process.cpuUsage();
    t = performance.now();
    const r = await runProcess(spec);
    runnerMs.push(performance.now() - t);
    const spent = process.cpuUsage(node);
    runnerCpu.node += (spent.user + spent.system) / 1000;
    if (launcher && before && launcherForTests()?.pid === launcher) {
      const after = procCpu(launcher);
      runnerCpu.launcher += after.selfMs - before.selfMs;
      runnerCpu.sandbox += after.childrenMs - before.childrenMs;
    }
    programMs.push(r.wallSec * 1000);
  }
  const mean = (ms: number) => ms / runs;
  const bareCpu = await bareCpuThroughLauncher(bare, dir, runs);
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

/** The CPU of `runs` bare sandbox starts, all of it: started by the launcher, which reaps every process of them. */
async function bareCpuThroughLauncher(bare: string[], dir: string, runs: number): Promise<number> {
  const via = launcherForTests();
  const binary = bare[0].includes('/') ? bare[0] : which(bare[0]);
  if (!via?.pid || !binary) return NaN;
  const devNull = fs.openSync('/dev/null', 'r+');
  try {
    const before = procCpu(via.pid).childrenMs;
    for (let i = 0; i < runs; i++) {
      await new Promise<void>((resolve, reject) => {
        const run = via.launch({ path: binary, argv: bare, env: {}, cwd: dir, fds: new Map([0, 1, 2].map((fd) => [fd, devNull])), resultFd: 3 });
        run.once('exit', (code: number | null) => (code === 0 ? resolve() : reject(new Error(`bare ${bare[0]} exited with ${code}`))));
        run.once('error', reject);
      });
    }
    return procCpu(via.pid).childrenMs - before;
  } finally {
    fs.closeSync(devNull);
  }
}

/** Mean time per run of each phase, for a note: "c supervisor; mean per run: hand-over 0.1 ms, …". */
export function describePhases(p: RunnerPhases): string {
  const per = (ms: number) => (p.runs ? (ms / p.runs).toFixed(2) : '0');
  return `${p.runs} runs, ${p.supervisor} supervisor; mean per run: hand-over ${per(p.handOverMs)} ms, descriptors ${per(p.descriptorsMs)} ms, program ${per(p.programMs)} ms (CPU ${per(p.programCpuMs)} ms), sandbox and supervisor around it ${per(p.superviseMs - p.programMs)} ms, whole runProcess ${per(p.totalMs)} ms`;
}

/**
 * The floor as the issue words it, measured rather than multiplied out: `workers` loops at once,
 * each starting a bare `bwrap` (the runner's binds) that runs `argv` in a folder holding `files`,
 * with each of `inputs` in turn as its standard input and its output to a file, as the emulator's
 * runs do. What `workers` × one loop's rate assumes, that each loop has a core of its own and
 * nothing else runs, this does not. Returns runs a second (NaN where there is no bwrap).
 */
export async function measureConcurrentFloor(
  tmpDir: string,
  workers: number,
  program: { files: Record<string, string>; argv: string[]; inputs: string[] },
  runs = 600,
): Promise<number> {
  if (detectSandbox('auto').kind !== 'bwrap') return NaN;
  const dir = fs.mkdtempSync(path.join(tmpDir, 'floor-workers-'));
  for (const [name, text] of Object.entries(program.files)) fs.writeFileSync(path.join(dir, name), text);
  const inputs = program.inputs.map((text, i) => {
    const file = path.join(dir, `in-${i}`);
    fs.writeFileSync(file, text);
    return file;
  });
  const argv = [...bwrapPrefix({ cwd: dir, network: false, readOnlyPaths: sandboxReadOnlyPaths({ readOnlyPaths: [] } as unknown as RunSpec) }), ...program.argv];
  const once = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const stdin = fs.openSync(inputs[n % inputs.length], 'r');
      const stdout = fs.openSync(path.join(dir, `out-${n}`), 'w');
      const child = spawn(argv[0], argv.slice(1), { cwd: dir, stdio: [stdin, stdout, 'ignore'] });
      fs.closeSync(stdin);
      fs.closeSync(stdout);
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`bare ${argv[0]} exited with ${code}`))));
    });
  await once(0); // warm: the binaries in the page cache
  let next = 0;
  const loop = async () => {
    while (next < runs) await once(next++);
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: workers }, loop));
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(dir, { recursive: true, force: true });
  return runs / seconds;
}
