// Emulated time. Workspace timers (start-up, inactivity, retention) read this clock, so tests can
// run them at a higher speed or jump ahead without waiting in real time. Also how the APIs' times
// are rounded (round3), for every module that reports one.
export class Clock {
  private readonly realStart = Date.now();
  private offsetMs = 0;

  constructor(private speed = 1) {}

  now(): number {
    return this.realStart + (Date.now() - this.realStart) * this.speed + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  setSpeed(speed: number): void {
    // Keep now() continuous when the speed changes.
    const before = this.now();
    this.speed = speed;
    this.offsetMs += before - this.now();
  }

  getSpeed(): number {
    return this.speed;
  }
}

/** `yyyy-mm-dd hh:mm:ss +0000` (containers) or `+00:00` (compilers, problems), in UTC. */
export function formatTimestamp(ms: number, offsetStyle: 'compact' | 'colon'): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`;
  const time = `${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
  return `${date} ${time} ${offsetStyle === 'compact' ? '+0000' : '+00:00'}`;
}

/** Seconds to the millisecond, as the APIs report times (0.1 × 3 is 0.3, not 0.30000000000000004). */
export const round3 = (sec: number): number => Math.round(sec * 1000) / 1000;
