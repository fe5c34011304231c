// A run's standard streams and the judges' extra descriptors, opened by Node before the program
// starts and inherited by it: paths outside the sandbox work too, and the program cannot open
// anything the run did not name.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RunSpec } from './types';

/** Opens stdin/stdout/stderr/extra fds in Node, so paths outside the sandbox work too. */
export function openDescriptors(spec: RunSpec): { fds: Map<number, number>; close(): void } {
  const fds = new Map<number, number>();
  const opened: number[] = [];
  const open = (p: string, flags: string) => {
    const fd = fs.openSync(p, flags);
    opened.push(fd);
    return fd;
  };
  try {
    if (spec.stdin && 'path' in spec.stdin) {
      fds.set(0, open(spec.stdin.path, 'r'));
    } else if (spec.stdin && 'data' in spec.stdin) {
      // Bytes go through an unlinked file: seekable like a real file. It sits beside the run's
      // stdout, in a folder its caller owns and removes, so not even an emulator killed between
      // the write and the unlink leaves it in the machine's temp folder.
      const tmp = path.join(path.dirname(spec.stdoutPath), `.se-stdin-${Math.random().toString(36).slice(2)}`);
      try {
        fs.writeFileSync(tmp, spec.stdin.data, { flag: 'wx', mode: 0o600 });
        fds.set(0, open(tmp, 'r'));
      } finally {
        fs.rmSync(tmp, { force: true });
      }
    } else {
      fds.set(0, open('/dev/null', 'r'));
    }
    fds.set(1, open(spec.stdoutPath, 'w'));
    fds.set(2, spec.stderrPath === spec.stdoutPath ? fds.get(1)! : open(spec.stderrPath, 'w'));
    for (const extra of spec.extraFds ?? []) {
      if (extra.fd <= 2) throw new Error(`extraFds: fd ${extra.fd} is reserved`);
      fds.set(extra.fd, open(extra.path, extra.mode === 'r' ? 'r' : 'w'));
    }
  } catch (err) {
    for (const fd of opened) fs.closeSync(fd);
    throw err;
  }
  return { fds, close: () => opened.forEach((fd) => fs.closeSync(fd)) };
}
