// The emulator's runner: runs one program with limits, in its own process group, inside bubblewrap
// when it works. The limits are enforced by a supervisor started inside the sandbox for each run
// (exact peak memory and CPU time via wait4): the C one compiled at start (./supervisor.c, about a
// millisecond to start), else the python3 one (./supervisor.py, same protocol and report); without
// either a Node-only monitor samples /proc instead (sampled CPU time and memory).
// This file only re-exports; each concern has its module:
//   ./runner.ts             initRunner (one runner per emulator, stopped on close), runProcess;
//   ./run-one.ts            one run from start to end;
//   ./supervise.ts          a run under a supervisor: its report, guard and kills;
//   ./start-process.ts      how its process starts: the launcher (./launcher.c, a small fork
//                           server, so the emulator never forks itself) or else Node's spawn();
//   ./supervisor-command.ts which supervisor, and its command line with the run's limits;
//   ./environment.ts        the program's environment; ./descriptors.ts its open files;
//   ./sandbox.ts            which sandbox, and bwrap's command line (./sandbox-binds.ts what it
//                           shows, ./sandbox-etc.ts its /etc as one prepared copy);
//   ./sandbox-users.ts      a root emulator's user per run (the kernel bounds its processes);
//   ./run-scratch.ts        where runs' work folders go (a tmpfs when there is one);
//   ./monotonic.ts          the clock a run's end is reported on (RunResult.endedAt), the same in every sandbox.
export type { Runner, RunnerConfig, RunResult, RunSpec } from './types';
export { initRunner, runProcess, setDefaultSandboxForTests } from './runner';
export { DISK_LIMIT_BYTES, DISK_LIMIT_ENTRIES } from './supervisor-command';
export { detectSandbox, type SandboxInfo } from './sandbox';
export { findPython, overridePythonForTests } from './toolchains';
export { cSupervisor, cSupervisorExpected, cSupervisorReady, overrideCSupervisorForTests } from './supervisor-binary';
export { runnerPhases, resetRunnerPhases, type RunnerPhases, SUMMED_PHASES } from './run-stats';
export { launcherForTests, overrideLauncherForTests } from './start-process';
export { runScratchFolder } from './run-scratch';
export { cpuWaitReported } from './cpu-wait';
