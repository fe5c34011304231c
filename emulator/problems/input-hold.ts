// The program's input in an interactive run (./interactive-run.ts) is a named pipe that each side
// opens itself, inside its sandbox: the program for reading, the judge for writing. Opening a pipe
// for reading waits for a writer, so a judge that writes all it has and closes its side before
// the program (slower to start on a busy machine) opened its end would leave the program waiting
// for a writer until its time ran out: a verdict that depends on the load. So a writer of ours
// holds the pipe from the start until each side has opened it, or ended without (each side's
// wrapper says so with one byte on a signal pipe, then closes that descriptor before the side's
// own command starts), and never longer: the program still reads end of file as soon as the judge
// closes its side, and never before the judge has opened it.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';

/** The descriptor on which each side's wrapper signals that it opened the pipe (closed before the side's command runs). */
export const OPENED_FD = 7;

export type Side = 'program' | 'judge';

/** The byte each side's wrapper writes once its end is open. */
export const OPENED_BYTE: Record<Side, string> = { program: 'p', judge: 'j' };

export interface InputHold {
  /** The extra descriptor both sides' runs get: the signal pipe, for writing. */
  signalFd: { fd: number; path: string; mode: 'w' };
  /** That side's run is over: it opens nothing more. */
  ended(side: Side): void;
  /** Whether that side has said it opened its end (as far as this process has read the signal pipe). */
  opened(side: Side): boolean;
  /** Everything let go (the runs are over). */
  close(): void;
}

/** Holds `pipe` open for writing (a reader must have it open already) until both sides opened it or ended. */
export function holdInput(pipe: string, signalPath: string): InputHold {
  execFileSync('mkfifo', ['-m', '600', signalPath]);
  // Read and write: the signal pipe never reads as ended while we wait on it.
  const signal = fs.openSync(signalPath, fs.constants.O_RDWR);
  let writer: number;
  try {
    writer = fs.openSync(pipe, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
  } catch (err) {
    fs.closeSync(signal);
    throw err;
  }
  const done = { program: false, judge: false };
  const opened = { program: false, judge: false };
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    fs.closeSync(writer);
  };
  const mark = (side: Side) => {
    done[side] = true;
    if (done.program && done.judge) release();
  };
  const socket = new net.Socket({ fd: signal, readable: true, writable: false });
  socket.on('data', (chunk: Buffer) => {
    for (const side of ['program', 'judge'] as const) {
      if (!chunk.includes(OPENED_BYTE[side])) continue;
      opened[side] = true;
      mark(side);
    }
  });
  socket.on('error', () => undefined);
  return {
    signalFd: { fd: OPENED_FD, path: signalPath, mode: 'w' },
    ended: mark,
    opened: (side) => opened[side],
    close: () => {
      release();
      socket.destroy();
    },
  };
}
