// One pool for the runs of every module (Compilers and Problems submissions, Containers
// submissions): at most `size` at a time, about the number of cores, the rest waiting in the order
// they came. A burst of 1,000 submissions is then 1,000 quick answers and a queue, not 1,000
// programs at once. The queue itself is only a schedule: each waiting submission is stored with
// its waiting status, so after a restart a module finds what it had not started and queues it
// again (or reports it), in id order.
export interface JobPoolStats {
  running: number;
  waiting: number;
  /** The most ever running at once. */
  peak: number;
  /** Labels of the jobs in the order they started (the last 10,000). */
  started: string[];
}

const STARTED_KEPT = 10_000;

export class JobPool {
  private readonly queue: Array<{ label: string; run: () => Promise<void> }> = [];
  private running = 0;
  private peak = 0;
  private readonly started: string[] = [];
  private closed = false;

  constructor(readonly size: number) {
    if (!(size >= 1)) throw new Error(`a job pool needs at least one worker (got ${size})`);
  }

  /** Queues `run`; it starts when a worker is free. Its failure is its own to report. */
  add(label: string, run: () => Promise<void>): void {
    if (this.closed) return;
    this.queue.push({ label, run });
    this.pump();
  }

  /** Starts nothing more and forgets what waits: the waiting submissions stay stored as waiting. */
  close(): void {
    this.closed = true;
    this.queue.length = 0;
  }

  stats(): JobPoolStats {
    return { running: this.running, waiting: this.queue.length, peak: this.peak, started: [...this.started] };
  }

  private pump(): void {
    while (!this.closed && this.running < this.size && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.running += 1;
      this.peak = Math.max(this.peak, this.running);
      this.started.push(job.label);
      if (this.started.length > STARTED_KEPT) this.started.shift();
      void job
        .run()
        .catch(() => undefined)
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
  }
}
