// The services refuse access to clients that poll one submission without a pause. The emulator
// does the same when a minimum interval is set, so tests can prove our client never trips it.
import { apiError } from './errors';

export class PollGuard {
  private readonly last = new Map<string, number>();
  private tripped = 0;

  constructor(public minIntervalMs: number) {}

  /** Call on every fetch of a submission; throws 403 when it comes too soon after the previous one. */
  check(key: string): void {
    if (this.minIntervalMs <= 0) return;
    const now = Date.now();
    const prev = this.last.get(key);
    this.last.set(key, now);
    if (prev !== undefined && now - prev < this.minIntervalMs) {
      this.tripped += 1;
      throw apiError(403, 403, `access denied: submission polled again after ${now - prev} ms; wait at least ${this.minIntervalMs} ms between checks`);
    }
  }

  trips(): number {
    return this.tripped;
  }
}
