// A running job: the sender and the batched poller over one set of rows, every change written to
// the state file first and then announced. `start` sends the pending rows only when asked to
// (a job found unfinished at start-up polls what it has and sends nothing until resumed).
import { randomUUID } from 'node:crypto';
import type { Sleep } from '../../api';
import type { JobBackend } from './backend';
import { INTERRUPTED_POST, JobJournal } from './journal';
import { sendPending } from './sender';
import { countRows, isFinished, type JobCounts, type JobHeader, type JobSnapshot, type JudgedResult, type PlannedSolution, type SolutionRow } from './types';

export interface JobRunOptions {
  /** Send the pending rows (a new job, or the user chose Resume). */
  send: boolean;
  concurrency?: number;
  intervalMs?: number;
  sleep?: Sleep;
  slowDownMs?: number;
}

export const DEFAULT_CONCURRENCY = 4;

export class JudgeJob {
  readonly snapshot: JobSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly byId = new Map<number, SolutionRow>();
  private sendAbort = new AbortController();
  private readonly allAbort = new AbortController();
  private sending = false;
  private running: Promise<void> | undefined;
  private sender: Promise<void> = Promise.resolve();
  /** GET /submissions?ids= requests made by this runner, for progress and benchmarks. */
  statusRequests = 0;

  private constructor(readonly journal: JobJournal) {
    this.snapshot = journal.read();
    for (const row of this.snapshot.rows) {
      // A POST that was under way when the last runner ended: never sent again.
      if (row.phase === 'sending') this.fail(row, INTERRUPTED_POST);
      if (row.submissionId !== undefined) this.byId.set(row.submissionId, row);
    }
  }

  /** A new job: its plan is on disk before this returns, so before the first POST. */
  static create(dir: string, header: Omit<JobHeader, 'id' | 'createdAt'>, plan: readonly PlannedSolution[]): JudgeJob {
    const createdAt = new Date().toISOString();
    const id = `${createdAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
    return new JudgeJob(JobJournal.create(dir, { ...header, id, createdAt }, plan));
  }

  static load(journal: JobJournal): JudgeJob {
    return new JudgeJob(journal);
  }

  get rows(): readonly SolutionRow[] {
    return this.snapshot.rows;
  }

  counts(): JobCounts {
    return countRows(this.snapshot.rows);
  }

  isFinished(): boolean {
    return isFinished(this.snapshot.rows);
  }

  isSending(): boolean {
    return this.sending;
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Sends the pending rows (when asked) and waits for every verdict. Called again while it runs
   * (a job polled since start-up that the user resumes), it adds the sender to the same wait.
   */
  start(backend: JobBackend, options: JobRunOptions): Promise<void> {
    if (options.send && !this.sending && this.snapshot.rows.some((r) => r.phase === 'pending')) this.startSender(backend, options);
    this.running ??= this.wait(backend, options).finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stops sending; the rows already sent are still waited for. */
  cancelSending(reason = 'Cancelled: the rest was not sent.'): void {
    if (!this.sending || this.sendAbort.signal.aborted) return;
    this.sendAbort.abort();
    this.setStop(reason);
  }

  /** Stops everything (VS Code closing); resolves once no POST is under way. */
  async dispose(): Promise<void> {
    this.sendAbort.abort();
    this.allAbort.abort();
    await this.running?.catch(() => undefined);
    this.listeners.clear();
  }

  private startSender(backend: JobBackend, options: JobRunOptions): void {
    if (this.snapshot.stopReason !== undefined) this.journal.resumed();
    this.snapshot.stopReason = undefined;
    this.sendAbort = new AbortController();
    this.sending = true;
    this.sender = this.send(backend, options).finally(() => {
      this.sending = false;
      this.changed();
    });
  }

  private async wait(backend: JobBackend, options: JobRunOptions): Promise<void> {
    try {
      await backend.poll({
        pendingIds: () => this.snapshot.rows.filter((r) => r.phase === 'sent').map((r) => r.submissionId!),
        moreToCome: () => this.sending,
        onDone: (id, result) => this.judged(id, result),
        onRound: (requests) => (this.statusRequests += requests),
        intervalMs: options.intervalMs,
        signal: this.allAbort.signal,
        sleep: options.sleep,
      });
    } finally {
      // The poller failed for good (401, abort): no more sending either.
      this.sendAbort.abort();
      await this.sender;
    }
  }

  private send(backend: JobBackend, options: JobRunOptions): Promise<void> {
    return sendPending(backend, this.snapshot.rows, {
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      signal: this.sendAbort.signal,
      sleep: options.sleep,
      slowDownMs: options.slowDownMs,
      onSending: (row) => {
        this.journal.sending(row.key);
        row.phase = 'sending';
      },
      onUnsent: (row) => {
        this.journal.unsent(row.key);
        row.phase = 'pending';
        this.changed();
      },
      onSent: (row, id) => {
        this.journal.sent(row.key, id);
        Object.assign(row, { phase: 'sent', submissionId: id });
        this.byId.set(id, row);
        this.changed();
      },
      onFailed: (row, error) => this.fail(row, error),
      onStop: (reason) => this.setStop(reason),
    });
  }

  private judged(id: number, result: JudgedResult): void {
    const row = this.byId.get(id);
    if (!row || row.phase !== 'sent') return;
    this.journal.judged(row.key, result);
    Object.assign(row, { phase: 'judged', result });
    this.changed();
  }

  private fail(row: SolutionRow, error: string): void {
    this.journal.failed(row.key, error);
    Object.assign(row, { phase: 'failed', error });
    this.changed();
  }

  private setStop(reason: string): void {
    this.journal.stopped(reason);
    this.snapshot.stopReason = reason;
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
