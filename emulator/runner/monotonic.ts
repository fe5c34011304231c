// The clock two runs' ends are compared on (RunResult.endedAt): the host's CLOCK_MONOTONIC, which
// the C supervisor reads with clock_gettime, the python3 one with time.monotonic() and Node with
// process.hrtime (libuv reads CLOCK_MONOTONIC). A pid namespace (bubblewrap) does not change it:
// only a time namespace would, and the sandbox makes none.

/** Now, in seconds of CLOCK_MONOTONIC. */
export function monotonicSec(): number {
  return Number(process.hrtime.bigint()) / 1e9;
}
