// The processes of this machine whose command line holds a marker: how the runner tests see that a
// program runs, and that nothing of it is left once its run is over.
import * as fs from 'node:fs';

export function processesWithMarker(marker: string): string[] {
  return fs.readdirSync('/proc').filter((p) => {
    try {
      return /^\d+$/.test(p) && fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** Every process of this machine (pids under /proc), sampled every few milliseconds until stopped: its peak. */
export function watchMachineProcesses(): { stop(): { baseline: number; peak: number } } {
  const count = () => fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).length;
  const baseline = count();
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, count());
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return { baseline, peak: Math.max(peak, count()) };
    },
  };
}
