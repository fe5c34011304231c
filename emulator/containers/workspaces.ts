// Workspace lifecycle: slots, start-up (with the init script), stop/resume/remove, and the timers
// (inactivity, retention). Timers are driven by a periodic tick that reads the emulated clock, so a
// faster clock or POST /__emulator/clock {advanceMs} moves every workspace along.
import * as fs from 'node:fs';
import { discardTree } from '../fs-safety/remove-tree';
import { apiError } from '../http/errors';
import type { EmulatorContext } from '../context';
import { initRunner } from '../runner';
import type { Table } from '../store';
import { COLLECTIONS } from '../store/collections';
import { WS_ERROR, WS_REMOVED, WS_RUNNING, WS_STARTING, WS_STOPPED, workspaceDirs, workspaceStreamFile, type WorkspaceRecord } from './workspace-model';

const TICK_MS = 100;
const MINUTE = 60_000;
/** Real-time cap of a workspace init script. */
const INIT_TIME_LIMIT_MS = 120_000;
const INIT_OUTPUT_LIMIT = 16 * 1024 * 1024;

export class WorkspaceService {
  private readonly initRuns = new Map<string, AbortController>();
  private readonly timer: NodeJS.Timeout;
  private readonly table: Table<WorkspaceRecord>;

  constructor(private readonly ctx: EmulatorContext) {
    // Init scripts cut by a restart cannot be resumed: count them as failed so the workspace can run.
    this.table = ctx.store.table<WorkspaceRecord>(COLLECTIONS.containersWorkspaces);
    for (const ws of this.all()) {
      if (!ws.initDone) {
        ws.initDone = true;
        ws.initFailed = true;
        fs.mkdirSync(workspaceDirs(ctx, ws.id).streams, { recursive: true, mode: 0o700 });
        fs.appendFileSync(workspaceStreamFile(ctx, ws.id, 'workspace_init_error'), '\n[emulator] init script interrupted by an emulator restart\n', { mode: 0o600 });
        this.save(ws);
      }
    }
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
    ctx.onClose(() => {
      clearInterval(this.timer);
      for (const run of this.initRuns.values()) run.abort();
    });
  }

  /** Every workspace, oldest first: the live objects (the table keeps them in memory). */
  all(): WorkspaceRecord[] {
    return this.table.all();
  }

  /** Writes this one workspace. */
  save(ws: WorkspaceRecord): void {
    this.table.put(ws);
  }

  get(id: string): WorkspaceRecord {
    const ws = this.table.get(id);
    if (!ws) throw apiError(404, 1001, 'workspace not found');
    return ws;
  }

  usedSlots(): number {
    return this.all()
      .filter((w) => w.state === WS_STARTING || w.state === WS_RUNNING)
      .reduce((sum, w) => sum + w.slots, 0);
  }

  assertFreeSlots(needed: number): void {
    const free = this.ctx.options.slots - this.usedSlots();
    if (free < needed) {
      throw apiError(409, 200611, `no free workspace slots: ${needed} needed, ${Math.max(0, free)} of ${this.ctx.options.slots} free`);
    }
  }

  /** Registers a new workspace (its files already in place) and starts its init script. */
  add(ws: WorkspaceRecord): void {
    this.save(ws);
    this.startInit(ws);
  }

  /** File operations and entering the IDE count as use: they reset the inactivity timer. */
  markUsed(ws: WorkspaceRecord): void {
    const now = this.ctx.clock.now();
    ws.lastUsage = now;
    ws.activeSince = now;
    this.save(ws);
  }

  stop(ws: WorkspaceRecord): void {
    if (ws.state !== WS_RUNNING) throw apiError(400, 1013, `workspace cannot be stopped: it is not running (state ${ws.state})`);
    if (ws.retentionStopped <= 0) {
      throw apiError(400, 1013, 'workspace cannot be stopped: its retention_time_stopped is 0, so it could not be kept');
    }
    this.moveToStopped(ws, this.ctx.clock.now());
    this.save(ws);
  }

  resume(ws: WorkspaceRecord): void {
    if (ws.state !== WS_STOPPED) throw apiError(400, 1013, `workspace cannot be resumed: it is not stopped (state ${ws.state})`);
    this.assertFreeSlots(ws.slots);
    ws.state = WS_RUNNING;
    ws.stoppedAt = null;
    ws.activeSince = this.ctx.clock.now();
    this.save(ws);
  }

  remove(ws: WorkspaceRecord): void {
    if (ws.state === WS_REMOVED) throw apiError(400, 1013, 'workspace cannot be removed: it is already removed');
    this.moveToRemoved(ws, this.ctx.clock.now());
    this.save(ws);
  }

