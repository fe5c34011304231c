// The pipes of an interactive run (./interactive-run.ts), as each side opens them and as they
// tell what the other side did: each side's `sh` wrapper opens its ends inside its own sandbox,
// says so on OPENED_FD (./input-hold.ts) and closes that before exec'ing the side's command; and
// a pipe says, without any clock, whether it still has a reader or a writer.
import * as fs from 'node:fs';
import { OPENED_BYTE, OPENED_FD } from './input-hold';

/** The program's wrapper: its input on fd 0, opened by the program's side itself. */
export const programOpening = (toProgram: string) => [
  '/bin/sh',
  '-c',
  `exec 0<"$0" && { printf ${OPENED_BYTE.program} >&${OPENED_FD}; exec ${OPENED_FD}>&-; exec "$@"; }`,
  toProgram,
];

/** The judge's wrapper: the program's input on fd 8 and its output on fd 3, both opened by the judge itself. */
export const judgeOpening = (toProgram: string, fromProgram: string) => [
  '/bin/sh',
  '-c',
  `exec 8>"$0" 3<"$1" && { printf ${OPENED_BYTE.judge} >&${OPENED_FD}; exec ${OPENED_FD}>&-; shift; exec "$@"; }`,
  toProgram,
  fromProgram,
];

/** Whether a named pipe has a reader now (opening it to write without waiting fails with ENXIO when it has none). */
export function hasReader(pipe: string): boolean {
  try {
    fs.closeSync(fs.openSync(pipe, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENXIO') return false;
    throw err;
  }
}

/**
 * Whether every writer of the pipe `reader` reads has left: what is left in it is read and dropped
 * (the program it was for is over), up to 1 MiB; a judge still writing has not left.
 */
export function writersGone(reader: number): boolean {
  const buf = Buffer.alloc(64 * 1024);
  for (let i = 0; i < 16; i++) {
    try {
      if (fs.readSync(reader, buf, 0, buf.length, null) === 0) return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return false;
      throw err;
    }
  }
  return false;
}
