// The Node side of the launcher (./launcher.c): one small long-lived process that forks every
// run's supervisor, because a fork of the emulator itself costs its only thread about 3.4 ms a run
// (the page tables of a 200 MB process). Requests go down its stdin as length-prefixed frames;
// events come back as lines. While no run is in flight, the launcher holds no reference on the
// event loop, so a script that ends is not kept alive by it. If it dies, the runs it had in flight
// fail with an error and the next run starts a new one (./start-process.ts falls back to spawn()
// when none can start).
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import * as readline from 'node:readline';

export interface LaunchRequest {
  /** Absolute path of the program (the launcher does not search PATH). */
  path: string;
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  /** Target fd → the emulator's open fd to reopen there; absent targets below resultFd stay closed. */
  fds: Map<number, number>;
  resultFd: number;
}

/** One run started by the launcher: 'started' (pid), 'line' (a supervisor line), 'exit' (code, signal), 'error'. */
export class LaunchedRun extends EventEmitter {
  pid: number | undefined;
  constructor(
    private readonly launcher: Launcher,
    readonly id: number,
  ) {
    super();
  }
  /** Half-closes the result channel: the supervisor reads EOF and stops the run. */
  stop(): void {
    this.launcher.send(['stop', String(this.id)]);
  }
}

export class Launcher {
  private readonly runs = new Map<number, LaunchedRun>();
  private nextId = 1;
  private dead = false;
  /** Whether it ever started a run: one that dies before its first is broken, not unlucky. */
  startedAny = false;

  private constructor(private readonly child: ChildProcess) {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => this.event(line));
    child.stdin!.on('error', () => undefined);
    child.on('error', () => this.die());
    child.on('exit', () => this.die());
    this.idle();
  }

  static start(binary: string): Launcher {
    return new Launcher(spawn(binary, ['--parent', String(process.pid)], { stdio: ['pipe', 'pipe', 'inherit'] }));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.dead;
  }

  launch(request: LaunchRequest): LaunchedRun {
    const run = new LaunchedRun(this, this.nextId++);
    if (this.dead) {
      queueMicrotask(() => run.emit('error', new Error('runner: the launcher has exited')));
      return run;
    }
    this.runs.set(run.id, run);
    this.busy();
    const fields = ['run', String(run.id), request.cwd, request.path, String(request.argv.length), ...request.argv];
    const env = Object.entries(request.env).map(([k, v]) => `${k}=${v}`);
    fields.push(String(env.length), ...env, String(request.fds.size));
    for (const [target, source] of request.fds) fields.push(String(target), String(source));
    fields.push(String(request.resultFd));
    this.send(fields);
    return run;
  }

  /** Stops the launcher (its runs' sandboxes die with it); tests only. */
  kill(): void {
    this.child.kill('SIGKILL');
  }

  send(fields: string[]): void {
    if (this.dead) return;
    for (const f of fields) if (f.includes('\0')) throw new Error('runner: a NUL byte in a command line or environment');
    const payload = Buffer.from(fields.join('\0'), 'utf8');
    const head = Buffer.alloc(4);
    head.writeUInt32LE(payload.length);
    this.child.stdin!.write(Buffer.concat([head, payload]));
  }

  private event(line: string): void {
    const m = /^(started|line|exit|fail) (\d+) ?(.*)$/s.exec(line);
    if (!m) return;
    const run = this.runs.get(Number(m[2]));
    if (!run) return;
    const rest = m[3];
    if (m[1] === 'started') {
      this.startedAny = true;
      run.pid = Number(rest);
      run.emit('started', run.pid);
    } else if (m[1] === 'line') run.emit('line', rest);
    else if (m[1] === 'fail') this.end(run, () => run.emit('error', new Error(`runner: the launcher could not start the run: ${rest}`)));
    else {
      const [code, signal] = rest.split(' ').map(Number);
      this.end(run, () => run.emit('exit', code >= 0 ? code : null, signal >= 0 ? signal : null));
    }
  }

  private end(run: LaunchedRun, emit: () => void): void {
    this.runs.delete(run.id);
    if (!this.runs.size) this.idle();
    emit();
  }

  private die(): void {
    if (this.dead) return;
    this.dead = true;
    const inFlight = [...this.runs.values()];
    this.runs.clear();
    for (const run of inFlight) run.emit('error', new Error('runner: the launcher exited during the run'));
  }

  // Held on the event loop only while a run is in flight, as a spawned child would be.
  private busy(): void {
    this.child.ref();
    (this.child.stdout as unknown as { ref?(): void }).ref?.();
  }

  private idle(): void {
    this.child.unref();
    (this.child.stdout as unknown as { unref?(): void }).unref?.();
    (this.child.stdin as unknown as { unref?(): void }).unref?.();
  }
}