  /** Test hook: the service reports an internal failure of the workspace. */
  fail(ws: WorkspaceRecord, reason: string): void {
    ws.state = WS_ERROR;
    ws.errorReason = reason;
    this.initRuns.get(ws.id)?.abort();
    this.save(ws);
  }

  private moveToStopped(ws: WorkspaceRecord, now: number): void {
    ws.state = WS_STOPPED;
    ws.stoppedAt = now;
  }

  private moveToRemoved(ws: WorkspaceRecord, now: number): void {
    ws.state = WS_REMOVED;
    ws.terminatedAt = now;
    this.initRuns.get(ws.id)?.abort();
    // Files of a removed workspace are gone for good; its init streams stay readable. Moved aside at
    // once and removed in the background: a folder its code left unwritable (chmod 500) is made
    // writable first, and what still cannot go is logged, never thrown (issue 26 item 9).
    void discardTree(workspaceDirs(this.ctx, ws.id).files);
  }

  /** One pass of every timer; also exposed so tests and the clock endpoint can force a pass. */
  tick(): void {
    const now = this.ctx.clock.now();
    const changed: WorkspaceRecord[] = [];
    for (const ws of this.all()) {
      if (ws.state === WS_REMOVED) continue;
      if (ws.retentionTotal > 0 && now - ws.createdAt >= ws.retentionTotal * MINUTE) {
        this.moveToRemoved(ws, now);
        changed.push(ws);
        continue;
      }
      if (ws.state === WS_STARTING && ws.initDone && now >= ws.readyAt) {
        ws.state = WS_RUNNING;
        ws.activeSince = now;
        changed.push(ws);
      } else if (ws.state === WS_RUNNING && now - ws.activeSince >= ws.inactivityTimeout * MINUTE) {
        // Inactivity stops the workspace when it may be kept, and removes it otherwise.
        if (ws.retentionStopped > 0) this.moveToStopped(ws, now);
        else this.moveToRemoved(ws, now);
        changed.push(ws);
      } else if (ws.state === WS_STOPPED && ws.stoppedAt !== null && now - ws.stoppedAt >= ws.retentionStopped * MINUTE) {
        this.moveToRemoved(ws, now);
        changed.push(ws);
      }
    }
    if (changed.length) this.ctx.store.transaction(() => changed.forEach((ws) => this.save(ws)));
  }

  private startInit(ws: WorkspaceRecord): void {
    const dirs = workspaceDirs(this.ctx, ws.id);
    fs.mkdirSync(dirs.streams, { recursive: true, mode: 0o700 });
    if (ws.workspaceInit.trim() === '') {
      ws.initDone = true;
      this.save(ws);
      return;
    }
    const abort = new AbortController();
    this.initRuns.set(ws.id, abort);
    const stdoutPath = workspaceStreamFile(this.ctx, ws.id, 'workspace_init_output');
    const stderrPath = workspaceStreamFile(this.ctx, ws.id, 'workspace_init_error');
    initRunner(this.ctx)
      .run({
        command: ['bash', '-s'],
        stdin: { data: ws.workspaceInit },
        cwd: dirs.files,
        env: { SE_PATH_WORKSPACE: dirs.files },
        stdoutPath,
        stderrPath,
        timeLimitMs: INIT_TIME_LIMIT_MS,
        wallLimitMs: INIT_TIME_LIMIT_MS,
        outputLimitBytes: INIT_OUTPUT_LIMIT,
        maxProcesses: 64,
        signal: abort.signal,
      })
      .then((result) => {
        ws.initFailed = result.exitCode !== 0;
        if (result.timedOut) appendQuietly(stderrPath, `\n[emulator] init script stopped after ${INIT_TIME_LIMIT_MS / 1000} s\n`);
      })
      .catch((err: unknown) => {
        ws.initFailed = true;
        appendQuietly(stderrPath, `\n[emulator] init script could not run: ${(err as Error).message}\n`);
      })
      .finally(() => {
        for (const file of [stdoutPath, stderrPath]) privateQuietly(file);
        this.initRuns.delete(ws.id);
        ws.initDone = true;
        if (!abort.signal.aborted) this.save(ws);
      });
  }
}

/** Stream files are the owner's only (0600), whatever mode the runner created them with. */
function privateQuietly(file: string): void {
  try {
    fs.chmodSync(file, 0o600);
  } catch {
    /* not written, or the data dir is gone */
  }
}

/** Notes appended to a stream after the emulator closed may find the data dir gone: ignore that. */
function appendQuietly(file: string, text: string): void {
  try {
    fs.appendFileSync(file, text, { mode: 0o600 });
  } catch {
    /* nothing to report to */
  }
}
