// When an interactive judge says it decided (./interactive-run.ts): the emulator gives it a
// descriptor of its own for that (VERDICT_TIME_FD, named in its environment as
// SE_EMULATOR_VERDICT_FD; the real service sets no such variable) where it may write seconds of
// the host's CLOCK_MONOTONIC as its first line. The Kattis adapters write it as their validator
// exits (src/core/kattis/validator-*-adapter.*). It is the judge's word, like its verdict: read
// 64 bytes at most, and only a time within the run counts.
import * as fs from 'node:fs';

/** The first `bytes` of a file the judge wrote (it may have written far more), '' when there is none. */
function readHead(file: string, bytes: number): string {
  if (!fs.existsSync(file)) return '';
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    return buf.toString('latin1', 0, fs.readSync(fd, buf, 0, bytes, 0));
  } finally {
    fs.closeSync(fd);
  }
}

/** The emulator's own descriptor where an interactive judge may note when it decided (SE_EMULATOR_VERDICT_FD). */
export const VERDICT_TIME_FD = 9;

/**
 * When the judge says it decided (monotonic seconds), or Infinity: the first number it wrote, if
 * it is one and lies within the run (the judge's word, like its verdict, bounded by the run's start
 * and by the judge's end as its supervisor saw it).
 */
export function verdictTime(file: string, runStart: number, judgeEndedAt: number): number {
  const said = Number.parseFloat(readHead(file, 64));
  return Number.isFinite(said) && said >= runStart && said <= judgeEndedAt ? said : Infinity;
}
