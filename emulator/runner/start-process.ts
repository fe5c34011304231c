// How a run's supervisor process is started: through the launcher (./launcher.ts) when the C
// programs compiled, else with Node's spawn(). Both give the same thing to ./supervise.ts: a
// process in a group of its own, the supervisor's report lines, a way to ask it to stop, and its
// end. The descriptors are the ones ./descriptors.ts opened; neither way opens a path itself.
import { spawn, type StdioOptions } from 'node:child_process';
import { which } from '../languages/probe';
import { Launcher } from './launcher';
import { cLauncher } from './supervisor-binary';

export interface StartedProcess {
  /** The process id (its group id too) once known: at once for spawn, on the launcher's answer otherwise. */
  onStarted(cb: (pid: number) => void): void;
  /** Each line the supervisor writes on the result channel. */
  onLine(cb: (line: string) => void): void;
  /** Ends the channel: the supervisor reads EOF and stops the run. */
  stop(): void;
  onError(cb: (err: Error) => void): void;
  /** The process has exited and the channel is read to its end. */
  onClose(cb: (code: number | null, signal: string | number | null) => void): void;
}

export interface StartRequest {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  fds: Map<number, number>;
  resultFd: number;
}

let launcher: Launcher | undefined;
let launcherDisabled = false;
let binaryOverride: string | undefined;
const resolved = new Map<string, string | null>();

/** Tests only: the launcher's binary (one that cannot run, say), or undefined for the compiled one. */
export function overrideLauncherForTests(binary: string | undefined): void {
  binaryOverride = binary;
  launcher?.kill();
  launcher = undefined;
  launcherDisabled = false;
}

/**
 * The launcher when it is compiled, started on first use and again after it died. One that died
 * before it started any run cannot run here (a temp folder mounted noexec, say): from then on
 * runs go through spawn().
 */
function currentLauncher(): Launcher | undefined {
  if (launcherDisabled) return undefined;
  if (launcher?.alive) return launcher;
  if (launcher && !launcher.startedAny) {
    launcherDisabled = true;
    return undefined;
  }
  const binary = binaryOverride ?? cLauncher();
  if (!binary) return undefined;
  launcher = Launcher.start(binary);
  return launcher;
}

/** Tests only: the launcher now in use, if any. */
export function launcherForTests(): Launcher | undefined {
  return launcher?.alive ? launcher : undefined;
}

/** The launcher execs a path: what spawn() would have found on the emulator's PATH. */
export function programPath(name: string): string | null {
  if (name.includes('/')) return name;
  if (!resolved.has(name)) resolved.set(name, which(name));
  return resolved.get(name)!;
}

export function startProcess(request: StartRequest): StartedProcess {
  const via = currentLauncher();
  const path = via && programPath(request.argv[0]);
  return via && path ? throughLauncher(via, path, request) : withSpawn(request);
}

function throughLauncher(via: Launcher, path: string, r: StartRequest): StartedProcess {
  const run = via.launch({ path, argv: r.argv, env: r.env, cwd: r.cwd, fds: r.fds, resultFd: r.resultFd });
  const on = {
    started: [] as Array<(pid: number) => void>,
    line: [] as Array<(line: string) => void>,
    error: [] as Array<(err: Error) => void>,
    close: [] as Array<(code: number | null, signal: string | number | null) => void>,
  };
  let closed = false;
  let fallback: StartedProcess | undefined;
  run.on('started', (pid: number) => on.started.forEach((cb) => cb(pid)));
  run.on('line', (line: string) => on.line.forEach((cb) => cb(line)));
  run.on('exit', (code: number | null, signal: number | null) => {
    closed = true;
    for (const cb of on.close) cb(code, signal);
  });
  run.on('error', (err: Error) => {
    if (closed) return;
    // A launcher that never started a run cannot run here: this run goes through spawn() instead
    // (nothing of it had started), and so do the next ones (currentLauncher).
    if (!via.startedAny && run.pid === undefined) {
      fallback = withSpawn(r);
      fallback.onStarted((pid) => on.started.forEach((cb) => cb(pid)));
      fallback.onLine((line) => on.line.forEach((cb) => cb(line)));
      fallback.onError((e) => on.error.forEach((cb) => cb(e)));
      fallback.onClose((code, signal) => on.close.forEach((cb) => cb(code, signal)));
      return;
    }
    // An error means nothing more comes: it reads as the process gone without a report.
    closed = true;
    for (const cb of on.error) cb(err);
    for (const cb of on.close) cb(null, null);
  });
  return {
    onStarted: (cb) => on.started.push(cb),
    onLine: (cb) => on.line.push(cb),
    stop: () => (fallback ? fallback.stop() : run.stop()),
    onError: (cb) => on.error.push(cb),
    onClose: (cb) => on.close.push(cb),
  };
}

function withSpawn(r: StartRequest): StartedProcess {
  const stdio: StdioOptions = [];
  for (let i = 0; i <= r.resultFd; i++) stdio.push(i === r.resultFd ? 'pipe' : (r.fds.get(i) ?? 'ignore'));
  const child = spawn(r.argv[0], r.argv.slice(1), { cwd: r.cwd, stdio, detached: true, env: r.env });
  const channel = child.stdio[r.resultFd] as (NodeJS.ReadableStream & NodeJS.WritableStream) | null;
  const lines: Array<(line: string) => void> = [];
  let text = '';
  channel?.setEncoding('utf8');
  channel?.on('error', () => undefined);
  channel?.on('data', (chunk: string) => {
    text += chunk;
    let nl: number;
    while ((nl = text.indexOf('\n')) >= 0) {
      const line = text.slice(0, nl);
      text = text.slice(nl + 1);
      for (const cb of lines) cb(line);
    }
  });
  return {
    onStarted: (cb) => {
      if (child.pid !== undefined) cb(child.pid);
    },
    onLine: (cb) => lines.push(cb),
    stop: () => {
      try {
        channel?.end();
      } catch {
        /* already closed */
      }
    },
    onError: (cb) => child.on('error', cb),
    onClose: (cb) => child.on('close', cb),
  };
}
