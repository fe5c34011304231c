// The local emulator as a child process of the extension host: started from the bundle in the VSIX
// (dist/emulator.js) with the host's own runtime (process.execPath; ELECTRON_RUN_AS_NODE makes
// VS Code's Electron behave as Node, so no system Node is needed), on a free loopback port, with its
// data under the extension's global storage. It is detached into a process group of its own so
// that Stop ends it and everything it started, and it is told to stop when its stdin closes, which
// happens when the window that started it closes or its extension host dies.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { proveToken } from './challenge';
import { processAlive, readDataDirToken, readInstance, removeInstance, writeInstance } from './instance-file';
import { isOwnEmulator, processFacts, type ProcessFacts } from './process-owner';
import { type EmulatorReady, parseReadyLine } from '../../../contract/local-emulator';

const READY_TIMEOUT_MS = 60_000;
/** After SIGTERM (the emulator stops its runs and closes its database), SIGKILL the group. */
const STOP_GRACE_MS = 5_000;
/** A start refused because another window is starting one at the same moment: wait for its file. */
const OTHER_START_WAIT_MS = 15_000;

export interface RunningEmulator extends EmulatorReady {
  pid: number;
  dataDir: string;
  /** True when another window started it and this one only reuses it. */
  reused: boolean;
}

export interface EmulatorExit {
  /** Where it was listening. */
  origin: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last lines of its stderr, for the log. */
  stderr: string;
  /**
   * False for a clean stop this window did not ask for: Stop in another window that reused it, or
   * a SIGTERM by hand (the emulator then closes its database and exits 0). True for anything else.
   */
  crashed: boolean;
}

export interface LocalEmulatorOptions {
  /** dist/emulator.js of the installed extension. */
  script: string;
  /** The extension's global storage folder for the emulator (its instance file and data). */
  storageDir: string;
  /** An emulator this window started ended without this window asking it to. */
  onUnexpectedExit(exit: EmulatorExit): void;
  /** Every line it prints on stderr (it prints its token on stdout only, which is not passed on). */
  onStderr?(line: string): void;
  execPath?: string;
  /** For tests: what is known of a recorded pid (default: /proc and kill(pid, 0)). */
  processFacts?(pid: number): ProcessFacts;
}

export class LocalEmulator {
  private child: ChildProcess | undefined;
  private running: RunningEmulator | undefined;
  private starting: Promise<RunningEmulator> | undefined;
  private stopping = false;

  constructor(private readonly options: LocalEmulatorOptions) {}

  get dataDir(): string {
    return path.join(this.options.storageDir, 'data');
  }

  /** The emulator this window uses, if any (its own or reused). */
  current(): RunningEmulator | undefined {
    return this.running && processAlive(this.running.pid) ? this.running : undefined;
  }

  /** Reuses the emulator another window (or this one) started, else starts one. */
  start(): Promise<RunningEmulator> {
    this.starting ??= this.startOnce().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async startOnce(): Promise<RunningEmulator> {
    const current = this.current();
    if (current) return current;
    const reused = await this.reuse();
    if (reused) return (this.running = reused);
    try {
      return (this.running = await this.spawn());
    } catch (err) {
      // Another window started one at the same moment (the data directory is locked): use it.
      if (!/another emulator/i.test(String(err))) throw err;
      const deadline = Date.now() + OTHER_START_WAIT_MS;
      while (Date.now() < deadline) {
        const other = await this.reuse();
        if (other) return (this.running = other);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw err;
    }
  }

  /**
   * The emulator the instance file describes, when its pid is this user's emulator on that data
   * directory and its origin proves it knows the token (which is never sent: see challenge.ts).
   */
  private async reuse(): Promise<RunningEmulator | undefined> {
    const info = readInstance(this.options.storageDir);
    if (!info) return undefined;
    const facts = (this.options.processFacts ?? processFacts)(info.pid);
    if (!isOwnEmulator(facts, info.dataDir)) return undefined;
    const token = readDataDirToken(info.dataDir);
    if (!token || (await proveToken(info.origin, token)) !== 'proven') return undefined;
    return { ...info, token, reused: true };
  }

  private spawn(): Promise<RunningEmulator> {
    const { script, storageDir } = this.options;
    if (!fs.existsSync(script)) return Promise.reject(new Error(`the emulator bundle ${script} is missing (run \`npm run build\`)`));
    fs.mkdirSync(storageDir, { recursive: true });
    const dataDir = this.dataDir;
    const child = spawn(this.options.execPath ?? process.execPath, [script, '--port', '0', '--data', dataDir, '--exit-with-stdin'], {
      cwd: storageDir,
      detached: true,
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    this.child = child;
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
      for (const line of chunk.split('\n')) if (line.trim()) this.options.onStderr?.(line);
    });
    // The host must not wait for the emulator to exit, nor the emulator for the host.
    child.unref();
    return new Promise<RunningEmulator>((resolve, reject) => {
      let pending = '';
      let ready: RunningEmulator | undefined;
      const timer = setTimeout(() => {
        killGroup(child, 'SIGKILL');
        reject(new Error(`the emulator did not start within ${READY_TIMEOUT_MS / 1000} s`));
      }, READY_TIMEOUT_MS);
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        if (ready) return;
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const parsed = parseReadyLine(line);
          if (!parsed || !child.pid) continue;
          clearTimeout(timer);
          ready = { ...parsed, pid: child.pid, dataDir, reused: false };
          const { token: _token, reused: _reused, ...info } = ready;
          writeInstance(storageDir, info);
          resolve(ready);
        }
      });
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (this.child === child) this.child = undefined;
        if (!ready) return reject(new Error(`the emulator exited (${signal ?? `code ${code}`}) before it was ready: ${stderr.trim() || 'no message'}`));
        removeInstance(storageDir, ready.pid);
        if (this.running?.pid === ready.pid) this.running = undefined;
        if (!this.stopping) this.options.onUnexpectedExit({ origin: ready.origin, code, signal, stderr: stderr.trim(), crashed: code !== 0 });
      });
    });
  }

  /**
   * Stops the emulator this window uses (its own, or one another window started and this one
   * reuses) with its whole process group. Resolves with the one it stopped, undefined when none was running.
   */
  async stop(): Promise<RunningEmulator | undefined> {
    await this.starting?.catch(() => undefined);
    const target = this.current() ?? (await this.reuse());
    if (!target) return undefined;
    this.stopping = true;
    try {
      signalGroup(target.pid, 'SIGTERM');
      const deadline = Date.now() + STOP_GRACE_MS;
      while (processAlive(target.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      if (processAlive(target.pid)) signalGroup(target.pid, 'SIGKILL');
      removeInstance(this.options.storageDir, target.pid);
      this.running = undefined;
      return target;
    } finally {
      this.stopping = false;
    }
  }

  /** The window closes (deactivate): the emulator it started goes with it, at once. */
  dispose(): void {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    this.stopping = true;
    killGroup(child, 'SIGTERM');
    child.stdin?.destroy();
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    // Negative: the whole group (the emulator leads its own, being detached).
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid) signalGroup(child.pid, signal);
}
