// The users a root emulator runs programs as: one of its own for each run at a time, as isolate
// gives each box its own uid. Why not one shared user (`nobody`, until issue 37): the kernel counts
// processes per real uid (RLIMIT_NPROC), so with one user a run's limit had to allow for every other
// run's processes, and a fork bomb outran the supervisor's sampling to thousands of processes,
// taking the machine's pid space (other runs, the emulator's own spawns, the host: EAGAIN). With a
// user per run the kernel's limit is the run's alone, and no run can signal another's processes.
//
// The ids are a block no account of this machine uses (checked against /etc/passwd and /etc/group
// at first use): they own nothing on the host but what the run directory holds while it runs. Each
// run takes the next free id after the last one handed out (an id comes back as late as possible,
// once whatever its run left has long been reaped), preferring the id that already owns the run
// directory, which then needs no change of owner (./run-dir-owner.ts).
import * as fs from 'node:fs';

export interface SandboxUser {
  uid: number;
  gid: number;
}

/** The block's first id and its size: far more than the runs that can be at once (workers, workspaces). */
export const SANDBOX_USER_FIRST = 60_000;
export const SANDBOX_USER_COUNT = 1000;

function idsInUse(file: string): Set<number> {
  const used = new Set<number>();
  try {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const id = Number(line.split(':')[2]);
      if (Number.isInteger(id)) used.add(id);
    }
  } catch {
    /* no such file: nothing is known to use an id */
  }
  return used;
}

export class SandboxUsers {
  private readonly free: number[] = [];
  private readonly ours: Set<number>;
  private readonly busy = new Set<number>();
  private next = 0;

  constructor(first = SANDBOX_USER_FIRST, count = SANDBOX_USER_COUNT, taken = [...idsInUse('/etc/passwd'), ...idsInUse('/etc/group')]) {
    const skip = new Set(taken);
    for (let id = first; id < first + count; id++) if (!skip.has(id)) this.free.push(id);
    this.ours = new Set(this.free);
  }

  /** A user for one run, `preferred` if it is one of ours and free; release it when the run is over. */
  acquire(preferred?: number): SandboxUser {
    let id: number | undefined;
    if (preferred !== undefined && this.ours.has(preferred) && !this.busy.has(preferred)) id = preferred;
    for (let tried = 0; id === undefined && tried < this.free.length; tried++) {
      const candidate = this.free[this.next];
      this.next = (this.next + 1) % this.free.length;
      if (!this.busy.has(candidate)) id = candidate;
    }
    if (id === undefined) {
      throw new Error(`all ${this.free.length} sandbox users are running a program: wait for runs to end, or run fewer at once (--workers)`);
    }
    this.busy.add(id);
    return { uid: id, gid: id };
  }

  release(user: SandboxUser): void {
    this.busy.delete(user.uid);
  }

  /** Runs holding a user now (for tests). */
  get inUse(): number {
    return this.busy.size;
  }
}

let shared: SandboxUsers | undefined;
/** The emulator's pool, made at the first root run. */
export function sandboxUsers(): SandboxUsers {
  shared ??= new SandboxUsers();
  return shared;
}
